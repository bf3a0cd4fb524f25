import CLinuxHost
import PointerCore

#if canImport(Glibc)
    import Glibc
#endif

/// Reads finger contact from the touchpads' evdev nodes (B12), where the
/// user's account may (the `input` group): a lift is then the finger leaving
/// the pad, not a pause taken for one. Read-only and never grabbed, so the
/// compositor and libinput see every event as before. Optional: without
/// access, or without a touchpad, it reads nothing and says why once.
public final class TouchpadContactReader {
    struct Touchpad {
        let path: String
        let name: String
        let fd: Int32
        /// Its events carry CLOCK_MONOTONIC stamps (else they are stamped on reading).
        let monotonic: Bool
        var decoder = EvdevContactDecoder()
        /// False once the node failed (unplugged) and was closed.
        var open = true
    }

    private var touchpads: [Touchpad] = []
    private var tokens: [Int] = []
    /// Event nodes that could not be opened for want of permission.
    public private(set) var deniedCount = 0

    /// Touchpads found in `directory` (event* nodes), opened read-only.
    public init(directory: String = "/dev/input") {
        guard ap_evdev_event_size() == UInt32(EvdevContactDecoder.recordSize),
            let dir = opendir(directory)
        else { return }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("event") { names.append(name) }
        }
        for name in names.sorted() {
            let path = directory + "/" + name
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else {
                if errno == EACCES || errno == EPERM { deniedCount += 1 }
                continue
            }
            guard Self.isTouchpad(fd) else {
                close(fd)
                continue
            }
            var device = Touchpad(
                path: path, name: Self.name(fd), fd: fd, monotonic: ap_evdev_use_monotonic_clock(fd) == 0)
            // A finger may already rest on it.
            device.decoder = EvdevContactDecoder(touching: Self.touching(fd) ?? false)
            touchpads.append(device)
        }
    }

    deinit {
        for t in touchpads where t.open { close(t.fd) }
    }

    /// Names of the touchpads being read.
    public var names: [String] { touchpads.filter(\.open).map { "\($0.name) (\($0.path))" } }
    public var isReading: Bool { touchpads.contains(where: \.open) }
    /// A finger is on some touchpad now.
    public var touching: Bool { touchpads.contains { $0.open && $0.decoder.touching } }

    /// Reads each touchpad when it has events; `deliver` gets each change with
    /// its time (CLOCK_MONOTONIC s). A node that fails (unplugged) is dropped.
    public func register(with loop: EventLoop, deliver: @escaping (EvdevContactDecoder.Change) -> Void) {
        for index in touchpads.indices {
            let token = loop.add(
                EventLoop.Source(
                    fd: touchpads[index].fd,
                    handle: { [unowned self] revents in
                        guard revents != 0 else { return }
                        if !self.read(index, loop: loop, deliver: deliver) { self.drop(index, loop: loop) }
                    }))
            tokens.append(token)
        }
    }

    private func read(_ index: Int, loop: EventLoop, deliver: (EvdevContactDecoder.Change) -> Void) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64 * EvdevContactDecoder.recordSize)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(touchpads[index].fd, $0.baseAddress, $0.count) }
            if n < 0 { return errno == EAGAIN || errno == EINTR }
            if n == 0 { return false }
            let now = MonotonicClock.now()
            var changes = buffer.withUnsafeBytes {
                touchpads[index].decoder.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n]))
            }
            if touchpads[index].decoder.lostEvents,
                let change = touchpads[index].decoder.resync(
                    touching: Self.touching(touchpads[index].fd) ?? false, at: now)
            {
                changes.append(change)
            }
            for change in changes { deliver(touchpads[index].monotonic ? change : Self.stamped(change, now)) }
        }
    }

    private func drop(_ index: Int, loop: EventLoop) {
        guard touchpads[index].open else { return }
        loop.remove(tokens[index])
        close(touchpads[index].fd)
        touchpads[index].open = false
    }

    static func stamped(_ change: EvdevContactDecoder.Change, _ time: Double) -> EvdevContactDecoder.Change {
        switch change {
        case .touched: return .touched(at: time)
        case .lifted: return .lifted(at: time)
        }
    }

    // MARK: what a node is

    static func bit(_ bits: [UInt8], _ n: Int) -> Bool { n / 8 < bits.count && bits[n / 8] & (1 << UInt8(n % 8)) != 0 }

    /// A touchpad as libinput tells one: it reports finger tools and touch, with
    /// absolute axes, and is not a direct-touch screen or a tablet's pen.
    static func isTouchpad(_ fd: Int32) -> Bool {
        let btnToolPen = 0x140
        let btnToolFinger = 0x145
        let btnTouch = 0x14a
        let evKey = 1
        let evAbs = 3
        let propDirect = 1
        var types = [UInt8](repeating: 0, count: 4)
        var keys = [UInt8](repeating: 0, count: 96)
        var props = [UInt8](repeating: 0, count: 4)
        guard ap_evdev_event_bits(fd, 0, &types, UInt32(types.count)) >= 0,
            bit(types, evKey), bit(types, evAbs),
            ap_evdev_event_bits(fd, UInt32(evKey), &keys, UInt32(keys.count)) >= 0,
            bit(keys, btnToolFinger), bit(keys, btnTouch), !bit(keys, btnToolPen)
        else { return false }
        if ap_evdev_properties(fd, &props, UInt32(props.count)) >= 0, bit(props, propDirect) { return false }
        return true
    }

    static func touching(_ fd: Int32) -> Bool? {
        var keys = [UInt8](repeating: 0, count: 96)
        guard ap_evdev_key_state(fd, &keys, UInt32(keys.count)) >= 0 else { return nil }
        return bit(keys, Int(EvdevContactDecoder.buttonTouch))
    }

    static func name(_ fd: Int32) -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard ap_evdev_name(fd, &name, UInt32(name.count)) >= 0 else { return "touchpad" }
        let bytes = name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return TerminalText.escaped(String(decoding: bytes, as: UTF8.self))
    }
}
