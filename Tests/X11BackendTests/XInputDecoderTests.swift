import CXCB
import PointerCore
import Testing

@testable import X11Backend

/// The XInput 2 decoding on built events: what xdotool cannot produce under
/// Xvfb (touchpad scroll valuators, XI 2.4 pinch/swipe, emulated wheel buttons).
@Suite("X11 XInput2 decoding")
struct XInputDecoderTests {
    /// A zeroed event buffer with the XGE header and XI2 event type set.
    static func event(_ type: Int32, _ fill: (UnsafeMutableRawPointer) -> Void) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 512)
        bytes.withUnsafeMutableBytes { b in
            let p = b.baseAddress!
            p.storeBytes(of: UInt8(XCB_GE_GENERIC), toByteOffset: 0, as: UInt8.self)
            p.storeBytes(of: UInt16(type), toByteOffset: 8, as: UInt16.self)
            fill(p)
        }
        return bytes
    }

    static func fp1616(_ v: Double) -> Int32 { Int32((v * 65536).rounded()) }

    /// A raw event with the given valuators (number → value).
    static func raw(
        _ type: Int32, detail: UInt32 = 0, source: UInt16 = 7, flags: UInt32 = 0,
        valuators: [Int: Double] = [:]
    ) -> [UInt8] {
        event(type) { p in
            let e = p.assumingMemoryBound(to: xcb_input_raw_button_press_event_t.self)
            e.pointee.deviceid = 2
            e.pointee.sourceid = source
            e.pointee.detail = detail
            e.pointee.flags = flags
            e.pointee.valuators_len = 1
            let mask = UnsafeMutablePointer(mutating: xcb_input_raw_button_press_valuator_mask(e)!)
            for n in valuators.keys { mask[0] |= 1 << UInt32(n) }
            let axes = UnsafeMutablePointer(mutating: xcb_input_raw_button_press_axisvalues(e)!)
            for (i, n) in valuators.keys.sorted().enumerated() {
                let v = valuators[n]!
                let integral = v.rounded(.down)
                axes[i] = xcb_input_fp3232_t(integral: Int32(integral), frac: UInt32((v - integral) * 4_294_967_296))
            }
        }
    }

    static func decode(_ d: inout XInputDecoder, _ bytes: [UInt8]) -> [PointerNative] {
        bytes.withUnsafeBytes { d.decode($0.baseAddress!) }
    }

    static var touchpad: XInputDecoder {
        var d = XInputDecoder()
        // Valuators 2 (horizontal) and 3 (vertical), 15 units per detent, like xf86-input-libinput.
        d.scrollAxes[7] = [
            2: .init(vertical: false, increment: 15, last: nil), 3: .init(vertical: true, increment: 15, last: nil),
        ]
        return d
    }

    @Test("E25 two-finger scroll valuators are finger scrolling, not pointer motion")
    func smoothScroll() {
        var d = Self.touchpad
        #expect(
            Self.decode(&d, Self.raw(XCB_INPUT_RAW_MOTION, valuators: [3: 7.5])) == [
                .scroll(dx: 0, dy: 7.5, source: .finger)
            ])
        #expect(
            Self.decode(&d, Self.raw(XCB_INPUT_RAW_MOTION, valuators: [2: -30])) == [
                .scroll(dx: -30, dy: 0, source: .finger)
            ])
        // A mouse's step comes with it (x and y are valuators 0 and 1), as the server accelerated it.
        #expect(
            Self.decode(&d, Self.raw(XCB_INPUT_RAW_MOTION, valuators: [0: 3, 1: -2])) == [
                .moved(absolute: false, dx: 3, dy: -2)
            ])
        #expect(
            Self.decode(&d, Self.raw(XCB_INPUT_RAW_MOTION, valuators: [1: -2.5])) == [
                .moved(absolute: false, dx: 0, dy: -2.5)
            ])
    }

    @Test("E25/E26 buttons: 3 is secondary, wheel detents scroll unless emulated from valuators")
    func buttons() {
        var d = Self.touchpad
        #expect(Self.decode(&d, Self.raw(XCB_INPUT_RAW_BUTTON_PRESS, detail: 3)) == [.button(.secondary, .pressed)])
        #expect(Self.decode(&d, Self.raw(XCB_INPUT_RAW_BUTTON_RELEASE, detail: 1)) == [.button(.primary, .released)])
        #expect(
            Self.decode(&d, Self.raw(XCB_INPUT_RAW_BUTTON_PRESS, detail: 5)) == [.scroll(dx: 0, dy: 15, source: .wheel)]
        )
        #expect(
            Self.decode(&d, Self.raw(XCB_INPUT_RAW_BUTTON_PRESS, detail: 6)) == [
                .scroll(dx: -15, dy: 0, source: .wheel)
            ])
        // The server's legacy button for smooth scrolling already reported as valuators.
        #expect(
            Self.decode(&d, Self.raw(XCB_INPUT_RAW_BUTTON_PRESS, detail: 5, flags: XInputDecoder.emulatedFlag)).isEmpty)
        #expect(Self.decode(&d, Self.raw(XCB_INPUT_RAW_BUTTON_RELEASE, detail: 5)).isEmpty)
    }

    static func pinch(_ type: Int32, fingers: UInt32 = 2, scale: Double, angle: Double, cancelled: Bool = false)
        -> [UInt8]
    {
        event(type) { p in
            let e = p.assumingMemoryBound(to: xcb_input_gesture_pinch_begin_event_t.self)
            e.pointee.detail = fingers
            e.pointee.scale = fp1616(scale)
            e.pointee.delta_angle = fp1616(angle)
            e.pointee.flags = cancelled ? 1 : 0
        }
    }

    @Test("E25 XI 2.4 pinch: scale since begin from the event, rotation summed from per-event angles")
    func pinchGesture() {
        var d = XInputDecoder()
        #expect(
            Self.decode(&d, Self.pinch(XCB_INPUT_GESTURE_PINCH_BEGIN, scale: 1, angle: 0)) == [
                .pinch(phase: .begin, scale: 1, rotation: 0)
            ])
        #expect(
            Self.decode(&d, Self.pinch(XCB_INPUT_GESTURE_PINCH_UPDATE, scale: 1.5, angle: 10)) == [
                .pinch(phase: .update, scale: 1.5, rotation: 10)
            ])
        #expect(
            Self.decode(&d, Self.pinch(XCB_INPUT_GESTURE_PINCH_UPDATE, scale: 1.75, angle: 5)) == [
                .pinch(phase: .update, scale: 1.75, rotation: 15)
            ])
        #expect(
            Self.decode(&d, Self.pinch(XCB_INPUT_GESTURE_PINCH_END, scale: 1.75, angle: 0)) == [
                .pinch(phase: .end, scale: 1.75, rotation: 15)
            ])
        // A new pinch starts from zero rotation; a cancelled one says so.
        _ = Self.decode(&d, Self.pinch(XCB_INPUT_GESTURE_PINCH_BEGIN, scale: 1, angle: 0))
        #expect(
            Self.decode(&d, Self.pinch(XCB_INPUT_GESTURE_PINCH_END, scale: 1.125, angle: 3, cancelled: true))
                == [.pinch(phase: .cancel, scale: 1.125, rotation: 3)])
    }

    @Test("E25 three-finger gestures are swipes (the system's): the engine is told, and ignores them")
    func swipes() {
        var d = XInputDecoder()
        #expect(
            Self.decode(&d, Self.pinch(XCB_INPUT_GESTURE_PINCH_BEGIN, fingers: 3, scale: 1, angle: 0))
                == [.swipe(phase: .begin, fingers: 3, dx: 0, dy: 0)])
        let update = Self.event(XCB_INPUT_GESTURE_SWIPE_UPDATE) { p in
            let e = p.assumingMemoryBound(to: xcb_input_gesture_swipe_begin_event_t.self)
            e.pointee.detail = 4
            e.pointee.delta_x = Self.fp1616(12.5)
            e.pointee.delta_y = Self.fp1616(-3)
        }
        #expect(Self.decode(&d, update) == [.swipe(phase: .update, fingers: 4, dx: 12.5, dy: -3)])
    }
}

