import CXCB
import Foundation

/// One RandR monitor: a named rectangle of the root window, in pixels.
public struct Monitor: Equatable, Sendable {
    public var name: String
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var primary: Bool
    /// Its refresh rate from the RandR mode (Hz), when the mode states it.
    public var refresh: Double? = nil

    func contains(x px: Int, y py: Int) -> Bool {
        px >= x && py >= y && px < x + width && py < y + height
    }
}

extension XCBConnection {
    /// Active monitors (RandR 1.5 GetMonitors), falling back to the whole screen.
    func monitors() -> [Monitor] {
        var out: [Monitor] = []
        if let reply = xcb_randr_get_monitors_reply(raw, xcb_randr_get_monitors(raw, root, 1), nil) {
            var it = xcb_randr_get_monitors_monitors_iterator(reply)
            while it.rem > 0, let m = it.data {
                let info = m.pointee
                out.append(
                    Monitor(
                        name: atomName(info.name) ?? "monitor-\(out.count)",
                        x: Int(info.x), y: Int(info.y),
                        width: Int(info.width), height: Int(info.height),
                        primary: info.primary != 0))
                xcb_randr_monitor_info_next(&it)
            }
            free(reply)
        }
        if out.isEmpty {
            out.append(
                Monitor(
                    name: "screen", x: 0, y: 0, width: Int(screen.width_in_pixels),
                    height: Int(screen.height_in_pixels), primary: true))
        }
        let crtcs = crtcRefreshRates()
        for i in out.indices { out[i].refresh = RefreshRate.of(out[i], crtcs: crtcs) }
        return out
    }

    func atomName(_ atom: xcb_atom_t) -> String? {
        guard atom != 0, let reply = xcb_get_atom_name_reply(raw, xcb_get_atom_name(raw, atom), nil) else { return nil }
        defer { free(reply) }
        let len = Int(xcb_get_atom_name_name_length(reply))
        guard let name = xcb_get_atom_name_name(reply) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: name, count: len), as: UTF8.self)
    }

    /// Asks for screen-change and monitor notifications (hot-plug).
    func watchMonitors() {
        let mask = UInt16(
            XCB_RANDR_NOTIFY_MASK_SCREEN_CHANGE.rawValue | XCB_RANDR_NOTIFY_MASK_OUTPUT_CHANGE.rawValue
                | XCB_RANDR_NOTIFY_MASK_CRTC_CHANGE.rawValue | XCB_RANDR_NOTIFY_MASK_RESOURCE_CHANGE.rawValue)
        xcb_randr_select_input(raw, root, mask)
    }
}

/// Picks the monitor to run on: the one named by `--output`, else the one
/// holding the pointer, else the primary, else the first.
enum MonitorChoice {
    static func choose(_ monitors: [Monitor], named: String?, pointer: (x: Int, y: Int)?) throws -> Monitor {
        if let named {
            guard let m = monitors.first(where: { $0.name == named }) else {
                throw X11Error.noMonitor(requested: named, available: monitors.map(\.name))
            }
            return m
        }
        if let p = pointer, let m = monitors.first(where: { $0.contains(x: p.x, y: p.y) }) { return m }
        if let m = monitors.first(where: \.primary) ?? monitors.first { return m }
        throw X11Error.noMonitor(requested: nil, available: [])
    }
}
