/// A trace line that cannot be read (docs/trace-format.md): names the line, says what
/// is wrong and how to fix it. Nothing of a bad trace is replayed.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String?
    public var line: Int
    public var message: String

    public init(file: String? = nil, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        line > 0 ? "\(file ?? "trace"):\(line): \(message)" : "\(file ?? "trace"): \(message)"
    }
}
