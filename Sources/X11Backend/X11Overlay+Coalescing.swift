import CXCB
import Foundation
import PointerCore
import PointerHost

/// Overlay motion coalesced per frame: a 250–1000 Hz mouse sends several
/// motion events per refresh, but only where the pointer is when a frame may
/// be drawn matters. Between frames the newest motion waits (one round trip
/// and one engine step per frame, not per event); anything else (a button, a
/// scroll, a key, leaving) delivers it first, so the order is kept.
///
/// While the hand keeps moving, the connection is not even polled between
/// frames: it is read once, when the next frame may be drawn. Otherwise every
/// frame woke the overlay three times (the ConfigureNotify of its own moved
/// window, the first motion event, the frame's timer).
extension X11Overlay {
    /// Motion waiting for the next frame.
    struct PendingMotion {
        /// Where the device motion put the pointer (root px); nil: ask the server.
        var at: (x: Double, y: Double)?
        var absolute: Bool
        /// When it arrived (the engine's sample time).
        var time: Double
        /// Older positions that go to the engine first (see `keeping`).
        var earlier: [RawMotionSteps.Sample] = []

        /// The newer motion `next` replaces this one. A late frame can see
        /// several; if only the newest reached the engine, the motion in between
        /// would look like a pause (an inferred lift recentres, and its warp pulls
        /// the pointer back). So this one is kept as a sample whenever the engine
        /// would otherwise see no motion for longer than `RawMotionSteps.lateSpan`.
        func keeping(for next: PendingMotion, lastDelivered: Double?) -> [RawMotionSteps.Sample] {
            guard let at else { return earlier }
            let anchor = earlier.last?.time ?? lastDelivered ?? time
            guard next.time - anchor > RawMotionSteps.lateSpan else { return earlier }
            return (earlier + [RawMotionSteps.Sample(x: at.x, y: at.y, time: time)]).suffix(RawMotionSteps.capacity)
        }
    }

    /// AP_X11_NO_COALESCING=1 delivers every motion event at once (for comparison).
    static let coalescing = ProcessInfo.processInfo.environment["AP_X11_NO_COALESCING"] == nil

    /// Whether motion arriving now waits for the pointer canvas's next frame.
    /// Within one batch of events read together, only the newest motion counts:
    /// it waits for the batch's end (`readingBatch`), then for the frame.
    func motionWaits(now: Double, absolute: Bool) -> Bool {
        guard Self.coalescing, options.mode == .overlay, !absolute, let canvas = intake.pointerCanvas else {
            return false
        }
        return intake.readingBatch || canvas.nextFrameTime > now
    }

    /// Raw or device motion: delivered now, or kept for the next frame.
    /// `sampledAt`: when it happened (the server's event time), if known.
    func motion(atRootX x: Double?, y: Double?, absolute: Bool, now: Double, sampledAt: Double? = nil) {
        let time = sampledAt ?? now
        if motionWaits(now: now, absolute: absolute) {
            let at = x.flatMap { x in y.map { (x: x, y: $0) } }
            var next = PendingMotion(at: at, absolute: absolute, time: time)
            if let old = intake.pendingMotion {
                next.earlier = old.keeping(for: next, lastDelivered: intake.lastMotionDelivered)
            }
            intake.pendingMotion = next
            wake.needsService = true
            return
        }
        intake.pendingMotion = nil
        intake.followingMotion = true
        if let x, let y {
            pointer(atRootX: x, y: y, absolute: absolute, now: time)
        } else {
            pointerMoved(now: time, absolute: absolute)
        }
    }

    /// Delivers the waiting motion (before other input, or when its frame is due).
    func flushMotion() {
        guard let p = intake.pendingMotion else { return }
        intake.pendingMotion = nil
        intake.followingMotion = true
        for e in p.earlier { pointer(atRootX: e.x, y: e.y, absolute: p.absolute, now: e.time) }
        if let at = p.at {
            pointer(atRootX: at.x, y: at.y, absolute: p.absolute, now: p.time)
        } else {
            pointerMoved(now: p.time, absolute: p.absolute)
        }
    }

    /// Until the pointer canvas's next frame, after a frame that followed motion:
    /// the hand is likely still moving, and what it sends is read then.
    func quietUntil(now: Double) -> Double? {
        guard intake.followingMotion, Self.coalescing, options.mode == .overlay, let canvas = intake.pointerCanvas
        else { return nil }
        let t = canvas.nextFrameTime
        return t > now ? t : nil
    }

    /// The pointer's frame is due and no motion came for it: the hand rests,
    /// poll the connection again (one wake-up after the last motion, none at rest).
    func stopFollowingIfRested(now: Double) {
        if intake.followingMotion, intake.pendingMotion == nil, quietUntil(now: now) == nil {
            intake.followingMotion = false
        }
    }

    /// While motion waits for its frame, or the hand keeps moving, the
    /// connection is not polled: what arrives meanwhile is read in one go when
    /// the frame is due (every loop pass reads the socket before the timer is
    /// handled), so a 250–1000 Hz mouse wakes the overlay about once per
    /// frame, not once per event. A button, key or scroll read then waits at
    /// most a frame interval, which its drawing would wait for anyway. A broken
    /// connection still wakes it: poll always reports POLLHUP and POLLERR.
    var connectionPollEvents: Int16 {
        intake.pendingMotion == nil && quietUntil(now: MonotonicClock.now()) == nil ? Int16(POLLIN) : 0
    }

    /// When the waiting motion is due, or the quiet interval ends: the pointer canvas's next frame.
    var pendingMotionDeadline: Double? {
        guard intake.pendingMotion != nil else { return quietUntil(now: MonotonicClock.now()) }
        return intake.pointerCanvas?.nextFrameTime ?? MonotonicClock.now()
    }
}
