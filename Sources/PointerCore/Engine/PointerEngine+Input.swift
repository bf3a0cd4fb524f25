/// Input events: motion, lift, buttons, the context menu.
extension PointerEngine {
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
        case .device(let d):
            device = d
            deviceReportsLift = d.reportsLift
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
        // B12: a hand that moves on mid-glide carries on from where the pointer
        // has glided to; the real pointer, left where the hand lifted, is put
        // there too (below), or it and the drawn one would part for good.
        let interruptedGlide = glide != nil
        if glide != nil { glide = nil }
        let interval = lastMotionTime.map { t - $0 }
        velocity.add(time: t, delta: delta, interval: interval, window: inertia.velocityWindow)
        if let interval { motionCadence.add(gap: interval) }
        model = clampToCanvas(model + delta)
        lastMotionTime = t
        fingerDown = true
        holding = false
        noteActivity(t)
        if pressed && !dragging && model.distance(to: pressPoint) > effects.dragSlop { dragging = true }
        if interruptedGlide { requests.append(.warpPointer(to: model)) }
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
        if motionGlides && scene.pointer.inertia && !pressed && menu == nil && v.length >= inertia.minimumSpeed {
            var landing = clampToCanvas(inertia.landing(from: model, velocity: v))
            var magnet: Int?
            if scene.pointer.magnetismRadius > 0 && chooseTarget(at: landing) == nil {
                magnet = magnetTarget(lift: model, velocity: v, landing: landing)
                if let m = magnet { landing = drawnFrame(of: m).center }
            }
            glide = Glide(start: model, landing: landing, startTime: t, tau: inertia.timeConstant, magnetTarget: magnet)
            return
        }
        // A mouse cannot say when the hand lets go, so a pause is taken for a lift;
        // recentring at every pause would pull a hand nudging out of a control
        // back to its centre each time. Pauses recentre once per visit.
        if !explicit {
            guard target == nil || recentredOnPause != target else { return }
            recentredOnPause = target
        }
        recenter()
    }

    /// Only a finger's motion glides on (B12, B13): a mouse, a pen or a
    /// touchscreen stays where the hand left it. Undeclared (an old trace): as before.
    var motionGlides: Bool { device?.glides ?? true }

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
            // B9: the click belongs to the control the pointer is snapped to, even
            // when the press comes before a pause could recentre on it.
            if device != nil { recenter() }
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
                // Another menu still closing is replaced; this one scales and fades in from the pointer.
                if shownMenu?.menu != m { menuAppearance.set(0) }
                shownMenu = (m, model)
                menuOwner = target
                menuAppearance.target = 1
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
        menuOwner = nil
        menuAppearance.target = 0
        requests.append(.closeMenu)
    }
}
