import PointerCore

/// A minimal model used until PointerEngine is available: a 19 pt circle
/// exactly at the input position, hidden after `leave`. No animation, so it
/// never asks for a tick. Lets the backends be tested on their own.
public final class StandInModel: OverlayModel {
    private var scene: Scene
    private var pointer = Point(x: -100, y: -100)
    private var hidden = true
    private var pressed = false
    private var modifiers: Set<ModifierKey> = []

    public init(scene: Scene) { self.scene = scene }

    public func handle(_ event: InputEvent) {
        switch event.kind {
        case .position(let p): pointer = p; hidden = false
        case .motion(let dx, let dy): pointer += Point(x: dx, y: dy); hidden = false
        case .leave: hidden = true
        case .button(_, let state): pressed = state == .pressed
        case .modifiers(let keys): modifiers = keys
        default: break
        }
    }

    public func frame(at time: Double) -> PointerFrame {
        let d = scene.pointer.diameter
        let frame = Rect(center: pointer, size: Size(width: d, height: d))
        return PointerFrame(time: time, pointer: pointer,
                            visible: VisiblePointer(kind: .circle, frame: frame, cornerRadius: d / 2,
                                                    scale: pressed ? 0.9 : 1,
                                                    geometry: .roundedRect(size: frame.size, cornerRadius: d / 2)),
                            pressed: pressed, hidden: hidden, modifiers: modifiers)
    }

    public func nextWakeTime(after time: Double) -> Double? { nil }
    public func drainHostRequests() -> [HostRequest] { [] }
    public func replace(scene: Scene) { self.scene = scene }
}