extension XInputDecoderTests {
    /// A device event (XI_Motion) from `source` at root (x, y), server time `time`.
    static func motion(source: UInt16, time: UInt32, x: Double, y: Double) -> [UInt8] {
        event(XCB_INPUT_MOTION) { p in
            let e = p.assumingMemoryBound(to: xcb_input_button_press_event_t.self)
            e.pointee.deviceid = 2
            e.pointee.sourceid = source
            e.pointee.time = time
            e.pointee.root_x = fp1616(x)
            e.pointee.root_y = fp1616(y)
        }
    }

    static func rawMotion(source: UInt16, time: UInt32) -> [UInt8] {
        var bytes = raw(XCB_INPUT_RAW_MOTION, source: source, valuators: [0: 3, 1: -2])
        bytes.withUnsafeMutableBytes { b in
            b.baseAddress!.assumingMemoryBound(to: xcb_input_raw_button_press_event_t.self).pointee.time = time
        }
        return bytes
    }

    @Test("B6 absolute motion: warps, tablets and touchscreens place the pointer; a mouse's device motion stays motion")
    func absoluteMotion() {
        var d = XInputDecoder()
        d.seesRawMotion = true
        d.deviceKinds = [2: .master, 4: .relative, 9: .absolute, 11: .touch]
        // A mouse step: its raw twin (same source, same server time) came first.
        #expect(Self.decode(&d, Self.rawMotion(source: 4, time: 1000)) == [.moved(absolute: false, dx: 3, dy: -2)])
        #expect(
            Self.decode(&d, Self.motion(source: 4, time: 1000, x: 410, y: 300)) == [
                .at(x: 410, y: 300, absolute: false)
            ])
        // A warp (`xdotool mousemove`): device motion with no raw event.
        #expect(
            Self.decode(&d, Self.motion(source: 4, time: 1200, x: 900, y: 450)) == [.at(x: 900, y: 450, absolute: true)]
        )
        // A tablet pen and a touchscreen place the pointer, raw or not.
        #expect(Self.decode(&d, Self.rawMotion(source: 9, time: 1300)) == [.moved(absolute: true)])
        #expect(
            Self.decode(&d, Self.motion(source: 9, time: 1300, x: 20, y: 30)) == [.at(x: 20, y: 30, absolute: true)])
        #expect(Self.decode(&d, Self.raw(XCB_INPUT_RAW_TOUCH_BEGIN, source: 11)) == [.moved(absolute: true)])
        #expect(Self.decode(&d, Self.raw(XCB_INPUT_RAW_TOUCH_UPDATE, source: 11)) == [.moved(absolute: true)])
        // Stage windows get device events only: there a mouse's motion is motion.
        var stage = XInputDecoder()
        stage.deviceKinds = [4: .relative]
        #expect(Self.decode(&stage, Self.motion(source: 4, time: 5, x: 1, y: 2)) == [.at(x: 1, y: 2, absolute: false)])
    }
}

