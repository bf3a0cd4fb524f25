import RealModule

/// How a spring feels: `response` is the period (seconds) of the undamped
/// oscillation, `dampingRatio` 1 = critically damped (no overshoot), < 1 bounces.
/// The same parameterisation as SwiftUI's `.spring(response:dampingFraction:)`.
public struct SpringParameters: Sendable, Equatable {
    public var response: Double
    public var dampingRatio: Double
    /// At rest once the spring can no longer move further than this from its
    /// target (its displacement and velocity / ω together).
    public var restThreshold: Double

    public init(response: Double, dampingRatio: Double, restThreshold: Double) {
        self.response = response
        self.dampingRatio = dampingRatio
        self.restThreshold = restThreshold
    }
}

/// A damped harmonic oscillator pulled towards `target`, advanced by the exact
/// (closed-form) solution for any dt, so the result never depends on frame rate
/// or step size. A spring at rest sits exactly on its target with zero velocity
/// and asks for no frame.
public struct Spring: Sendable, Equatable {
    public var value: Double
    public var velocity: Double
    public var target: Double
    public var parameters: SpringParameters

    public init(_ value: Double, parameters: SpringParameters) {
        self.value = value
        self.velocity = 0
        self.target = value
        self.parameters = parameters
    }

    public var isAtRest: Bool { value == target && velocity == 0 }

    /// Jumps to `value` with no animation.
    public mutating func set(_ value: Double) {
        self.value = value
        self.target = value
        self.velocity = 0
    }

    public mutating func step(_ dt: Double) {
        if isAtRest || dt <= 0 { return }
        let omega = 2 * Double.pi / max(parameters.response, 1e-4)
        let zeta = max(parameters.dampingRatio, 0)
        let x0 = value - target
        let v0 = velocity
        var x: Double
        var v: Double
        if zeta < 1 {
            // Underdamped: x(t) = e^(−ζωt) (A cos ωd t + B sin ωd t).
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let a = x0
            let b = (v0 + zeta * omega * x0) / wd
            let decay = Double.exp(-zeta * omega * dt)
            let c = Double.cos(wd * dt)
            let s = Double.sin(wd * dt)
            x = decay * (a * c + b * s)
            v = decay * ((b * wd - zeta * omega * a) * c - (a * wd + zeta * omega * b) * s)
        } else if zeta == 1 {
            // Critically damped: x(t) = (A + B t) e^(−ωt).
            let a = x0
            let b = v0 + omega * x0
            let decay = Double.exp(-omega * dt)
            x = (a + b * dt) * decay
            v = (b - omega * (a + b * dt)) * decay
        } else {
            // Overdamped: sum of two decaying exponentials.
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root)
            let r2 = -omega * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            let e1 = Double.exp(r1 * dt)
            let e2 = Double.exp(r2 * dt)
            x = c1 * e1 + c2 * e2
            v = c1 * r1 * e1 + c2 * r2 * e2
        }
        // A damped spring's energy only falls, so it can never again be further
        // from its target than √(x² + (v/ω)²): below the threshold, it rests.
        let eps = parameters.restThreshold
        if x * x + (v / omega) * (v / omega) < eps * eps {
            value = target
            velocity = 0
        } else {
            value = target + x
            velocity = v
        }
    }
}

/// Spring settings used by the engine (docs/engine.md, "Springs"). Sources:
/// SwiftUI's `interactiveSpring` (response 0.15, damping 0.86) and default
/// `spring` (0.55, 0.825); the pointer morph is quicker than the default and
/// bouncier than both, so a snap overshoots a little, as on iPadOS, and settles
/// within about a quarter of a second.
public enum SpringTuning {
    /// Visible pointer position (snap displacement), size and corner radius (A2, D21):
    /// ζ 0.72 overshoots by e^(−πζ/√(1−ζ²)) ≈ 3.8 % (1.5 pt on a 40 pt snap).
    public static let morph = SpringParameters(response: 0.2, dampingRatio: 0.72, restThreshold: 0.005)
    /// Press feedback (scale down on click): crisp, no bounce.
    public static let press = SpringParameters(response: 0.12, dampingRatio: 1, restThreshold: 0.0002)
    /// Fades: auto-hide, lift disappearance, reveal, `hides`, effect emphasis.
    /// At rest within half an 8-bit alpha step: what is left cannot show, and
    /// finer tails cost about five frames a fade.
    public static let fade = SpringParameters(response: 0.3, dampingRatio: 1, restThreshold: 1.0 / 512)
    /// Region effects: lift/hover scale, parallax offset, emphasis (C14–C16).
    public static let regionScale = SpringParameters(response: 0.3, dampingRatio: 0.8, restThreshold: 0.0002)
    public static let regionOffset = SpringParameters(response: 0.25, dampingRatio: 0.72, restThreshold: 0.005)
    /// A context menu's scale-and-fade (E26): about 0.15 s to open or close,
    /// no overshoot (an opacity past 1 would flash).
    public static let menu = SpringParameters(response: 0.16, dampingRatio: 1, restThreshold: 1.0 / 512)
    /// Shape transition progress 0 → 1 for morphs involving a path (D21).
    public static let transition = SpringParameters(response: 0.22, dampingRatio: 1, restThreshold: 0.0002)
}
