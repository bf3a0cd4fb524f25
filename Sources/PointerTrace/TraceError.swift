import PointerCore
import SceneFormat

/// A trace line that cannot be read (docs/trace-format.md): names the line and column
/// (1-based), says what is wrong and how to fix it. Nothing of a bad trace is replayed.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String?
    /// 0 = the whole file.
    public var line: Int
    /// 0 = the whole line.
    public var column: Int
    public var message: String

    public init(file: String? = nil, line: Int, column: Int = 0, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message` on one line, whatever the file name and message hold.
    public var description: String {
        let name = file ?? "trace"
        let place = line > 0 ? (column > 0 ? "\(name):\(line):\(column)" : "\(name):\(line)") : name
        return TerminalText.escaped("\(place): \(message)")
    }
}
