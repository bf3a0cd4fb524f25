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
        if let g = glide { consider(g.endTime(stopDistance: inertia.stopDistance), .glideEnd) }
        if fingerDown && !holding && !deviceReportsLift, let last = lastMotionTime {
            consider(last + motionCadence.pause(atLeast: Swift.max(scene.pointer.liftDelay, 0.001)), .inferredLift)
        }
        if let at = autoHideTime { consider(at, .autoHide) }
        return best
    }

    var autoHideTime: Double? {
        let delay = scene.pointer.autoHideDelay
        guard delay > 0, !autoHidden, !left, !pressed, menu == nil, glide == nil, pinch == nil,
            let last = lastActivityTime
        else { return nil }
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
        menuAppearance.step(dt)
        if menuAppearance.isAtRest && menuAppearance.value == 0 { shownMenu = nil }
        if !regionAnims.isEmpty {
            for key in regionAnims.keys.sorted() {
                guard var a = regionAnims[key] else { continue }
                a.step(dt)
                if a.isAtRestAtRest { regionAnims[key] = nil } else { regionAnims[key] = a }
            }
        }
    }
}
