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
    var lastActivityTime: Double?
    var velocity = VelocityTracker()
    /// A finger is on the pad (motion since the last lift).
    var fingerDown = false
    /// Set once an explicit `lift` arrives: the device reports lifts, so none are inferred.
    var deviceReportsLift = false
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
    var pinch: PinchState?
    var left = false
    var autoHidden = false

    // What the pointer is on and how it looks.
    var target: Int?
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
        if let p = pinch { pinch = remap(p.region).map { PinchState(region: $0, anchor: p.anchor, base: p.base) } }
        if let m = menu, layout.indexByID[m.region] == nil {
            menu = nil
            requests.append(.closeMenu)
        }
        if var g = glide {
            g.magnetTarget = remap(g.magnetTarget)
            glide = g
        }
        refresh()
    }

    // MARK: - Input

    /// Coordinates and deltas are held within ±this (pt): far beyond any canvas,
    /// yet small enough that sums, squares and glides stay finite, so one absurd
    /// event (a trace with 1e308, a broken device) can never turn the model
    /// pointer into NaN and leave it stuck for the rest of the session.
    public static let maxCoordinate = 1e9

    static func bounded(_ v: Double) -> Double {
        v.isFinite ? Swift.min(Swift.max(v, -maxCoordinate), maxCoordinate) : 0
    }

    public func handle(_ event: InputEvent) {
        guard event.time.isFinite else { return }
        advance(to: event.time)
        let t = event.time
        switch event.kind {
        case .position(let raw):
            guard raw.x.isFinite, raw.y.isFinite else { return }
            let p = Point(x: Self.bounded(raw.x), y: Self.bounded(raw.y))
            let delta = hasPosition ? p - model : .zero
            let first = !hasPosition
            hasPosition = true
            if first {
                model = clampToCanvas(p)
                lastMotionTime = t
                noteActivity(t)
                velocity.reset()
            } else {
                // Absolute placements come from a cursor that already has its own
                // dynamics (a mouse, a tablet, the compositor's pointer): they move
                // the model pointer but never feed inertia (B12 is for fingers).
                moveModel(by: delta, at: t)
                velocity.reset()
            }
        case .motion(let dx, let dy):
            hasPosition = true
            let raw = Point(x: Self.bounded(dx), y: Self.bounded(dy))
            let dt = lastMotionTime.map { t - $0 } ?? acceleration.maxInterval
            moveModel(by: acceleration.apply(raw, interval: dt), at: t)
        case .lift:
            deviceReportsLift = true
            lift(at: t, explicit: true)
        case .hold(let phase):
            switch phase {
            case .begin:
                stopGlide()
                holding = true
                velocity.reset()
                noteActivity(t)
            case .end, .cancel:
                // Resting fingers lifted: a lift without velocity.
                holding = false
                fingerDown = false
                velocity.reset()
                recenter()
            case .update:
                break
            }
        case .button(let button, let state):
            handleButton(button, state, at: t)
        case .scroll(let dx, let dy, _, _):
            noteActivity(t)
            scroll(dx: Self.bounded(dx), dy: Self.bounded(dy))
        case .pinch(let phase, let scale, let rotation):
            noteActivity(t)
            handlePinch(phase: phase, scale: scale, rotation: rotation)
        case .swipe:
            // Three or more fingers belong to the system (E25).
            return
        case .modifiers(let keys):
            modifiers = keys
        case .key(let name):
            if name == "escape", menu != nil { closeMenu() }
        case .acceleration(let by):
            acceleration = by == .host ? .hostAccelerated : AccelerationCurve()
            return
        case .leave:
            stopGlide()
            left = true
            fingerDown = false
        }
        refresh()
    }

    func noteActivity(_ t: Double) {
        lastActivityTime = t
        if autoHidden || left {
            autoHidden = false
            left = false
        }
    }

    func moveModel(by delta: Point, at t: Double) {
        if glide != nil { glide = nil }
        let interval = lastMotionTime.map { t - $0 }
        velocity.add(time: t, delta: delta, interval: interval, window: inertia.velocityWindow)
        model = clampToCanvas(model + delta)
        lastMotionTime = t
        fingerDown = true
        holding = false
        noteActivity(t)
        if pressed && !dragging && model.distance(to: pressPoint) > effects.dragSlop { dragging = true }
    }

    func clampToCanvas(_ p: Point) -> Point {
        guard let size = scene.canvas.size else { return Point(x: Self.bounded(p.x), y: Self.bounded(p.y)) }
        return Point(x: Swift.min(Swift.max(p.x, 0), size.width), y: Swift.min(Swift.max(p.y, 0), size.height))
    }

    /// The finger left the pad (explicit, or inferred after `liftDelay`): glide
    /// with inertia (B12) towards a magnetism target (B13), or recentre (B9).
    func lift(at t: Double, explicit: Bool) {
        let wasDown = fingerDown
        fingerDown = false
        var v = velocity.velocity
        if explicit, let last = lastMotionTime, t - last > inertia.staleLift { v = .zero }
        if !wasDown { v = .zero }
        velocity.reset()
        if scene.pointer.inertia && !pressed && menu == nil && v.length >= inertia.minimumSpeed {
            var landing = clampToCanvas(inertia.landing(from: model, velocity: v))
            var magnet: Int?
            if scene.pointer.magnetismRadius > 0 && chooseTarget(at: landing) == nil {
                magnet = magnetTarget(lift: model, velocity: v, landing: landing)
                if let m = magnet { landing = drawnFrame(of: m).center }
            }
            glide = Glide(start: model, landing: landing, startTime: t, tau: inertia.timeConstant, magnetTarget: magnet)
            return
        }
        recenter()
    }

    func stopGlide() {
        guard glide != nil else { return }
        glide = nil
        requests.append(.warpPointer(to: model))
    }

    /// B9: on lift, the model pointer moves to the control's centre (only along
    /// held axes for shape customisations) and the real cursor is warped there.
    func recenter() {
        guard let t = target, !pressed, glide == nil, menu == nil else { return }
        let newModel: Point
        switch targetEffect {
        case .highlight?, .lift?:
            newModel = drawnFrame(of: t).center
        default:
            newModel = placement.recentered(model)
        }
        guard newModel != model else { return }
        jumpModel(to: newModel)
        requests.append(.warpPointer(to: newModel))
    }

    /// Moves the model pointer discontinuously: the visible pointer animates.
    func jumpModel(to p: Point) {
        let before = placement.center(model: model)
        model = p
        let after = placement.center(model: model)
        displacementX.value += before.x - after.x
        displacementY.value += before.y - after.y
    }

    func handleButton(_ button: PointerButton, _ state: ButtonState, at t: Double) {
        noteActivity(t)
        switch (button, state) {
        case (.primary, .pressed):
            if menu != nil {
                // A click anywhere closes the menu (inside: the item is chosen); it
                // does not also press the control underneath.
                closeMenu()
                return
            }
            if modifiers.contains(.ctrl), openMenu() { return }
            stopGlide()
            pressed = true
            pressTarget = target
            pressPoint = model
            dragging = false
        case (.primary, .released):
            pressed = false
            dragging = false
            pressTarget = nil
        case (.secondary, .pressed):
            stopGlide()
            if !openMenu(), menu != nil { closeMenu() }
        default:
            break
        }
    }

    /// E26: opens the context menu of the region under the pointer (or its
    /// nearest ancestor with a menu) at once.
    func openMenu() -> Bool {
        var start = target
        if start == nil {
            forEachHit(model) { i, q in
                if layout.regions[i].frame.contains(q), i > (start ?? -1) { start = i }
            }
        }
        var i = start
        while let j = i {
            if let items = layout.regions[j].region.menu, !items.isEmpty {
                let frame = ContextMenuLayout.frame(at: model, items: items, canvas: scene.canvas.size)
                let m = ContextMenu(region: layout.regions[j].id, items: items, frame: frame)
                menu = m
                requests.append(.openMenu(m))
                pressed = false
                dragging = false
                return true
            }
            i = layout.regions[j].parent
        }
        return false
    }

    func closeMenu() {
        menu = nil
        requests.append(.closeMenu)
    }

    // MARK: - Time

    /// Advances the clock to `t`, firing timers (glide end, inferred lift,
    /// auto-hide) at their exact times on the way. Never goes back in time.
    func advance(to t: Double) {
        guard let start = now else {
            now = t
            return
        }
        if t <= start { return }
        while let (te, timer) = nextTimer(), te <= t {
            step(to: Swift.max(te, now ?? te))
            fire(timer, at: Swift.max(te, now ?? te))
        }
        step(to: t)
    }

    enum Timer { case glideEnd, inferredLift, autoHide }

    func nextTimer() -> (Double, Timer)? {
        var best: (Double, Timer)?
        func consider(_ t: Double, _ timer: Timer) {
            if best == nil || t < best!.0 { best = (t, timer) }
        }
        if let g = glide { consider(g.endTime(stopDistance: inertia.stopDistance), .glideEnd) }
        if fingerDown && !holding && !deviceReportsLift, let last = lastMotionTime {
            consider(last + Swift.max(scene.pointer.liftDelay, 0.001), .inferredLift)
        }
        if let at = autoHideTime { consider(at, .autoHide) }
        return best
    }

    var autoHideTime: Double? {
        let delay = scene.pointer.autoHideDelay
        guard delay > 0, !autoHidden, !left, !pressed, menu == nil, glide == nil, pinch == nil,
              let last = lastActivityTime else { return nil }
        return last + delay
    }

    func fire(_ timer: Timer, at t: Double) {
        switch timer {
        case .glideEnd:
            if let g = glide {
                glide = nil
                model = g.landing
                lastActivityTime = t
                refresh()
                requests.append(.warpPointer(to: model))
                recenter()
            }
        case .inferredLift:
            lift(at: t, explicit: false)
        case .autoHide:
            autoHidden = true
        }
        refresh()
    }

    /// Moves time forward by stepping every spring with the exact solver and
    /// moving a gliding model pointer along its curve.
    func step(to t: Double) {
        let dt = t - (now ?? t)
        now = t
        if let g = glide {
            model = clampToCanvas(g.position(at: t))
            refresh()
        }
        guard dt > 0 else { return }
        displacementX.step(dt)
        displacementY.step(dt)
        width.step(dt)
        height.step(dt)
        cornerRadius.step(dt)
        pressScale.step(dt)
        presence.step(dt)
        liftFade.step(dt)
        transitionProgress.step(dt)
        if transitionProgress.isAtRest { transitionFrom = nil }
        if !regionAnims.isEmpty {
            for key in regionAnims.keys.sorted() {
                guard var a = regionAnims[key] else { continue }
                a.step(dt)
                if a.isAtRestAtRest { regionAnims[key] = nil } else { regionAnims[key] = a }
            }
        }
    }

    // MARK: - Output

    /// True while anything moves: springs, a glide.
    public var isAnimating: Bool {
        glide != nil || !displacementX.isAtRest || !displacementY.isAtRest || !width.isAtRest
            || !height.isAtRest || !cornerRadius.isAtRest || !pressScale.isAtRest || !presence.isAtRest
            || !liftFade.isAtRest || !transitionProgress.isAtRest
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

    /// Requests for the host since the last drain, in order.
    public func drainHostRequests() -> [HostRequest] {
        defer { requests.removeAll() }
        return requests
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
