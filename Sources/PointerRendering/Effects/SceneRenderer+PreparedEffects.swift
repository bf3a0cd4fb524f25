import PointerCore

/// The blurred layers of lifting regions (shadow and radiosity) and of hover
/// shadows, made before they are needed. Made on first use, each took 2–8 ms of
/// the frame that first lifted or hovered its region (at 5K @2, one that missed
/// the compositor's repaint: docs/latency.md). Made here, ahead of the first
/// frame, they cost no frame of the pointer's.
extension SceneRenderer {
    /// Makes the layers of the scene's regions in scene order, until `timeIsUp`
    /// (asked before each) or `bytes` are kept; a later call goes on where this
    /// one stopped. Those left are made on first use, as before. True: all made.
    @discardableResult
    public func prepareEffects(until timeIsUp: () -> Bool, upTo bytes: Int) -> Bool {
        while effects.preparedRegions < layout.regions.count {
            guard !timeIsUp(), effects.bytesKept < bytes else { return false }
            let i = effects.preparedRegions
            effects.preparedRegions += 1
            let r = layout.regions[i]
            // A layer that cannot be made now (memory) is tried again, and reported, when drawn.
            switch r.effect {
            case .lift:
                _ = try? liftLayer(i, r)
            case .hover(let style) where style.shadow && style.scale > 1:
                _ = try? effects.shadow(size: r.frame.size, radius: r.cornerRadius)
            default:
                break
            }
        }
        return true
    }
}
