/// Finger contact from a touchpad's evdev events (B12): `BTN_TOUCH` goes to 1
/// when the first finger lands and to 0 when the last one leaves, and a change
/// counts once the frame it belongs to ends (`SYN_REPORT`). After `SYN_DROPPED`
/// the kernel's queue overflowed: events up to the next `SYN_REPORT` are
/// incomplete and skipped, and the caller reads the held state again
/// (`resync`, once `lostEvents`). Pure: bytes in, changes out.
public struct EvdevContactDecoder {
    public enum Change: Equatable, Sendable {
        /// A finger landed (s, the events' clock).
        case touched(at: Double)
        /// The last finger left.
        case lifted(at: Double)
    }

    /// `struct input_event` on 64-bit Linux: a timeval, type, code, value.
    public static let recordSize = 24
    static let eventSync: UInt16 = 0, eventKey: UInt16 = 1
    static let syncReport: UInt16 = 0, syncDropped: UInt16 = 3
    public static let buttonTouch: UInt16 = 0x14a

    /// Contact as of the last complete frame.
    public private(set) var touching = false
    private var pending: Bool?
    private var dropping = false
    /// Events were dropped and the frame that lost them has ended: read the held state (`resync`).
    public private(set) var lostEvents = false
    private var partial: [UInt8] = []

    public init(touching: Bool = false) { self.touching = touching }

    /// Decodes `bytes` (whole records, or a read that split one: the rest waits
    /// for the next call). Returns the contact changes they complete.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [Change] {
        var changes: [Change] = []
        var data = partial
        data.append(contentsOf: bytes)
        let whole = data.count / Self.recordSize * Self.recordSize
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < whole {
                let seconds = raw.loadUnaligned(fromByteOffset: offset, as: Int64.self)
                let micros = raw.loadUnaligned(fromByteOffset: offset + 8, as: Int64.self)
                let type = raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self)
                let code = raw.loadUnaligned(fromByteOffset: offset + 18, as: UInt16.self)
                let value = raw.loadUnaligned(fromByteOffset: offset + 20, as: Int32.self)
                offset += Self.recordSize
                let time = Double(seconds) + Double(micros) / 1e6
                if let change = take(type: type, code: code, value: value, time: time) { changes.append(change) }
            }
        }
        partial = Array(data[whole...])
        return changes
    }

    private mutating func take(type: UInt16, code: UInt16, value: Int32, time: Double) -> Change? {
        switch (type, code) {
        case (Self.eventSync, Self.syncDropped):
            dropping = true
            pending = nil
            return nil
        case (Self.eventSync, Self.syncReport):
            if dropping {
                dropping = false
                lostEvents = true
                return nil
            }
            guard let now = pending, now != touching else {
                pending = nil
                return nil
            }
            touching = now
            pending = nil
            return now ? .touched(at: time) : .lifted(at: time)
        case (Self.eventKey, Self.buttonTouch) where !dropping:
            pending = value != 0
            return nil
        default:
            return nil
        }
    }

    /// After a drop: the state read from the device now (EVIOCGKEY), as a change
    /// at `time` when it differs from what the decoder last knew.
    public mutating func resync(touching now: Bool, at time: Double) -> Change? {
        lostEvents = false
        guard now != touching else { return nil }
        touching = now
        return now ? .touched(at: time) : .lifted(at: time)
    }
}
