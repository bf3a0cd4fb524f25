import CATSPI

/// One synchronous scan of the accessibility tree, for `adaptive-pointer
/// capture` (a command, not the overlay: blocking here blocks nothing else).
public enum AccessibilityCapture {
    /// nil when the accessibility bus does not answer.
    public static func snapshot(windowTitle: String? = nil) -> AccessibilitySnapshot? {
        atspi_set_timeout(1000, 3000)
        guard atspi_init() <= 1 else { return nil }
        let scanner = DesktopScanner()
        scanner.windowTitle = windowTitle
        return scanner.update(dirty: nil)
    }
}
