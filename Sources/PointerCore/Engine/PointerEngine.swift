/// The deterministic pointer state machine (docs/architecture.md "How data flows"). A final
/// class: hosts keep one per scene and it is large, so it is never copied.
///
/// Feed it `InputEvent`s with `handle(_:)` and ask for `frame(at:)` whenever a
/// frame is due; time only ever comes in through those arguments, so the same
/// scene and the same calls give the same frames, bit for bit. Between calls the
/// engine asks for nothing: `nextWakeTime(after:)` says when it next needs to run
/// (an animation, an inferred lift, auto-hide) and is nil when it is idle.
///
/// Events and frames both advance the engine's clock to their time first
/// (springs stepped by the exact solver, timers fired in order), so results do
/// not depend on how frames interleave with events, except for hit tests during
/// a glide, which happen at the instants the engine is advanced.
public final class PointerEngine {
    public private(set) var scene: Scene
    public private(set) var layout: SceneLayout
    public private(set) var index: HitIndex
    var facts: RegionFacts

    public var acceleration = AccelerationCurve()
    public var inertia = InertiaTuning()
    public var magnetism = MagnetismTuning()
    public var effects = EffectTuning()

    /// The engine's clock: the time of the last event or frame.
    var now: Double?
    var hand: HandMotion
    var interaction = Interaction()
    var contextMenu = ContextMenuState()
    var aim: Aim
    var look: PointerLook
    var regions = RegionStates()
    var requests: [HostRequest] = []

    public init(scene: Scene) {
        self.scene = scene
        let layout = SceneLayout(scene: scene)
        self.layout = layout
        self.index = HitIndex(rects: layout.regions.map(\.hitRect))
        facts = RegionFacts(layout: layout)
        let size = layout.canvasSize
        hand = HandMotion(position: Point(x: size.width / 2, y: size.height / 2))
        let d = scene.pointer.diameter
        aim = Aim(shape: ShapeResolver.circle(diameter: d))
        look = PointerLook(diameter: d)
        for r in facts.revealRegions { regions.animations[r] = RegionAnimation(restOpacity: 0) }
    }

    /// Hot reload: the new scene replaces the old one; the pointer keeps its
    /// position, and state (scroll, zoom, effects, menu) carries over by region id.
    public func replace(scene: Scene) {
        let oldLayout = layout
        func remap(_ i: Int?) -> Int? { i.flatMap { layout.indexByID[oldLayout.regions[$0].id] } }
        self.scene = scene
        layout = SceneLayout(scene: scene)
        index = HitIndex(rects: layout.regions.map(\.hitRect))
        facts = RegionFacts(layout: layout)
        regions.carry(over: { remap($0) }, into: layout, reveals: facts.revealRegions)
        aim.target = remap(aim.target)
        interaction.pressTarget = remap(interaction.pressTarget)
        contextMenu.owner = remap(contextMenu.owner)
        if let p = interaction.pinch {
            interaction.pinch = remap(p.region).map { PinchState(region: $0, anchor: p.anchor, base: p.base) }
        }
        if let m = contextMenu.open, layout.indexByID[m.region] == nil { closeMenu() }
        if var g = hand.glide {
            g.magnetTarget = remap(g.magnetTarget)
            hand.glide = g
        }
        refresh()
    }

    // MARK: - Output

    /// True while anything moves: springs, a glide.
    public var isAnimating: Bool {
        hand.glide != nil || !look.isAtRest || !contextMenu.isAtRest || !regions.isAtRest
    }

    /// When the engine next needs to run after `time`: `time` itself while
    /// animating (draw at the next frame callback), the time of the next timer
    /// (inferred lift, auto-hide), or nil when idle — then the host sleeps.
    public func nextWakeTime(after time: Double) -> Double? {
        if isAnimating { return time }
        guard let (t, _) = nextTimer() else { return nil }
        return Swift.max(t, time)
    }

    /// Requests for the host since the last drain, in order. A warp goes to where
    /// the model pointer is now: when a timer (an inferred lift) asked for one while
    /// the engine caught up to a later motion, that motion moved the model on from
    /// the point asked for, and the display server applied it before the warp it
    /// is about to get; warping to the old point would part the real pointer from
    /// the model for good (they drifted 20 px per recentre, to the screen's corner).
    public func drainHostRequests() -> [HostRequest] {
        defer { requests.removeAll() }
        return requests.map {
            if case .warpPointer = $0 { return .warpPointer(to: hand.position) }
            return $0
        }
    }

    public func frame(at time: Double) -> PointerFrame {
        advance(to: time)
        return currentFrame(time: time)
    }
}
