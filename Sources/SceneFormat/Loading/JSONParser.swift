import PointerCore

/// A JSON syntax error: where it is and what the parser expected there.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var position: TextPosition
    public var message: String
    public var expected: String?

    public init(position: TextPosition, message: String, expected: String? = nil) {
        self.position = position
        self.message = message
        self.expected = expected
    }
}

/// A strict RFC 8259 JSON parser over UTF-8 bytes that keeps where every value and
/// key was written (`JSONDocument`). Linear in the input: one pass, no
/// per-character String indexing (the scene budget is 10k regions in ≤ 150 ms).
public enum JSONParser {
    /// Nesting deeper than this is refused rather than risking the stack (test threads
    /// have small stacks and the scene decoder recurses too); real scenes nest a few levels.
    public static let maxDepth = 128

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONDocument, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer)
            do throws(JSONSyntaxError) {
                try cursor.parseDocument()
                return .success(JSONDocument(bytes: bytes, tape: cursor.tape, checkpoints: cursor.checkpoints))
            } catch {
                return .failure(error)
            }
        }
        return try result.get().root
    }

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}
