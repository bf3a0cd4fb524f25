import CXCB
import Foundation
import PointerCore
import PointerHost

/// One loop timer for the session's deadline and the canvases' refresh pacing.
extension X11Overlay {
    /// Lets the session draw, then, if a canvas still wants a frame but must
    /// wait for the refresh interval, wakes up when it may draw.
    func service(now: Double = MonotonicClock.now()) {
        if let t = pendingMotionDeadline, t <= now { flushMotion() }
        session.service(now: now)
        stopFollowingIfRested(now: now)
        sampler.mayWatchDesktop = intake.followingMotion
        wake.pacing = session.hasPendingDraws ? canvases.map(\.nextFrameTime).filter { $0 > now }.min() : nil
        wake.backdrop = canvases.contains(where: \.backdropUnverified) ? max(sampler.nextCheck, now) : nil
        armTimer()
    }

    func armTimer() {
        loop.setDeadline(wake.earliest(with: pendingMotionDeadline))
    }

    func timerFired() {
        let now = MonotonicClock.now()
        if let t = wake.session, t <= now {
            // Motion waiting for its frame happened before this deadline: the engine
            // takes it first, or a frame drawn now shows the hand one step behind and a
            // pause is judged without it (an inferred lift would warp the pointer back).
            flushMotion()
            wake.session = nil
            session.timerFired(now: now) // draws too; may set a new deadline
        }
        if let t = wake.backdrop, t <= now {
            wake.backdrop = nil
            // The desktop under a pointer moved without repaint changed: paint its material again.
            for c in canvases where !c.verifyBackdrop() { session.invalidate(canvasID: c.canvasID) }
        }
        service(now: now)
    }
}
