import PointerCore

/// A session for a scene that has no recorded trace (the test fixtures): the
/// pointer glides onto each control in turn, rests, clicks every other one,
/// leaves to open space, opens the menu of the first control that has one,
/// and finally idles until it auto-hides. Enter, exit, press, menu and hide.
enum SweepTrace {
    static func events(for scene: Scene, canvas: Size, maxTargets: Int = 8) -> [InputEvent] {
        let layout = SceneLayout(scene: scene)
        let targets = layout.regions.filter { $0.effect != .none || $0.region.shape != nil }.prefix(maxTargets)
        var out: [InputEvent] = []
        var t = 0.0
        var at = Point(x: canvas.width * 0.5, y: canvas.height * 0.9)
        out.append(InputEvent(time: t, .position(at)))
        func move(to p: Point, over duration: Double) {
            let steps = max(Int(duration / 0.016), 1)
            let from = at
            for k in 1...steps {
                let s = Double(k) / Double(steps)
                let e = s * s * (3 - 2 * s)
                t += 0.016
                out.append(
                    InputEvent(
                        time: t, .position(Point(x: from.x + (p.x - from.x) * e, y: from.y + (p.y - from.y) * e))))
            }
            at = p
        }
        func wait(_ d: Double) { t += d }
        // Open space: the canvas corner farthest from every control's centre.
        let corners = [
            Point(x: 8, y: 8), Point(x: canvas.width - 8, y: 8),
            Point(x: 8, y: canvas.height - 8), Point(x: canvas.width - 8, y: canvas.height - 8),
        ]
        let open =
            corners.max { a, b in
                let da = layout.regions.map { $0.frame.center.distance(to: a) }.min() ?? 0
                let db = layout.regions.map { $0.frame.center.distance(to: b) }.min() ?? 0
                return da < db
            } ?? corners[0]
        for (k, r) in targets.enumerated() {
            move(to: r.frame.center, over: 0.3)
            wait(0.4)
            if k % 2 == 0 {
                out.append(InputEvent(time: t, .button(.primary, .pressed)))
                wait(0.15)
                out.append(InputEvent(time: t, .button(.primary, .released)))
                wait(0.3)
            }
            move(to: open, over: 0.25)
            wait(0.3)
        }
        if let r = layout.regions.first(where: { !($0.region.menu ?? []).isEmpty }) {
            move(to: r.frame.center, over: 0.3)
            wait(0.4)
            out.append(InputEvent(time: t, .button(.secondary, .pressed)))
            out.append(InputEvent(time: t + 0.05, .button(.secondary, .released)))
            wait(0.6)
            out.append(InputEvent(time: t, .key("escape")))
            wait(0.2)
        }
        // Rest on the first control until the pointer hides.
        if let r = targets.first { move(to: r.frame.center, over: 0.3) }
        wait(scene.pointer.autoHideDelay + 1)
        out.append(InputEvent(time: t, .position(at)))
        return out
    }
}
