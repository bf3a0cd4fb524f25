/// A parsed JSON value that remembers where it was written, so scene errors can
/// name file:line:column (Foundation's JSONSerialization drops positions).
public struct JSONValue: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        /// Members in the order written (duplicates kept, so the loader can report them).
        case object([JSONMember])
    }

    public var kind: Kind
    public var position: TextPosition

    public init(_ kind: Kind, at position: TextPosition) {
        self.kind = kind
        self.position = position
    }

    /// What a user would call this kind of value, for "expected X, found Y" messages.
    public var kindName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var keyPosition: TextPosition
    public var value: JSONValue

    public init(key: String, keyPosition: TextPosition, value: JSONValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A 1-based line and column (columns count characters, not bytes) plus the byte offset.
public struct TextPosition: Sendable, Hashable {
    /// The byte offset, kept in 32 bits (files read are at most 1 GB): every
    /// JSONValue holds a position, and 12 bytes instead of 16 make a value 32
    /// bytes instead of 40, a fifth less loader memory (docs/limits.md).
    private var storedOffset: UInt32
    public var line: Int32
    public var column: Int32

    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = UInt32(truncatingIfNeeded: newValue) }
    }

    public init(offset: Int, line: Int, column: Int) {
        storedOffset = UInt32(truncatingIfNeeded: offset)
        self.line = Int32(truncatingIfNeeded: line)
        self.column = Int32(truncatingIfNeeded: column)
    }

    public func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: Int(line), column: Int(column))
    }
}
