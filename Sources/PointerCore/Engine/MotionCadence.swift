/// The rhythm motion arrives in, so a pause (an inferred lift, B9) is judged
/// against it. On a busy machine the display server and the overlay run late,
/// and motion reaches the engine in batches 50–160 ms apart: each gap was taken
/// for a rest, and a hand only crossing a control's padding was recentred on it
/// mid-stroke, which spent the visit's one pause recentre before the real rest.
struct MotionCadence: Sendable, Equatable {
    /// Gaps remembered, the newest.
    static let remembered = 8
    /// A pause is a gap this many times the usual one.
    static let pauseFactor = 3.0
    /// The longest gap that counts as rhythm, and the longest pause asked for:
    /// a longer wait is a rest however sparse the motion.
    static let longestGap = 0.3

    private var gaps: [Double] = []

    /// `gap`: time since the previous motion event.
    mutating func add(gap: Double) {
        guard gap >= 0, gap <= Self.longestGap else { return }
        if gaps.count == Self.remembered { gaps.removeFirst() }
        gaps.append(gap)
    }

    /// Time without motion taken for a lift: `liftDelay`, or longer while motion
    /// arrives sparsely. The second-longest recent gap is the usual one, so a
    /// single short rest among them does not slow the next pause down.
    func pause(atLeast liftDelay: Double) -> Double {
        var longest = 0.0
        var usual = 0.0
        for g in gaps {
            if g > longest {
                usual = longest
                longest = g
            } else if g > usual {
                usual = g
            }
        }
        return Swift.max(liftDelay, Swift.min(Self.pauseFactor * usual, Self.longestGap))
    }
}
