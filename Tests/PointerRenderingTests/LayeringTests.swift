import PointerCore
import PointerTrace
import Testing

@testable import PointerRendering

/// Where the pointer sits among a control's layers while it enters, leaves or
/// opens a menu from it (C14, C15, E26): never over the control's content.
@Suite struct LayeringTests {
    static let blue = RGBA(r: 0, g: 0.478, b: 1)

    /// A light bar with a highlight button that has a menu, and a lifted orange icon.
    static var scene: Scene {
        Scene(
            name: "layering", appearance: .light,
            canvas: Canvas(size: Size(width: 320, height: 220), color: RGBA(r: 0.98, g: 0.98, b: 0.99)),
            regions: [
                Region(
                    id: "search", frame: Rect(x: 40, y: 10, width: 37, height: 37), effect: .highlight,
                    content: RegionContent(symbol: "search", color: blue), menu: ["Find", "Replace"]),
                Region(
                    id: "icon", frame: Rect(x: 180, y: 60, width: 64, height: 64), cornerRadius: .points(14),
                    effect: .lift, content: RegionContent(fill: Fixtures.orange, symbol: "music")),
            ])
    }

    /// Frames at 60 fps of: resting on `onto`, then `then` (events after the rest).
    static func session(onto p: Point, then: (inout [InputEvent], inout Double) -> Void) -> [PointerFrame] {
        var events = [InputEvent(time: 0, .position(Point(x: 10, y: 200)))]
        var t = 0.0
        func glide(to q: Point, steps: Int) {
            guard
                case .position(let from) = events.last(where: {
                    if case .position = $0.kind { return true }
                    return false
                })?.kind
            else { return }
            for k in 1...steps {
                t += 0.016
                let s = Double(k) / Double(steps)
                events.append(
                    InputEvent(
                        time: t, .position(Point(x: from.x + (q.x - from.x) * s, y: from.y + (q.y - from.y) * s))))
            }
        }
        glide(to: p, steps: 12)
        t += 0.6
        then(&events, &t)
        var frames: [PointerFrame] = []
        Replay.frames(scene: scene, events: events, fps: 60) { frames.append($0) }
        return frames
    }

    /// Checks every frame with the frame-invariant checker; returns its (a) findings
    /// and how many frames showed the pointer larger than the circle with no target.
    func coverage(_ frames: [PointerFrame]) throws -> (findings: [String], leaving: Int) {
        let checker = try FrameInvariantChecker(name: "layering", scene: Self.scene, scale: 2)
        var leaving = 0
        for f in frames {
            try checker.check(f)
            if f.target == nil && !f.hidden && f.visible.frame.width > 25 && f.visible.opacity > 0.05 { leaving += 1 }
        }
        return (checker.findings.filter { $0.rule == "a" }.map(\.description), leaving)
    }

    @Test("C14 exit keeps the platter behind the glyph")
    func exitKeepsPlatterBehindGlyph() throws {
        // Rest on the button, then leave fast to the right, into open space.
        let frames = Self.session(onto: Point(x: 58, y: 28)) { events, t in
            for k in 1...6 {
                t += 0.016
                events.append(InputEvent(time: t, .position(Point(x: 58 + Double(k) * 12, y: 28))))
            }
        }
        let (findings, leaving) = try coverage(frames)
        #expect(leaving >= 3, "the session shows the platter morphing back (\(leaving) frames)")
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("C14 E26 while a highlighted button's menu is open, the pointer stays its platter, behind its glyph")
    func menuFromHighlightKeepsPlatterBehindGlyph() throws {
        let frames = Self.session(onto: Point(x: 58, y: 28)) { events, t in
            events.append(InputEvent(time: t, .button(.secondary, .pressed)))
            events.append(InputEvent(time: t + 0.05, .button(.secondary, .released)))
            t += 0.6
        }
        let open = frames.filter { $0.menu != nil }
        #expect(open.count >= 10)
        // The button stays the target: the platter does not shrink back into a circle over the glyph.
        #expect(
            open.allSatisfy { $0.target == "search" && $0.visible.frame.width > 30 },
            "\(open.map { ($0.target, $0.visible.frame.width) })")
        let (findings, leaving) = try coverage(frames)
        #expect(leaving == 0, "the pointer left the button's platter while the menu opened (\(leaving) frames)")
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("C15 leaving a lifted icon never draws the pointer over it")
    func exitFromLiftStaysBehind() throws {
        let frames = Self.session(onto: Point(x: 212, y: 92)) { events, t in
            for k in 1...8 {
                t += 0.016
                events.append(InputEvent(time: t, .position(Point(x: 212 - Double(k) * 12, y: 92 + Double(k) * 8))))
            }
        }
        let (findings, leaving) = try coverage(frames)
        #expect(leaving >= 3, "the pointer morphs back from the icon (\(leaving) frames)")
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("C14 leaving, the platter keeps the light material it entered with, never the circle's dark one")
    func exitMirrorsEnter() throws {
        let frames = Self.session(onto: Point(x: 58, y: 28)) { events, t in
            for k in 1...6 {
                t += 0.016
                events.append(InputEvent(time: t, .position(Point(x: 58 + Double(k) * 12, y: 28))))
            }
        }
        let r = try SceneRenderer(scene: Self.scene, scale: 2)
        let circle = try #require(
            frames.first { $0.target == nil && !$0.hidden && abs($0.visible.frame.width - 19) < 0.1 })
        let circleDarkening = try #require(try darkening(circle, r))
        var checkedExit = 0
        for f in frames
        where f.target == nil && f.visible.frame.width > 24 && (f.regions["search"]?.emphasis ?? 0) > 0.001 {
            guard let d = try darkening(f, r) else { continue }
            #expect(
                d < 0.5 * circleDarkening,
                "t=\(f.time): the leaving platter darkens the bar by \(d), the circle by \(circleDarkening)")
            checkedExit += 1
        }
        #expect(checkedExit >= 2, "exit frames checked: \(checkedExit)")
    }

