import PointerCore

/// Where the pointer sits in the drawing order of one frame, and whose effect
/// sets its material (C14, C15).
///
/// A highlight pointer is the control's lighter background, under its content; a
/// lift pointer is under the lifted element. The pointer keeps that place while
/// it morphs back out of a control — leaving it, a context menu opening from it,
/// or gliding on to the next one — until it is the plain circle again: entering
/// and leaving mirror each other, and no control's content is ever painted over.
struct PointerLayering: Equatable {
    /// Where the pointer is drawn.
    var slot: ScenePlanner.PointerSlot
    /// The highlight or lift region whose effect the pointer still shows: the
    /// target, or the control it is leaving. nil for the plain pointer.
    var owner: Int?
    /// Involved controls drawn before the pointer whose upper layers (content;
    /// a lifted element's whole body) are painted again over it, clipped to it.
    var above: [Int]
    /// How strongly the `above` content still lies over the pointer: 1 until the
    /// pointer is the circle again, then falling with the left control's emphasis,
    /// so the circle covers the content (and loses the control's look) gradually.
    var contentOver: Double = 1

    static let plain = PointerLayering(slot: .top, owner: nil, above: [])
    /// The emphasis at which the resting circle starts to come over the left content.
    static let takeOverEmphasis = 0.25
}

extension ScenePlanner {
    /// Where the pointer goes in the drawing order.
    enum PointerSlot: Equatable {
        /// After every region (no effect, hover, shapes, and controls being left).
        case top
        /// Behind region `index`'s content as its lighter background (highlight, C14).
        case highlight(Int)
        /// Behind region `index`, fading as it lifts (lift, C15).
        case underLift(Int)
    }

    func pointerSlot(_ frame: PointerFrame) -> PointerSlot {
        pointerLayering(frame, placements: placementCache.placements(for: frame)).slot
    }

    /// Whether region `i` snaps the pointer under itself (highlight or lift).
    func holdsPointerBehind(_ i: Int) -> Bool {
        switch layout.regions[i].effect {
        case .highlight, .lift: return true
        default: return false
        }
    }

    /// The plain circle at its resting size: no control's effect shows in it any more.
    func isRestingCircle(_ v: VisiblePointer) -> Bool {
        let d = layout.scene.pointer.diameter
        return v.kind == .circle && v.transition == nil
            && abs(v.frame.width - d) < 0.5 && abs(v.frame.height - d) < 0.5
    }

    func pointerLayering(_ frame: PointerFrame, placements: FramePlacements) -> PointerLayering {
        guard drawsPointer, !frame.hidden, frame.visible.opacity > 0.001,
            let box = pointerBounds(frame)
        else { return .plain }
        var target: Int?
        var slot = PointerSlot.top
        if let id = frame.target, let i = layout.indexByID[id] {
            switch frame.effect ?? layout.regions[i].effect {
            case .highlight:
                slot = .highlight(i)
                target = i
            case .lift:
                slot = .underLift(i)
                target = i
            default: break
            }
        }
        // Controls still showing their effect: the one being left, and the previous
        // target while the pointer glides on to the next.
        var fading: [(index: Int, emphasis: Double)] = []
        for (id, s) in frame.regions where s.emphasis > 0.001 {
            guard let i = layout.indexByID[id], i != target, holdsPointerBehind(i) else { continue }
            fading.append((i, s.emphasis))
        }
        fading.sort { $0.index < $1.index }
        // Those under the pointer keep their content over it.
        let above = fading.map(\.index).filter { placements[$0].bounds.intersects(box) }
        if let t = target {
            return PointerLayering(slot: slot, owner: t, above: above.filter { $0 < t })
        }
        // Leaving: until it is the circle again the pointer keeps the look of the
        // control it leaves (the most emphasised), as it had entering. Then, while
        // that control's emphasis runs out, the circle comes over its content and
        // takes its own material: a menu opening from a button leaves the circle on
        // the glyph, where switching layers in one frame would flash the glyph dark.
        guard let owner = fading.max(by: { ($0.emphasis, $0.index) < ($1.emphasis, $1.index) }) else { return .plain }
        guard isRestingCircle(frame.visible) else {
            return PointerLayering(slot: .top, owner: owner.index, above: above)
        }
        return PointerLayering(
            slot: .top, owner: owner.index, above: above,
            contentOver: min(1, owner.emphasis / PointerLayering.takeOverEmphasis))
    }
}
