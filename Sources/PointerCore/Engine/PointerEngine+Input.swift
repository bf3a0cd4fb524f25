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
            let delta = hand.hasPosition ? p - hand.position : .zero
            let first = !hand.hasPosition
            hand.hasPosition = true
            if first {
                hand.position = clampToCanvas(p)
                hand.lastMotionTime = t
                noteActivity(t)
                hand.velocity.reset()
            } else {
                // Absolute placements come from a cursor that already has its own
                // dynamics (a mouse, a tablet, the compositor's pointer): they move
                // the model pointer but never feed inertia (B12 is for fingers).
                moveModel(by: delta, at: t)
                hand.velocity.reset()
            }
        case .motion(let dx, let dy):
            hand.hasPosition = true
            let raw = Point(x: Self.bounded(dx), y: Self.bounded(dy))
            let dt = hand.lastMotionTime.map { t - $0 } ?? acceleration.maxInterval
            moveModel(by: acceleration.apply(raw, interval: dt), at: t)
        case .lift:
            hand.deviceReportsLift = true
            lift(at: t, explicit: true)
        case .hold(let phase):
            switch phase {
            case .begin:
                stopGlide()
                hand.holding = true
                hand.velocity.reset()
                noteActivity(t)
            case .end, .cancel:
                // Resting fingers lifted: a lift without velocity.
                hand.holding = false
                hand.fingerDown = false
                hand.velocity.reset()
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
            interaction.modifiers = keys
        case .key(let name):
            if name == "escape", contextMenu.open != nil { closeMenu() }
        case .acceleration(let by):
            acceleration = by == .host ? .hostAccelerated : AccelerationCurve()
            return
        case .device(let d):
            hand.device = d
            hand.deviceReportsLift = d.reportsLift
            return
        case .leave:
            stopGlide()
            interaction.left = true
            hand.fingerDown = false
        }
        refresh()
    }

    func noteActivity(_ t: Double) {
        hand.lastActivityTime = t
        if interaction.autoHidden || interaction.left {
            interaction.autoHidden = false
            interaction.left = false
        }
    }

    func moveModel(by delta: Point, at t: Double) {
        // B12: a hand that moves on mid-glide carries on from where the pointer
        // has glided to; the real pointer, left where the hand lifted, is put
        // there too (below), or it and the drawn one would part for good.
        let interruptedGlide = hand.glide != nil
        if hand.glide != nil { hand.glide = nil }
        let interval = hand.lastMotionTime.map { t - $0 }
        hand.velocity.add(time: t, delta: delta, interval: interval, window: inertia.velocityWindow)
        if let interval { hand.cadence.add(gap: interval) }
        hand.position = clampToCanvas(hand.position + delta)
        hand.lastMotionTime = t
        hand.fingerDown = true
        hand.holding = false
        noteActivity(t)
        if interaction.pressed && !interaction.dragging
            && hand.position.distance(to: interaction.pressPoint) > effects.dragSlop
        {
            interaction.dragging = true
        }
        if interruptedGlide { requests.append(.warpPointer(to: hand.position)) }
    }

    func clampToCanvas(_ p: Point) -> Point {
        guard let size = scene.canvas.size else { return Point(x: Self.bounded(p.x), y: Self.bounded(p.y)) }
        return Point(x: Swift.min(Swift.max(p.x, 0), size.width), y: Swift.min(Swift.max(p.y, 0), size.height))
    }

    /// The finger left the pad (explicit, or inferred after `liftDelay`): glide
    /// with inertia (B12) towards a magnetism target (B13), or recentre (B9).
    func lift(at t: Double, explicit: Bool) {
        let wasDown = hand.fingerDown
        hand.fingerDown = false
        var v = hand.velocity.velocity
        if explicit, let last = hand.lastMotionTime, t - last > inertia.staleLift { v = .zero }
        if !wasDown { v = .zero }
        hand.velocity.reset()
        if hand.glides && scene.pointer.inertia && !interaction.pressed && contextMenu.open == nil
            && v.length >= inertia.minimumSpeed
        {
            var landing = clampToCanvas(inertia.landing(from: hand.position, velocity: v))
            var magnet: Int?
            if scene.pointer.magnetismRadius > 0 && chooseTarget(at: landing) == nil {
                magnet = magnetTarget(lift: hand.position, velocity: v, landing: landing)
                if let m = magnet { landing = drawnFrame(of: m).center }
            }
            hand.glide = Glide(
                start: hand.position, landing: landing, startTime: t, tau: inertia.timeConstant, magnetTarget: magnet)
            return
        }
        // A mouse cannot say when the hand lets go, so a pause is taken for a lift;
        // recentring at every pause would pull a hand nudging out of a control
        // back to its centre each time. Pauses recentre once per visit.
        if !explicit {
            guard aim.target == nil || aim.recentredOnPause != aim.target else { return }
            aim.recentredOnPause = aim.target
        }
        recenter()
    }

    func stopGlide() {
        guard hand.glide != nil else { return }
        hand.glide = nil
        requests.append(.warpPointer(to: hand.position))
    }

    /// B9: on lift, the model pointer moves to the control's centre (only along
    /// held axes for shape customisations) and the real cursor is warped there.
    func recenter() {
        guard let t = aim.target, !interaction.pressed, hand.glide == nil, contextMenu.open == nil else { return }
        let newModel: Point
        switch aim.effect {
        case .highlight?, .lift?:
            newModel = drawnFrame(of: t).center
        default:
            newModel = aim.placement.recentered(hand.position)
        }
        guard newModel != hand.position else { return }
        jumpModel(to: newModel)
        requests.append(.warpPointer(to: newModel))
    }

    /// Moves the model pointer discontinuously: the visible pointer animates.
    func jumpModel(to p: Point) {
        let before = aim.placement.center(model: hand.position)
        hand.position = p
        look.keepDrawn(from: before, to: aim.placement.center(model: hand.position))
    }

    func handleButton(_ button: PointerButton, _ state: ButtonState, at t: Double) {
        noteActivity(t)
        switch (button, state) {
        case (.primary, .pressed):
            if contextMenu.open != nil {
                // A click anywhere closes the menu (inside: the item is chosen); it
                // does not also press the control underneath.
                closeMenu()
                return
            }
            if interaction.modifiers.contains(.ctrl), openMenu() { return }
            stopGlide()
            // B9: the click belongs to the control the pointer is snapped to, even
            // when the press comes before a pause could recentre on it.
            if hand.device != nil { recenter() }
            interaction.pressed = true
            interaction.pressTarget = aim.target
            interaction.pressPoint = hand.position
            interaction.dragging = false
        case (.primary, .released):
            interaction.pressed = false
            interaction.dragging = false
            interaction.pressTarget = nil
        case (.secondary, .pressed):
            stopGlide()
            if !openMenu(), contextMenu.open != nil { closeMenu() }
        default:
            break
        }
    }

    /// E26: opens the context menu of the region under the pointer (or its
    /// nearest ancestor with a menu) at once.
    func openMenu() -> Bool {
        var start = aim.target
        if start == nil {
            forEachHit(hand.position) { i, q in
                if layout.regions[i].frame.contains(q), i > (start ?? -1) { start = i }
            }
        }
        var i = start
        while let j = i {
            if let items = layout.regions[j].region.menu, !items.isEmpty {
                let frame = ContextMenuLayout.frame(at: hand.position, items: items, canvas: scene.canvas.size)
                let m = ContextMenu(region: layout.regions[j].id, items: items, frame: frame)
                contextMenu.open = m
                // Another menu still closing is replaced; this one scales and fades in from the pointer.
                if contextMenu.shown?.menu != m { contextMenu.appearance.set(0) }
                contextMenu.shown = (m, hand.position)
                contextMenu.owner = aim.target
                contextMenu.appearance.target = 1
                requests.append(.openMenu(m))
                interaction.pressed = false
                interaction.dragging = false
                return true
            }
            i = layout.regions[j].parent
        }
        return false
    }

    func closeMenu() {
        contextMenu.open = nil
        contextMenu.owner = nil
        contextMenu.appearance.target = 0
        requests.append(.closeMenu)
    }
}