    @Test("C14 E26 the glyph keeps its colour for as long as its button's menu is open: the pointer never covers it")
    func glyphHeldWhileMenuOpen() throws {
        let frames = Self.session(onto: Point(x: 58, y: 28)) { events, t in
            events.append(InputEvent(time: t, .button(.secondary, .pressed)))
            events.append(InputEvent(time: t + 0.05, .button(.secondary, .released)))
            t += 0.8
        }
        let r = try SceneRenderer(scene: Self.scene, scale: 2)
        let opened = try #require(frames.firstIndex { $0.menu != nil })
        let before = try #require(
            try underPointer(frames[opened - 1], r), "the platter shows no glyph before the menu opens")
        var compared = 0
        var changed: [String] = []
        for f in frames[opened...] where f.menu != nil && !f.hidden {
            guard let look = try underPointer(f, r) else { continue }
            if abs(look.glyph - before.glyph) > 8.0 / 255 {
                changed.append(
                    String(format: "t=%.3f: glyph blue %.3f (before the menu %.3f)", f.time, look.glyph, before.glyph))
            }
            compared += 1
        }
        #expect(compared >= 10, "frames compared: \(compared)")
        #expect(changed.isEmpty, "the glyph changed colour under the pointer: \(changed)")
    }

    /// Under the pointer: the mean blue of the glyph's own pixels and the mean
    /// brightness of the bar's, as drawn. nil when the pointer covers too few of either.
    func underPointer(_ f: PointerFrame, _ r: SceneRenderer) throws -> (glyph: Double, bar: Double)? {
        var bare = f
        bare.hidden = true
        bare.menu = nil
        var shown = f
        shown.menu = nil
        let with = try r.render(frame: shown)
        let without = try r.render(frame: bare)
        let v = f.visible.frame.insetBy(dx: 2, dy: 2)
        var glyph = 0.0
        var bar = 0.0
        var ng = 0
        var nb = 0
        for y in Int(v.minY * 2)..<Int(v.maxY * 2) {
            for x in Int(v.minX * 2)..<Int(v.maxX * 2) {
                guard let a = with.pixel(x: x, y: y), let b = without.pixel(x: x, y: y) else { continue }
                if b.b > 230 && b.r < 25 {
                    glyph += Double(a.b) / 255
                    ng += 1
                }
                if b.brightness > 0.95 {
                    bar += a.brightness
                    nb += 1
                }
            }
        }
        return ng >= 10 && nb >= 10 ? (glyph / Double(ng), bar / Double(nb)) : nil
    }

    /// How much the pointer darkens the bare bar, on average over the pointer's
    /// pixels that show the bar (not the glyph) without it. nil when there are none.
    func darkening(_ f: PointerFrame, _ r: SceneRenderer) throws -> Double? {
        var bare = f
        bare.hidden = true
        let with = try r.render(frame: f)
        let without = try r.render(frame: bare)
        let v = f.visible.frame.insetBy(dx: 3, dy: 3)
        var sum = 0.0
        var n = 0
        for y in Int(v.minY * 2)..<Int(v.maxY * 2) {
            for x in Int(v.minX * 2)..<Int(v.maxX * 2) {
                guard let a = with.pixel(x: x, y: y), let b = without.pixel(x: x, y: y), b.brightness > 0.95 else {
                    continue
                }
                sum += b.brightness - a.brightness
                n += 1
            }
        }
        return n >= 20 ? sum / Double(n) : nil
    }

    @Test("E26 in a context menu the circle stays under the row's text")
    func menuTextOverPointer() throws {
        var scene = Self.scene
        scene.appearance = .dark
        scene.canvas.color = RGBA(r: 0.1, g: 0.1, b: 0.11)
        let r = try SceneRenderer(scene: scene, scale: 2)
        let menu = ContextMenu(
            region: "search", items: ["Find", "Replace"], frame: Rect(x: 100, y: 60, width: 160, height: 68))
        // The circle right over the first row's label ("Find" starts 16 pt in).
        let p = Point(x: 124, y: 80)
        let frame = Fixtures.frame(Fixtures.circle(at: p), menu: menu)
        var bare = frame
        bare.hidden = true
        let with = try r.render(frame: frame)
        let without = try r.render(frame: bare)
        var textPixels = 0
        var dimmed = 0
        var pointerPixels = 0
        for y in Int((p.y - 7) * 2)...Int((p.y + 7) * 2) {
            for x in Int((p.x - 7) * 2)...Int((p.x + 7) * 2) {
                let a = try #require(with.pixel(x: x, y: y))
                let b = try #require(without.pixel(x: x, y: y))
                if b.brightness > 0.99 {
                    // The white label's own pixels: untouched when the text lies over the pointer.
                    textPixels += 1
                    if abs(Int(a.r) - Int(b.r)) > 2 || abs(Int(a.g) - Int(b.g)) > 2 { dimmed += 1 }
                } else if b.brightness < 0.3 && a.brightness > b.brightness + 0.1 {
                    pointerPixels += 1
                }
            }
        }
        #expect(textPixels > 20, "the circle sits on the label (\(textPixels) text pixels)")
        #expect(pointerPixels > 100, "the circle is visible on the panel (\(pointerPixels) pixels)")
        #expect(dimmed == 0, "\(dimmed) of \(textPixels) label pixels changed by the circle")
    }
}
