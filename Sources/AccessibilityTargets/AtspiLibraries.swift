import CATSPIRuntime

/// libatspi, GLib and D-Bus, opened the first time accessibility targets are
/// asked for (they are not linked, so a scene never loads them).
public enum AtspiLibraries {
    /// nil once they are loaded; else what is missing and how to get it.
    public static var loadFailure: String? {
        var why: UnsafePointer<CChar>?
        if ap_atspi_load(&why) != 0 { return nil }
        return why.map { String(cString: $0) } ?? "libatspi did not load"
    }
}
