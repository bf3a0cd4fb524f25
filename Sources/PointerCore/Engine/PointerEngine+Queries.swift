/// Read-only questions hosts, tools and the benchmark can ask without changing
/// the engine's state.
extension PointerEngine {
    /// The id of the region the pointer would target at canvas point `p`
    /// (same rules as live targeting: hit areas, frames before padding, topmost).
    public func target(at p: Point) -> String? {
        chooseTarget(at: p).map { facts.regionIDs[$0] }
    }

    /// What magnetism (B13) would pick for a flick lifting at `lift` with
    /// `velocity` (pt/s): the target at the inertia landing point if there is
    /// one, else the nearest snappable target ahead within the scene's radius.
    public func magnetismTarget(lift: Point, velocity: Point) -> String? {
        let landing = inertia.landing(from: lift, velocity: velocity)
        if let t = chooseTarget(at: landing) { return facts.regionIDs[t] }
        return magnetTarget(lift: lift, velocity: velocity, landing: landing).map { facts.regionIDs[$0] }
    }
}
