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
    /// Per region: nearest ancestor with `scroll` or `zoom`, else -1.
    var transformParent: [Int]
    var revealRegions: [Int]
    /// Hot-path copies of per-region facts (a `LaidOutRegion` is large to copy).
    var regionFrames: [Rect]
    var regionIDs: [String]
    var targetable: [Bool]
    /// Region i's descendants are the indices i+1 ... subtreeEnd[i].
    var subtreeEnd: [Int]

    public var acceleration = AccelerationCurve()
    public var inertia = InertiaTuning()
    public var magnetism = MagnetismTuning()
    public var effects = EffectTuning()

    // Clock.
    var now: Double?

    // Model pointer (B6): follows the input exactly.
    var model: Point
    var hasPosition = false
    var lastMotionTime: Double?
    /// How far apart motion arrives: a pause is judged against it (B9).
    var motionCadence = MotionCadence()
    var lastActivityTime: Double?
    var velocity = VelocityTracker()
    /// A finger is on the pad (motion since the last lift).
    var fingerDown = false
    /// Set once an explicit `lift` arrives: the device reports lifts, so none are inferred.
    var deviceReportsLift = false
    /// What the motion comes from; nil until a `device` event says (traces written
    /// before device events: a pause is taken for a finger lift, as it always was).
    var device: PointingDevice?
    /// Fingers resting on the pad (`hold` begin … end): no lift is inferred meanwhile.
    var holding = false
    var glide: Glide?

    // Buttons, keys, menus.
    var pressed = false
    var pressTarget: Int?
    var pressPoint: Point = .zero
    var dragging = false
    var modifiers: Set<ModifierKey> = []
    var menu: ContextMenu?
    /// The control the pointer was on when its menu opened: it stays the target
    /// (the pointer behind its glyph, C14) until the pointer leaves it (E26).
    var menuOwner: Int?
    /// The menu drawn (open, or closing) and the point it opens from (E26).
    var shownMenu: (menu: ContextMenu, anchor: Point)?
    /// 0 → 1 as the menu opens, back to 0 as it closes.
    var menuAppearance: Spring
    var pinch: PinchState?
    var left = false
    var autoHidden = false

    // What the pointer is on and how it looks.
    var target: Int?
    /// The target a pause (an inferred lift) last recentred on, this visit.
    var recentredOnPause: Int?
    var targetEffect: PointerEffect?
    var shape: ResolvedShape
    var placement = Placement.free
    var displacementX: Spring
    var displacementY: Spring
    var width: Spring
    var height: Spring
    var cornerRadius: Spring
    var pressScale: Spring
    var presence: Spring
    var liftFade: Spring
    var transitionProgress: Spring
    /// The shape a path morph started from, with its anchor as a fraction of its box.
    var transitionFrom: (geometry: ShapeGeometry, kind: ShapeKind, anchor: Point)?

    // Regions.
    var transforms: [Int: RegionTransform] = [:]
    var regionAnims: [Int: RegionAnimation] = [:]

    var requests: [HostRequest] = []

    public init(scene: Scene) {
        self.scene = scene
        let layout = SceneLayout(scene: scene)
        self.layout = layout
        self.index = HitIndex(rects: layout.regions.map(\.hitRect))
        (transformParent, revealRegions) = PointerEngine.structure(of: layout)
        regionFrames = layout.regions.map(\.frame)
        regionIDs = layout.regions.map(\.id)
        subtreeEnd = layout.regions.map { $0.index + $0.childCount }
        targetable = layout.regions.map { $0.effect != .none || $0.region.shape != nil }
        let size = layout.canvasSize
        model = Point(x: size.width / 2, y: size.height / 2)
        let d = scene.pointer.diameter
        shape = ShapeResolver.circle(diameter: d)
        displacementX = Spring(0, parameters: SpringTuning.morph)
        displacementY = Spring(0, parameters: SpringTuning.morph)
        width = Spring(d, parameters: SpringTuning.morph)
        height = Spring(d, parameters: SpringTuning.morph)
        cornerRadius = Spring(d / 2, parameters: SpringTuning.morph)
        pressScale = Spring(1, parameters: SpringTuning.press)
        presence = Spring(1, parameters: SpringTuning.fade)
        liftFade = Spring(1, parameters: SpringTuning.fade)
        transitionProgress = Spring(1, parameters: SpringTuning.transition)
        menuAppearance = Spring(0, parameters: SpringTuning.menu)
        for r in revealRegions { regionAnims[r] = RegionAnimation(restOpacity: 0) }
    }

    static func structure(of layout: SceneLayout) -> ([Int], [Int]) {
        var parent = [Int](repeating: -1, count: layout.regions.count)
        var reveals: [Int] = []
        for r in layout.regions {
            if let p = r.parent {
                let pr = layout.regions[p].region
                parent[r.index] = (pr.scroll != nil || pr.zoom != nil) ? p : parent[p]
            }
            if r.region.reveal != nil { reveals.append(r.index) }
        }
        return (parent, reveals)
    }

    /// Hot reload: the new scene replaces the old one; the pointer keeps its
    /// position, and state (scroll, zoom, effects, menu) carries over by region id.
    public func replace(scene: Scene) {
        let oldLayout = layout
        func remap(_ i: Int?) -> Int? { i.flatMap { layout.indexByID[oldLayout.regions[$0].id] } }
        self.scene = scene
        layout = SceneLayout(scene: scene)
        index = HitIndex(rects: layout.regions.map(\.hitRect))
        (transformParent, revealRegions) = PointerEngine.structure(of: layout)
        regionFrames = layout.regions.map(\.frame)
        regionIDs = layout.regions.map(\.id)
        subtreeEnd = layout.regions.map { $0.index + $0.childCount }
        targetable = layout.regions.map { $0.effect != .none || $0.region.shape != nil }
        var newTransforms: [Int: RegionTransform] = [:]
        for (i, t) in transforms {
            if let j = remap(i), layout.regions[j].region.scroll != nil || layout.regions[j].region.zoom != nil {
                newTransforms[j] = t
            }
        }
        transforms = newTransforms
        var newAnims: [Int: RegionAnimation] = [:]
        for (i, a) in regionAnims { if let j = remap(i) { newAnims[j] = a } }
        for r in revealRegions where newAnims[r] == nil { newAnims[r] = RegionAnimation(restOpacity: 0) }
        for (i, var a) in newAnims {
            a.restOpacity = layout.regions[i].region.reveal != nil ? 0 : 1
            newAnims[i] = a
        }
        regionAnims = newAnims
        target = remap(target)
        pressTarget = remap(pressTarget)
        menuOwner = remap(menuOwner)
        if let p = pinch { pinch = remap(p.region).map { PinchState(region: $0, anchor: p.anchor, base: p.base) } }
        if let m = menu, layout.indexByID[m.region] == nil { closeMenu() }
        if var g = glide {
            g.magnetTarget = remap(g.magnetTarget)
            glide = g
        }
        refresh()
    }

    // MARK: - Output

    /// True while anything moves: springs, a glide.
    public var isAnimating: Bool {
        glide != nil || !displacementX.isAtRest || !displacementY.isAtRest || !width.isAtRest
            || !height.isAtRest || !cornerRadius.isAtRest || !pressScale.isAtRest || !presence.isAtRest
            || !liftFade.isAtRest || !transitionProgress.isAtRest || !menuAppearance.isAtRest
            || regionAnims.values.contains { !$0.isAtRest }
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
            if case .warpPointer = $0 { return .warpPointer(to: model) }
            return $0
        }
    }

    public func frame(at time: Double) -> PointerFrame {
        advance(to: time)
        return currentFrame(time: time)
    }
}

struct PinchState: Sendable, Equatable {
    var region: Int
    /// The local point under the pointer at `begin`.
    var anchor: Point
    var base: RegionTransform
}
