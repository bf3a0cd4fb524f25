/// Sizes and factors for the pointer effects (behaviours C14–C16, B8, E28).
public struct EffectTuning: Sendable, Equatable {
    /// Highlight: the control's content scales up a little behind... in front of
    /// the pointer's background (C14). WWDC20 shows ~1.06–1.1 on bar buttons.
    public var highlightContentScale: Double = 1.08
    /// Lift: the element grows by this many points overall (C15) — a 120 pt icon
    /// scales ~1.1 — clamped to `liftScaleRange` so tiny and huge elements stay sane.
    public var liftGrowth: Double = 12
    public var liftScaleRange: ClosedRange<Double> = 1.03...1.15
    /// Press feedback: the pointer scales down on click (D20, C14).
    public var pressScale: Double = 0.9
    /// On click the highlighted content scales back to rest and re-centres (C14).
    public var pressedContentScale: Double = 1.0
    /// Press plus this much motion is a drag (E28): distance, never time.
    public var dragSlop: Double = 2
    public var parallax = ParallaxTuning()

    public init() {}

    public func liftScale(for size: Size) -> Double {
        let longer = Swift.max(size.width, size.height, 1)
        return Swift.min(Swift.max((longer + liftGrowth) / longer, liftScaleRange.lowerBound),
                         liftScaleRange.upperBound)
    }
}
