import CWaylandClient

/// One wl_output: its name (v4), integer scale and current mode. Announces
/// itself complete on the first `done`.
final class Output {
    let globalName: UInt32
    let proxy: OpaquePointer
    let version: UInt32
    private(set) var name: String?
    private(set) var scale: Int32 = 1
    /// Current mode in pixels.
    private(set) var modeSize: (width: Int32, height: Int32) = (0, 0)
    /// Current mode's refresh rate in mHz (0: unknown).
    private(set) var refreshMilliHertz: Int32 = 0
    private(set) var isDone = false
    /// Where the compositor puts it in its global layout (wl_output.geometry;
    /// logical px on GNOME and wlroots).
    private(set) var position: (x: Int32, y: Int32) = (0, 0)
    /// Called on every `done` (first one: the output is ready; later: it changed).
    var onDone: (Output) -> Void = { _ in }

    init(globalName: UInt32, proxy: OpaquePointer, version: UInt32) {
        self.globalName = globalName
        self.proxy = proxy
        self.version = version
        wl_output_add_listener(proxy, outputListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if version >= 3 { wl_output_release(proxy) } else { wl_proxy_destroy(proxy) }
    }

    var displayName: String { name ?? "output-\(globalName)" }

    fileprivate func mode(flags: UInt32, width: Int32, height: Int32, refresh: Int32) {
        if flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 {
            modeSize = (width, height)
            refreshMilliHertz = refresh
        }
    }

    /// The current mode's refresh period (s), when the compositor gives a rate.
    var refreshPeriod: Double? { refreshMilliHertz > 0 ? 1000 / Double(refreshMilliHertz) : nil }
    fileprivate func setScale(_ s: Int32) { scale = max(1, s) }
    fileprivate func setPosition(_ x: Int32, _ y: Int32) { position = (x, y) }
    fileprivate func setName(_ n: String) { name = n }
    fileprivate func done() {
        isDone = true
        onDone(self)
    }
}

private func output(_ data: UnsafeMutableRawPointer?) -> Output? {
    data.map { Unmanaged<Output>.fromOpaque($0).takeUnretainedValue() }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let outputListener: UnsafeMutablePointer<wl_output_listener> = {
    let p = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
    p.initialize(
        to: wl_output_listener(
            geometry: { data, _, x, y, _, _, _, _, _, _ in output(data)?.setPosition(x, y) },
            mode: { data, _, flags, w, h, r in output(data)?.mode(flags: flags, width: w, height: h, refresh: r) },
            done: { data, _ in output(data)?.done() },
            scale: { data, _, s in output(data)?.setScale(s) },
            name: { data, _, n in if let n { output(data)?.setName(String(cString: n)) } },
            description: { _, _, _ in }))
    return p
}()
