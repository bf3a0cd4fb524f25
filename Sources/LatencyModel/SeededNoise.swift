import PointerCore

/// Deterministic noise for simulations (SplitMix64): the same seed and index
/// give the same number on every machine.
public struct SeededNoise: Sendable {
    public let seed: UInt64

    public init(seed: UInt64) { self.seed = seed }

    /// A value in [0, 1) for `index` (stateless: any order of questions gives the same answers).
    public func unit(_ index: Int, stream: UInt64 = 0) -> Double {
        var z = seed &+ (UInt64(bitPattern: Int64(index)) &+ stream &* 0x632B_E59B_D9B4_E019) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }

    /// A value in [−1, 1).
    public func signed(_ index: Int, stream: UInt64 = 0) -> Double { 2 * unit(index, stream: stream) - 1 }
}
