import PointerCore

/// "What colour is under this rect of the canvas?" — the one question the pointer
/// material asks (behaviour D20). A stage answers from its own pixels
/// (`StageBackgroundSampler`); a live overlay answers by sampling the screen.
///
/// Implementations return the area-weighted mean colour over `rect` (canvas pt),
/// straight alpha; a partly transparent answer means "partly unknown" and the
/// material composites it over its fallback. Must be cheap (called once per frame)
/// and, for a stage, deterministic.
public protocol BackgroundSampler: AnyObject {
    func averageColor(in rect: Rect) -> RGBA
}

/// A sampler that always answers the same colour (tests, or a backend that knows
/// the desktop is uniform).
public final class UniformBackgroundSampler: BackgroundSampler {
    public let color: RGBA
    public init(color: RGBA) { self.color = color }
    public func averageColor(in rect: Rect) -> RGBA { color }
}
