import CCairo
import PointerCore

/// A failure reported by Cairo, or a bad argument caught before calling it.
/// Every `cairo_*_status` the renderer checks becomes one of these.
public enum CairoError: Error, Equatable, CustomStringConvertible {
    /// Cairo reported `status` while doing `operation`.
    case status(operation: String, code: Int32, message: String)
    /// Surface dimensions or stride that Cairo cannot use.
    case invalidSize(width: Int, height: Int, stride: Int, reason: String)
    /// A PNG could not be written to `path`.
    case pngWrite(path: String, message: String)
    /// A PNG could not be read from `path` (missing, unreadable or not a PNG).
    case pngRead(path: String, message: String)

    public var description: String {
        switch self {
        case .status(let op, let code, let message):
            return "cairo failed in \(op): \(message) (status \(code))"
        case .invalidSize(let w, let h, let stride, let reason):
            return "cannot make a \(w)×\(h) image surface (stride \(stride)): \(reason)"
        case .pngWrite(let path, let message):
            return TerminalText.escaped(
                "cannot write PNG '\(path)': \(TerminalText.clause(message)). Check that the directory exists and is writable."
            )
        case .pngRead(let path, let message):
            return TerminalText.escaped(
                "cannot read image '\(path)': \(TerminalText.clause(message)). Scene images must be PNG files.")
        }
    }

    static func message(_ status: cairo_status_t) -> String {
        guard let c = cairo_status_to_string(status) else { return "unknown error" }
        return String(cString: c)
    }

    /// Throws when `status` is not success.
    static func check(_ status: cairo_status_t, _ operation: String) throws {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw CairoError.status(operation: operation, code: Int32(status.rawValue), message: message(status))
    }
}
