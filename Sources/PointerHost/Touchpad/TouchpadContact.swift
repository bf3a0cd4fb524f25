import PointerCore

/// What both backends take from touchpad contact (B12): a finger landing stops
/// a glide (`hold` begins), the last finger leaving is the `lift`, and a
/// touchpad then reports its lifts, so no pause is taken for one.
public final class TouchpadContact {
    public let reader: TouchpadContactReader

    /// Opens the touchpads under `directory` and reads them on `loop`; `deliver`
    /// gets the engine events with their times. Says once what it reads, or why not.
    public init(
        loop: EventLoop, directory: String = "/dev/input", log: (String) -> Void,
        deliver: @escaping (InputEvent.Kind, Double) -> Void
    ) {
        reader = TouchpadContactReader(directory: directory)
        if reader.isReading {
            log(
                "touchpad finger contact read from \(reader.names.joined(separator: ", ")) (not grabbed): a lift is the finger leaving the pad"
            )
        } else if reader.deniedCount > 0 {
            log(
                "touchpad finger contact: \(directory) is not readable by this user, so a lift is inferred from a pause; "
                    + "to read real lifts, add the user to the 'input' group and log in again")
        }
        reader.register(with: loop) { change in
            switch change {
            case .touched(let t): deliver(.hold(.begin), t)
            case .lifted(let t): deliver(.lift, t)
            }
        }
    }

    /// The device to report for motion of `kind`: a touchpad says it reports lifts while they are read.
    public func device(_ kind: PointingDevice.Kind) -> PointingDevice {
        PointingDevice(kind, reportsLift: kind == .touchpad && reader.isReading)
    }
}