/// B12: which slave pointers are touchpads (only their motion glides on).
@Suite("X11 device kinds")
struct DeviceKindTests {
    @Test(
        "B12 a device is a touchpad by its driver's touchpad properties or a dependent-touch class; unknown relative devices are mice"
    )
    func classification() {
        #expect(DeviceClassification.kind(motionKind: 0, touchpadProperty: false) == .mouse)
        #expect(DeviceClassification.kind(motionKind: 0, touchpadProperty: true) == .touchpad)
        #expect(DeviceClassification.kind(motionKind: 3, touchpadProperty: false) == .touchpad)
        #expect(DeviceClassification.kind(motionKind: 1, touchpadProperty: false) == .tablet)
        #expect(DeviceClassification.kind(motionKind: 2, touchpadProperty: false) == .touchscreen)
    }

    @Test("B12 motion names its device when the kind changes, before the motion, and only then")
    func deviceChanges() {
        var d = XInputDecoder()
        d.seesRawMotion = true
        d.deviceKinds = [4: .relative, 8: .relative]
        d.pointingDevices = [4: .mouse, 8: .touchpad]
        let step = PointerNative.moved(absolute: false, dx: 3, dy: -2)
        #expect(
            XInputDecoderTests.decode(&d, XInputDecoderTests.rawMotion(source: 4, time: 10)) == [.device(.mouse), step])
        #expect(XInputDecoderTests.decode(&d, XInputDecoderTests.rawMotion(source: 4, time: 20)) == [step])
        #expect(
            XInputDecoderTests.decode(&d, XInputDecoderTests.rawMotion(source: 8, time: 30)) == [
                .device(.touchpad), step,
            ])
        // Device motion with its raw twin says nothing more in the overlay.
        #expect(
            XInputDecoderTests.decode(&d, XInputDecoderTests.motion(source: 4, time: 20, x: 5, y: 6)) == [
                .at(x: 5, y: 6, absolute: false)
            ])
        #expect(
            XInputDecoderTests.decode(&d, XInputDecoderTests.rawMotion(source: 4, time: 40)) == [.device(.mouse), step])
        // A stage sees device motion only: it names the device there.
        var stage = XInputDecoder()
        stage.deviceKinds = [8: .relative]
        stage.pointingDevices = [8: .touchpad]
        #expect(
            XInputDecoderTests.decode(&stage, XInputDecoderTests.motion(source: 8, time: 5, x: 1, y: 2))
                == [.device(.touchpad), .at(x: 1, y: 2, absolute: false)])
    }
}
