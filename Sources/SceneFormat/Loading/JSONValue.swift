import PointerCore

/// One value of a parsed JSON document, with where it was written, so scene
/// errors can name file:line:column (Foundation's JSONSerialization drops
/// positions). A handle into the document's tape: copying it copies nothing.
public struct JSONValue: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array(JSONArray)
        /// Members in the order written (duplicates kept, so the loader can report them).
        case object(JSONObject)
    }

    let document: JSONDocument
    let index: Int

    init(document: JSONDocument, index: Int) {
        self.document = document
        self.index = index
    }

    public var kind: Kind {
        switch document.leadByte(index) {
        case JSONByte.openBrace: return .object(JSONObject(document: document, index: index))
        case JSONByte.openBracket: return .array(JSONArray(document: document, index: index))
        case JSONByte.quote: return .string(document.string(index))
        case UInt8(ascii: "t"): return .bool(true)
        case UInt8(ascii: "f"): return .bool(false)
        case UInt8(ascii: "n"): return .null
        default: return .number(document.number(index))
        }
    }

    public var position: TextPosition { document.position(at: Int(document.tape[index].offset)) }

    /// What a user would call this kind of value, for "expected X, found Y" messages.
    public var kindName: String {
        switch document.leadByte(index) {
        case JSONByte.openBrace: return "an object"
        case JSONByte.openBracket: return "an array"
        case JSONByte.quote: return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        default: return "a number"
        }
    }

    /// Equal when written alike: same kinds and contents, wherever they are.
    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.kind == b.kind }
}

/// One `"key": value` pair of a JSON object: the key's tape entry, the value after it.
public struct JSONMember: Sendable, Equatable {
    let document: JSONDocument
    let keyIndex: Int

    public var key: String { document.string(keyIndex) }
    public var keyPosition: TextPosition { document.position(at: Int(document.tape[keyIndex].offset)) }
    public var value: JSONValue { JSONValue(document: document, index: keyIndex + 1) }

    public static func == (a: JSONMember, b: JSONMember) -> Bool { a.key == b.key && a.value == b.value }
}

/// A 1-based line and column (columns count characters, not bytes) plus the byte offset.
public struct TextPosition: Sendable, Hashable {
    /// The byte offset, kept in 32 bits: files read are at most 1 GB.
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
