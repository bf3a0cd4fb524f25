import CATSPIRuntime

/// One synchronous scan of the accessibility tree, for `adaptive-pointer
/// capture` (a command, not the overlay: blocking here blocks nothing else).
public enum AccessibilityCapture {
    /// nil when the accessibility bus does not answer (or libatspi is missing:
    /// `AtspiLibraries.loadFailure` says so).
    public static func snapshot(windowTitle: String? = nil) -> AccessibilitySnapshot? {
        guard AtspiLibraries.loadFailure == nil else { return nil }
        ap_set_timeout(1000, 3000)
        guard ap_atspi_init() <= 1 else { return nil }
        let scanner = DesktopScanner()
        scanner.windowTitle = windowTitle
        return scanner.update(dirty: nil)
    }
}
