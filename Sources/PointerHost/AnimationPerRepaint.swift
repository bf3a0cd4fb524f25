import PointerCore

/// A layered stage's animation advances once per repaint of the compositor.
/// With input pacing a frame is drawn for every input, about two per repaint
/// at 125 Hz; each used to draw the stage's animation anew (icons settling
/// behind the pointer, a card fading), though the compositor shows only the
/// newest. Now the first frame after each repaint draws everything as it is;
/// a later frame before the next repaint draws the pointer and the region it
/// acts on as they are, and every other region (its specular light included)
/// as that first frame drew it. A target whose look does not follow the
/// pointer (hover, C16: it grows and casts its shadow over time, under the
/// circle) is held too: only the pointer moves in such a frame.
/// What tells repaints apart is the compositor's own report of each (the
/// frame callback), not the learnt phase: sway's headless repaints drift.
/// A late frame (one drawn just before the repaint, which must be quick to
/// make it) is then the pointer's work alone, and the animation's work is
/// done early in the period (docs/latency.md, "Animation once per repaint").
///
/// Every region shown is in a state that was drawn for this repaint or is
/// current, so nothing shows half one state and half another.
enum AnimationPerRepaint {
    /// When the animation was last drawn, and whether the compositor has
    /// repainted since (a frame callback or presentation report came).
    struct Clock {
        var drawnAt: Double?
        var repaintedSince = true

        /// Whether a frame drawn at `now` draws the animation: the first after a
        /// repaint, or, should reports stop coming, a period after the last.
        func advances(now: Double, period: Double) -> Bool {
            guard let drawnAt, !repaintedSince else { return true }
            return now - drawnAt >= period
        }

        mutating func drew(at now: Double) {
            drawnAt = now
            repaintedSince = false
        }

        mutating func repainted() { repaintedSince = true }
    }

    /// `shown` with every region but its target as in `last`, their specular
    /// light included, and the target too unless it follows the pointer; nil
    /// when that holds nothing back.
    static func holding(_ shown: PointerFrame, after last: PointerFrame) -> PointerFrame? {
        // Last drawn, the target it had was lit at the pointer and the others at
        // a held light: one light cannot keep both where they were. Drawn whole.
        if let left = last.target, left != shown.target, last.heldLight != nil,
            (last.regions[left]?.emphasis ?? 0) > 0.001
        {
            return nil
        }
        var held = shown
        var changed = false
        let current = followsPointer(shown) ? shown.target : nil
        for id in Set(shown.regions.keys).union(last.regions.keys) where id != current {
            guard shown.regions[id] != last.regions[id] else { continue }
            held.regions[id] = last.regions[id]
            changed = true
        }
        // A lifted region the pointer left keeps its light where that frame drew it.
        if held.regions.contains(where: { $0.key != shown.target && $0.value.emphasis > 0.001 }) {
            held.heldLight = last.heldLight ?? last.pointer
            changed = changed || held.heldLight != shown.pointer
        }
        return changed ? held : nil
    }

    /// Whether the target's look moves with the pointer: a highlight's content
    /// and a lifted element follow it (parallax) and hold its light, and the
    /// pointer is drawn as part of them. A hover target changes only with time.
    static func followsPointer(_ frame: PointerFrame) -> Bool {
        switch frame.effect {
        case .highlight?, .lift?: return true
        case .hover?, PointerEffect.none?, nil: return false
        }
    }
}
