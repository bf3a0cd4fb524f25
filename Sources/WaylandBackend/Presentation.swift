import CWaylandClient
import CWaylandProtocols

#if canImport(Glibc)
    import Glibc
#endif

/// wp_presentation: when did a committed frame reach the screen. Used for
/// motion-to-present latency and the "first frame presented" log line.
final class Presentation {
    let proxy: OpaquePointer
    /// The clock the compositor's timestamps are in (CLOCK_MONOTONIC usually).
    fileprivate(set) var clockID: clockid_t = CLOCK_MONOTONIC

    init(proxy: OpaquePointer) {
        self.proxy = proxy
        wp_presentation_add_listener(proxy, presentationListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { wp_presentation_destroy(proxy) }

    /// Feedback requests not answered yet, and whether any ever was.
    fileprivate(set) var outstanding = 0
    fileprivate(set) var everAnswered = false

    /// Some compositors advertise wp_presentation but never answer for some
    /// surfaces (sway 1.7 with layer surfaces on the headless backend). After a
    /// few unanswered frames we stop asking, instead of piling up objects.
    var isAnswering: Bool { everAnswered || outstanding < 8 }

    /// Asks for feedback on the next commit of `surface` (call before commit).
    /// `report` gets the presentation time in CLOCK_MONOTONIC seconds and the
    /// output's refresh period (s, 0 when unknown), or nil when discarded.
    func feedback(on surface: OpaquePointer, report: @escaping ((time: Double, refresh: Double)?) -> Void) {
        guard isAnswering, let fb = wp_presentation_feedback(proxy, surface) else { return }
        outstanding += 1
        let box = FeedbackBox(proxy: fb, clockID: clockID, owner: self, report: report)
        wp_presentation_feedback_add_listener(fb, feedbackListener, Unmanaged.passRetained(box).toOpaque())
    }
}

/// Lives from the request until `presented` or `discarded` (retained by the listener's user data).
private final class FeedbackBox {
    let proxy: OpaquePointer
    let clockID: clockid_t
    weak var owner: Presentation?
    let report: ((time: Double, refresh: Double)?) -> Void

    init(
        proxy: OpaquePointer, clockID: clockid_t, owner: Presentation,
        report: @escaping ((time: Double, refresh: Double)?) -> Void
    ) {
        self.proxy = proxy
        self.clockID = clockID
        self.owner = owner
        self.report = report
    }

    func finish(_ time: (time: Double, refresh: Double)?) {
        if let owner {
            owner.outstanding -= 1
            owner.everAnswered = true
        }
        report(time)
        wp_presentation_feedback_destroy(proxy)
    }

    /// A timestamp in the presentation clock, converted to CLOCK_MONOTONIC seconds.
    func monotonic(_ seconds: Double) -> Double {
        guard clockID != CLOCK_MONOTONIC else { return seconds }
        var a = timespec()
        var b = timespec()
        clock_gettime(clockID, &a)
        clock_gettime(CLOCK_MONOTONIC, &b)
        let offset = (Double(b.tv_sec) + Double(b.tv_nsec) / 1e9) - (Double(a.tv_sec) + Double(a.tv_nsec) / 1e9)
        return seconds + offset
    }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let presentationListener: UnsafeMutablePointer<wp_presentation_listener> = {
    let p = UnsafeMutablePointer<wp_presentation_listener>.allocate(capacity: 1)
    p.initialize(
        to: wp_presentation_listener(clock_id: { data, _, clk in
            guard let data else { return }
            Unmanaged<Presentation>.fromOpaque(data).takeUnretainedValue().clockID = clockid_t(clk)
        }))
    return p
}()

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let feedbackListener: UnsafeMutablePointer<wp_presentation_feedback_listener> = {
    let p = UnsafeMutablePointer<wp_presentation_feedback_listener>.allocate(capacity: 1)
    p.initialize(
        to: wp_presentation_feedback_listener(
            sync_output: { _, _, _ in },
            presented: { data, _, secHi, secLo, nsec, refresh, _, _, _ in
                guard let data else { return }
                let box = Unmanaged<FeedbackBox>.fromOpaque(data).takeRetainedValue()
                let seconds = Double(UInt64(secHi) << 32 | UInt64(secLo)) + Double(nsec) / 1e9
                box.finish((box.monotonic(seconds), Double(refresh) / 1e9))
            },
            discarded: { data, _ in
                guard let data else { return }
                Unmanaged<FeedbackBox>.fromOpaque(data).takeRetainedValue().finish(nil)
            }))
    return p
}()
