/// Which look, dark or light, the pointer wears across frames (D20): the switch
/// is judged on a smoothed lightness with a band around the switch point, held
/// for a while once made, and shown as a cross-fade over several frames. Hand
/// tremor over a mid-grey or a gradient therefore switches at most once, and
/// no frame swaps the look whole.
///
/// One frame alone (a still, a fresh renderer) has no memory: it wears the look
/// its surroundings call for, as before. `Shaders/material_resolve.frag` keeps
/// the same state on the GPU, with these constants.
public struct MaterialMemory: Equatable, Sendable {
    /// Half-width of the band around `PointerMaterial.switchLightness` (L*/100)
    /// inside which the current look stays.
    public static let band = 0.05
    /// Time constant (s) of the surroundings' smoothed lightness: tremor of a
    /// few points moves it by a fraction of the band.
    public static let smoothing = 0.06
    /// After a switch, the other look must wait this long (s).
    public static let hold = 0.35
    /// The cross-fade between the looks (s).
    public static let fade = 0.15
    /// Longest step (s) one frame may take: after an idle pause the first frame
    /// continues the fade instead of finishing it at once.
    public static let longestStep = 1.0 / 30
    /// How long after its inputs last changed the look may still change: a
    /// held switch, then the fade, after the smoothing has caught up. (A
    /// renderer that cannot read its memory back, the GL one, draws until then.)
    public static let settleTime = hold + fade + 3 * smoothing

    /// The look switched to (or kept).
    public private(set) var target: PointerMaterial.Polarity
    /// Where the cross-fade stands: 0 the dark look, 1 the light one.
    public private(set) var light: Double
    /// The surroundings' lightness (L*/100), smoothed over time.
    public private(set) var lightness: Double
    /// The lightness of the backdrop right under the pointer, smoothed alike:
    /// the footprint's say (see `PointerMaterial`) is judged on it, so tremor
    /// across a sharp edge does not toss the look between the two sides.
    public private(set) var footprintLightness: Double
    /// Seconds since the last switch (capped at 1).
    public private(set) var sinceSwitch: Double
    /// The frame time of the last step.
    public private(set) var time: Double

    /// The memory of a first frame: no fade, no smoothing.
    public init(lightness: Double, footprintLightness: Double, preferred: PointerMaterial.Polarity, time: Double) {
        target = preferred
        light = preferred == .light ? 1 : 0
        self.lightness = lightness
        self.footprintLightness = footprintLightness
        sinceSwitch = 1
        self.time = time
    }

    /// True while the cross-fade runs: the next frame looks different even if
    /// nothing else changes.
    public var isFading: Bool { light != (target == .light ? 1 : 0) }

    /// The look the smoothed lightness calls for, keeping `target` inside the band.
    public static func polarity(lightness: Double, keeping current: PointerMaterial.Polarity?)
        -> PointerMaterial.Polarity
    {
        let s = PointerMaterial.switchLightness
        switch current {
        case .dark?: return lightness < s - band ? .light : .dark
        case .light?: return lightness >= s + band ? .dark : .light
        case nil: return lightness >= s ? .dark : .light
        }
    }

    /// Advances to frame time `now` with the surroundings' lightness `raw` and
    /// the footprint's `rawFootprint`; `override` turns the wanted look to the
    /// other one given the smoothed footprint lightness (the footprint can only
    /// contrast on that side). A frame at the same time (another draw of one
    /// frame) changes nothing.
    public mutating func step(
        lightness raw: Double, footprintLightness rawFootprint: Double, to now: Double,
        override: (PointerMaterial.Polarity, Double) -> PointerMaterial.Polarity = { p, _ in p }
    ) {
        let dt = min(max(now - time, 0), Self.longestStep)
        time = max(time, now)
        let pull = 1 - exp(-dt / Self.smoothing)
        lightness += (raw - lightness) * pull
        footprintLightness += (rawFootprint - footprintLightness) * pull
        sinceSwitch = min(sinceSwitch + dt, 1)
        let wanted = override(Self.polarity(lightness: lightness, keeping: target), footprintLightness)
        if wanted != target, sinceSwitch >= Self.hold {
            target = wanted
            sinceSwitch = 0
        }
        let goal = target == .light ? 1.0 : 0.0
        let reach = dt / Self.fade
        light = abs(goal - light) <= reach ? goal : light + (goal > light ? reach : -reach)
    }

    /// The share of the light look in what is drawn (the fade eased in and out).
    public var lightShare: Double { light * light * (3 - 2 * light) }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
