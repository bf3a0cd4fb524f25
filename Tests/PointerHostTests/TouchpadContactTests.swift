import Foundation
import PointerCore
import Testing

@testable import PointerHost

/// B12: real finger lifts from a touchpad's evdev events. No evdev node can be
/// made here (no uinput), so the decoder is fed the kernel's records as bytes,
/// and discovery is tried on folders of nodes that are not touchpads.
@Suite struct TouchpadContactTests {
    /// One `struct input_event` (64-bit Linux) at `time` s.
    static func record(_ time: Double, type: UInt16, code: UInt16, value: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        withUnsafeBytes(of: Int64(time.rounded(.down))) { bytes += $0 }
        withUnsafeBytes(of: Int64(((time - time.rounded(.down)) * 1e6).rounded())) { bytes += $0 }
        withUnsafeBytes(of: type) { bytes += $0 }
        withUnsafeBytes(of: code) { bytes += $0 }
        withUnsafeBytes(of: value) { bytes += $0 }
        return bytes
    }
    static func touch(_ t: Double, _ down: Bool) -> [UInt8] {
        record(t, type: 1, code: EvdevContactDecoder.buttonTouch, value: down ? 1 : 0)
    }
    static func motion(_ t: Double) -> [UInt8] { record(t, type: 3, code: 0x35, value: 500) }
    static func report(_ t: Double) -> [UInt8] { record(t, type: 0, code: 0, value: 0) }
    static func dropped(_ t: Double) -> [UInt8] { record(t, type: 0, code: 3, value: 0) }

    func feed(_ d: inout EvdevContactDecoder, _ bytes: [UInt8]) -> [EvdevContactDecoder.Change] {
        bytes.withUnsafeBytes { d.feed($0) }
    }

    @Test("B12 a finger landing and leaving the pad, each counted when its frame ends, with the kernel's time")
    func touchAndLift() {
        var d = EvdevContactDecoder()
        let bytes =
            Self.touch(10.25, true) + Self.motion(10.25) + Self.report(10.25)
            + Self.motion(10.3) + Self.report(10.3)
            + Self.touch(10.5, false) + Self.report(10.5)
        #expect(feed(&d, bytes) == [.touched(at: 10.25), .lifted(at: 10.5)])
        #expect(!d.touching)
    }

    @Test("B12 a record split across two reads, and a second finger, change nothing extra")
    func splitReadsAndSecondFinger() {
        var d = EvdevContactDecoder()
        // BTN_TOUCH stays 1 while a second finger lands and the first leaves.
        let bytes =
            Self.touch(1, true) + Self.report(1) + Self.motion(1.1) + Self.report(1.1)
            + Self.touch(1.2, false) + Self.report(1.2)
        var changes: [EvdevContactDecoder.Change] = []
        changes += feed(&d, Array(bytes[0..<30]))
        changes += feed(&d, Array(bytes[30...]))
        #expect(changes == [.touched(at: 1), .lifted(at: 1.2)])
    }

    @Test("B12 after the kernel drops events, the frame is skipped and the held state is read again")
    func droppedEvents() {
        var d = EvdevContactDecoder()
        _ = feed(&d, Self.touch(1, true) + Self.report(1))
        // The lift is lost in the overflow.
        let changes = feed(&d, Self.dropped(2) + Self.touch(2, false) + Self.report(2))
        #expect(changes.isEmpty && d.lostEvents)
        #expect(d.resync(touching: false, at: 2.5) == .lifted(at: 2.5))
        #expect(!d.lostEvents)
    }

    @Test(
        "B12 discovery opens only touchpads: a folder of other nodes and files reads nothing, and no folder is no error"
    )
    func discoveryFindsNoFalseTouchpads() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evdev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Not evdev devices: the ioctls fail, so none is taken for a touchpad.
        try Data(Self.touch(1, true)).write(to: dir.appendingPathComponent("event0"))
        #expect(symlink("/dev/null", dir.appendingPathComponent("event1").path) == 0)
        let reader = TouchpadContactReader(directory: dir.path)
        #expect(!reader.isReading && reader.names.isEmpty)
        #expect(!TouchpadContactReader(directory: dir.path + "/missing").isReading)
    }

    @Test("B12 a touchpad whose lifts are read reports them; without the reader every device infers them")
    func deviceReportsLiftOnlyWhenRead() throws {
        let loop = try EventLoop()
        var logged: [String] = []
        let contact = TouchpadContact(
            loop: loop, directory: "/nonexistent-input", log: { logged.append($0) }, deliver: { _, _ in })
        #expect(contact.device(.touchpad) == PointingDevice(.touchpad, reportsLift: false))
        #expect(contact.device(.mouse).reportsLift == false)
        #expect(logged.isEmpty, "nothing to say without touchpads: \(logged)")
    }
}
