import PointerCore
import Testing

@testable import PointerHost

/// A held frame shows every region the pointer is not on as the frame before
/// drew it, its specular light included (C15, docs/latency.md "Animation once
/// per repaint").
@Suite struct AnimationPerRepaintTests {
    private func frame(
        pointer: Point, target: String?, lit: [String: Double], heldLight: Point? = nil,
        effect: PointerEffect = .lift
    ) -> PointerFrame {
        PointerFrame(
            time: 0, pointer: pointer,
            visible: VisiblePointer(
                kind: .circle, frame: Rect(center: pointer, size: Size(width: 19, height: 19)), cornerRadius: 9.5,
                geometry: .roundedRect(size: Size(width: 19, height: 19), cornerRadius: 9.5)),
            target: target, effect: target == nil ? nil : effect,
            regions: lit.mapValues { RegionState(scale: 1 + 0.1 * $0, emphasis: $0) }, heldLight: heldLight)
    }

    /// Every region shown but the target: the state and light the last frame drew.
    private func keepsLook(_ held: PointerFrame, of last: PointerFrame) -> Bool {
        held.regions.keys.filter { $0 != held.target }.allSatisfy {
            held.regions[$0] == last.regions[$0] && held.light(for: $0) == last.light(for: $0)
        }
    }

    @Test(
        "C15 after a frame that drew the animation, a held frame keeps the lights of the icons the pointer left where that frame drew them"
    )
    func heldAfterAdvancing() throws {
        let last = frame(pointer: Point(x: 100, y: 50), target: "a", lit: ["a": 1, "b": 0.6])
        let shown = frame(pointer: Point(x: 130, y: 52), target: "c", lit: ["a": 0.9, "b": 0.5, "c": 0.1])
        let held = try #require(AnimationPerRepaint.holding(shown, after: last))
        #expect(keepsLook(held, of: last))
        #expect(held.regions["c"] == shown.regions["c"], "the target is as it is now")
        #expect(held.light(for: "c") == shown.pointer)
    }

    @Test(
        "C16 a hover target changes only with time: a held frame keeps it as the frame before drew it, and moves only the pointer"
    )
    func hoverTargetHeld() throws {
        let style = HoverStyle(scale: 1.02, shadow: true, tint: .overlay)
        let last = frame(
            pointer: Point(x: 300, y: 200), target: "card", lit: ["card": 0.3, "b": 0.5], effect: .hover(style))
        let shown = frame(
            pointer: Point(x: 312, y: 204), target: "card", lit: ["card": 0.4, "b": 0.4], effect: .hover(style))
        let held = try #require(AnimationPerRepaint.holding(shown, after: last))
        #expect(held.regions == last.regions, "the card and the others as the frame before drew them")
        #expect(held.pointer == shown.pointer && held.visible == shown.visible, "the pointer as it is now")
        // A highlighted or lifted target follows the pointer: it is drawn as it is.
        for effect in [PointerEffect.highlight, .lift] {
            let moving = frame(
                pointer: Point(x: 312, y: 204), target: "card", lit: ["card": 0.4, "b": 0.4], effect: effect)
            let kept = try #require(AnimationPerRepaint.holding(moving, after: last))
            #expect(kept.regions["card"] == moving.regions["card"], "\(effect.name)")
        }
    }

    @Test("C15 a held frame after a held one keeps the held light while the target stays")
    func heldAfterHeld() throws {
        let last = frame(
            pointer: Point(x: 130, y: 52), target: "c", lit: ["a": 0.9, "c": 0.2], heldLight: Point(x: 100, y: 50))
        let shown = frame(pointer: Point(x: 140, y: 55), target: "c", lit: ["a": 0.8, "c": 0.3])
        let held = try #require(AnimationPerRepaint.holding(shown, after: last))
        #expect(keepsLook(held, of: last))
    }

    @Test(
        "C15 when the pointer leaves a lit target after a held frame, the frame is drawn whole: one light cannot hold both where they were"
    )
    func targetLeftAfterHeld() {
        // Last drawn: "c" lit at the pointer, "a" at the held light.
        let last = frame(
            pointer: Point(x: 140, y: 55), target: "c", lit: ["a": 0.8, "c": 0.3], heldLight: Point(x: 100, y: 50))
        let shown = frame(pointer: Point(x: 170, y: 55), target: "d", lit: ["a": 0.7, "c": 0.25, "d": 0.1])
        if let held = AnimationPerRepaint.holding(shown, after: last) {
            #expect(keepsLook(held, of: last), "a held frame would move a light it holds")
        }
    }
}
