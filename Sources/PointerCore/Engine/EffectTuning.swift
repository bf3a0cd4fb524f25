/// Sizes and factors for the pointer effects (behaviours C14–C16, B8, E28).
public struct EffectTuning: Sendable, Equatable {
    /// Highlight: the control's content scales up a little behind... in front of
    /// the pointer's background (C14). WWDC20 shows ~1.06–1.1 on bar buttons.
    public var highlightContentScale: Double = 1.08
    /// Lift: the element grows by a few points overall (C15) — `liftGrowthSmall` up
    /// to `liftGrowthSmallSize`, easing to `liftGrowthLarge` at `liftGrowthLargeSize`
    /// and beyond — so a 64 pt icon grows ~5.7 pt (≈ 1.09) and clears its label,
    /// and large cards barely grow. Clamped to `liftScaleRange`, so a tiny element
    /// grows at most 12 %.
    public var liftGrowthSmall: Double = 6
    public var liftGrowthLarge: Double = 3
    public var liftGrowthSmallSize: Double = 48
    public var liftGrowthLargeSize: Double = 200
    public var liftScaleRange: ClosedRange<Double> = 1.005...1.12
    /// Press feedback: the pointer scales down on click (D20, C14).
    public var pressScale: Double = 0.9
    /// On click the highlighted content scales back to rest and re-centres (C14).
    public var pressedContentScale: Double = 1.0
    /// Press plus this much motion is a drag (E28): distance, never time.
    public var dragSlop: Double = 2
    public var parallax = ParallaxTuning()

    public init() {}

    /// How many points a lifted element of `size` grows (its longer side).
    public func liftGrowth(for size: Size) -> Double {
        let longer = Swift.max(size.width, size.height, 1)
        let t = Swift.min(Swift.max((longer - liftGrowthSmallSize) / (liftGrowthLargeSize - liftGrowthSmallSize), 0), 1)
        return liftGrowthSmall + (liftGrowthLarge - liftGrowthSmall) * t
    }

    public func liftScale(for size: Size) -> Double {
        let longer = Swift.max(size.width, size.height, 1)
        return Swift.min(
            Swift.max((longer + liftGrowth(for: size)) / longer, liftScaleRange.lowerBound),
            liftScaleRange.upperBound)
    }
}
