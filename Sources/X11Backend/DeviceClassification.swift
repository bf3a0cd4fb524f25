import PointerCore

/// What kind of device an XInput slave pointer is (B9, B12, B13): the engine lets
/// only a touchpad's motion glide on. X says nothing directly, so it is read from
/// the device's classes and from the properties its input driver sets.
enum DeviceClassification {
    /// Properties only a touchpad driver sets: xf86-input-libinput's tapping
    /// switch and the synaptics driver's finger thresholds.
    static let touchpadProperties = ["libinput Tapping Enabled", "Synaptics Finger"]

    /// `motionKind`: `ap_pointer_motion_kind` (0 relative, 1 absolute, 2 direct
    /// touch, 3 dependent touch); `touchpadProperty`: one of `touchpadProperties`
    /// is set on the device. Unknown relative devices are mice.
    static func kind(motionKind: Int32, touchpadProperty: Bool) -> PointingDevice.Kind {
        switch motionKind {
        case 2: return .touchscreen
        case 1: return .tablet
        case 3: return .touchpad
        default: return touchpadProperty ? .touchpad : .mouse
        }
    }
}
