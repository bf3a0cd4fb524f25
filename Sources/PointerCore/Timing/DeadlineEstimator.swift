/// When to draw so a frame makes the display's next repaint with the freshest
/// input: the repaint clock (period and phase) learnt from the times repaints
/// were seen (presentation feedback, frame callbacks), and a safety margin
/// learnt from how long drawing and committing actually take.
///
/// - Period: each interval between two observed repaints is a whole number of
///   periods (a client that did not draw gets no callback); the median of the
///   recent per-period estimates, seeded with the nominal mode refresh.
/// - Phase: the newest repaint (or the one before it, projected, when that is
///   slightly earlier: reports arrive late, never early); a compositor whose
///   clock jumps (sway's headless timer restarts after each repaint) is followed at once.
/// - Margin: the 95th percentile of recent draw+commit times plus `safety`,
///   plus a penalty that grows by `missPenalty` each time a frame missed the
///   repaint it aimed at and shrinks by `recovery` each time one made it.
///
/// Pure: time comes in as arguments (seconds on any one monotonic clock).
public struct DeadlineEstimator: Sendable {
    public struct Tuning: Sendable, Equatable {
        /// Added to the measured draw time (s): the compositor's own latch lead and wake-up jitter.
        public var safety = 0.0015
        /// A miss costs this much margin; each frame that made it gives back
        /// `recovery`: about one miss in a hundred frames at equilibrium.
        public var missPenalty = 0.001
        public var recovery = 0.00002
        /// The margin never exceeds this fraction of a period.
        public var maxMarginFraction = 0.6
        /// No repaint seen for this many periods: the phase is unknown (the
        /// compositor went idle and will repaint when asked).
        public var staleAfterPeriods = 6.0
        /// Reports of a steady clock arrive up to this late (s): within it, an
        /// earlier phase is the truer one; beyond it, the clock moved.
        public var reportJitter = 0.0015
        /// How many observations each estimate keeps.
        public var history = 32

        public init() {}
    }

    public var tuning: Tuning
    /// The mode's refresh period (s), if the output reports one.
    public private(set) var nominalPeriod: Double?
    private var refreshes: [Double] = []
    private var periodSamples: [Double] = []
    private var drawTimes: [Double] = []
    /// Extra margin after missed repaints (s).
    public private(set) var penalty = 0.0
    public private(set) var misses = 0
    public private(set) var hits = 0

    public init(nominalPeriod: Double? = nil, tuning: Tuning = Tuning()) {
        self.tuning = tuning
        setNominalPeriod(nominalPeriod)
    }

    /// The output's mode changed (or became known).
    public mutating func setNominalPeriod(_ period: Double?) {
        guard let period, period.isFinite, period > 0.001, period < 1 else {
            nominalPeriod = nil
            return
        }
        if nominalPeriod != period { periodSamples.removeAll() }
        nominalPeriod = period
    }

    /// The learnt refresh period (s): nominal until repaints were seen; 1/60 s without either.
    public var period: Double {
        if periodSamples.count >= 3 { return Percentile.nearestRank(periodSamples, 50) ?? fallbackPeriod }
        return fallbackPeriod
    }

    private var fallbackPeriod: Double { nominalPeriod ?? 1.0 / 60 }

    /// A repaint was seen at `t` (a presentation time, or a frame callback's arrival).
    public mutating func observeRefresh(at t: Double) {
        guard t.isFinite else { return }
        if let last = refreshes.last {
            // Without a mode or enough samples, the shortest interval seen is
            // the best guess (a skipped repaint only lengthens one).
            var guess = period
            if nominalPeriod == nil, periodSamples.count < 3 {
                let gaps = zip(refreshes.dropFirst(), refreshes).map { $0 - $1 } + [t - last]
                if let shortest = gaps.filter({ $0 > 0.001 }).min() { guess = Swift.min(guess, shortest) }
            }
            // Several reports of one repaint (one per frame it showed) arrive together.
            guard t > last + 0.25 * guess else { return }
            let gap = t - last
            let k = (gap / guess).rounded()
            // Intervals of one to four periods, not far from whole: a period sample.
            if k >= 1, k <= 4, abs(gap - k * guess) < 0.25 * guess {
                Self.keep(&periodSamples, gap / k, tuning.history)
            } else if k >= 1, k <= 4, periodSamples.count < 3, nominalPeriod == nil {
                Self.keep(&periodSamples, gap / k, tuning.history)
            }
        }
        Self.keep(&refreshes, t, 8)
    }

    /// Drawing and committing one frame took `seconds`.
    public mutating func observeDraw(taking seconds: Double) {
        guard seconds.isFinite, seconds >= 0 else { return }
        Self.keep(&drawTimes, seconds, tuning.history)
    }

    /// A frame drawn for the repaint at `aimed` was seen at `seen` (its
    /// callback or presentation): adapts the margin.
    public mutating func observeOutcome(aimedAt aimed: Double, seenAt seen: Double) {
        if seen > aimed + period / 2 {
            misses += 1
            penalty = Swift.min(penalty + tuning.missPenalty, period * tuning.maxMarginFraction)
        } else {
            hits += 1
            penalty = Swift.max(0, penalty - tuning.recovery)
        }
    }

    /// How long drawing and committing a frame takes (95th percentile of recent draws, s).
    public var drawTime: Double { Percentile.nearestRank(drawTimes, 95) ?? 0.001 }

    /// How long before a repaint drawing must start (s).
    public var margin: Double {
        Swift.min(drawTime + tuning.safety + penalty, period * tuning.maxMarginFraction)
    }

    /// The repaint a frame started now is aimed at when drawn at once (not
    /// waiting for a deadline): the first one after it is committed. Near a
    /// repaint the earlier one is chosen: a frame that misses it is replaced by
    /// the next input's before the repaint after, while one aimed a repaint
    /// late but shown early would put the pointer a whole period ahead. The
    /// typical draw time, not the slow one the margin allows for, for the same reason.
    public func likelyRefresh(forDrawAt now: Double) -> Double? {
        nextRefresh(after: now + (Percentile.nearestRank(drawTimes, 50) ?? 0.001))
    }

    /// The first repaint strictly after `t`, nil when the phase is unknown or stale.
    public func nextRefresh(after t: Double) -> Double? {
        guard let newest = refreshes.last else { return nil }
        let p = period
        guard t - newest <= tuning.staleAfterPeriods * p else { return nil }
        // The newest repaint, or the one before projected by a period when that
        // is a little earlier (reports arrive late, never early). A bigger
        // difference is a phase jump (a compositor whose clock restarts after
        // idling or a stall): follow it.
        var anchor = newest
        if refreshes.count >= 2 {
            let previous = refreshes[refreshes.count - 2]
            let k = ((newest - previous) / p).rounded()
            let projected = previous + k * p
            if projected < newest, newest - projected < tuning.reportJitter { anchor = projected }
        }
        let n = ((t - anchor) / p).rounded(.down) + 1
        return anchor + n * p
    }

    /// When to start drawing at `now` or later for the earliest repaint that can
    /// still be made, and that repaint; nil when the phase is unknown (draw now).
    public func schedule(now: Double) -> (drawAt: Double, refresh: Double)? {
        guard let next = nextRefresh(after: now + margin) else { return nil }
        return (next - margin, next)
    }

    private static func keep(_ list: inout [Double], _ value: Double, _ limit: Int) {
        list.append(value)
        if list.count > limit { list.removeFirst(list.count - limit) }
    }
}
