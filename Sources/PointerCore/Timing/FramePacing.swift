/// When a host draws a frame after input arrives.
public enum FramePacing: String, Sendable, CaseIterable {
    /// Draw when the previous commit's frame callback arrives (or at once when
    /// none is outstanding): the classic loop, one frame behind under motion.
    case frameCallback = "callback"
    /// Draw as late as is safe before the display's next repaint, with the
    /// freshest input (`DeadlineEstimator`).
    case deadline
    /// Draw and commit on every input the compositor can take; frame callbacks
    /// pace animation only.
    case onInput = "input"
}
