/// Time: timers (glide end, inferred lift, auto-hide) and the spring steps between them.
extension PointerEngine {
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
        if let g = hand.glide { consider(g.endTime(stopDistance: inertia.stopDistance), .glideEnd) }
        if let lift = hand.inferredLiftTime(liftDelay: scene.pointer.liftDelay) { consider(lift, .inferredLift) }
        if let at = autoHideTime { consider(at, .autoHide) }
        return best
    }

    var autoHideTime: Double? {
        let delay = scene.pointer.autoHideDelay
        guard delay > 0, interaction.isIdle, contextMenu.open == nil, hand.glide == nil,
            let last = hand.lastActivityTime
        else { return nil }
        return last + delay
    }

    func fire(_ timer: Timer, at t: Double) {
        switch timer {
        case .glideEnd:
            if let g = hand.glide {
                hand.glide = nil
                hand.position = g.landing
                hand.lastActivityTime = t
                refresh()
                requests.append(.warpPointer(to: hand.position))
                recenter()
            }
        case .inferredLift:
            lift(at: t, explicit: false)
        case .autoHide:
            interaction.autoHidden = true
        }
        refresh()
    }

    /// Moves time forward by stepping every spring with the exact solver and
    /// moving a gliding model pointer along its curve.
    func step(to t: Double) {
        let dt = t - (now ?? t)
        now = t
        if let g = hand.glide {
            hand.position = clampToCanvas(g.position(at: t))
            refresh()
        }
        guard dt > 0 else { return }
        look.step(dt)
        contextMenu.step(dt)
        regions.step(dt)
    }
}
