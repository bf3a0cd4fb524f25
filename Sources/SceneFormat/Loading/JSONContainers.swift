import PointerCore

/// Where a child sits in its container: its ordinal (what callers compare) and
/// its tape entry (how the next one is found without reading this one).
public struct JSONChildIndex: Comparable, Sendable {
    let ordinal: Int
    let entry: Int

    public static func < (a: JSONChildIndex, b: JSONChildIndex) -> Bool { a.ordinal < b.ordinal }
    public static func == (a: JSONChildIndex, b: JSONChildIndex) -> Bool { a.ordinal == b.ordinal }
}

/// An array or object on the tape: its entry, the count slot after it, its
/// children from the entry after that up to the end recorded in its entry.
protocol JSONTapeContainer: Collection where Index == JSONChildIndex {
    var document: JSONDocument { get }
    /// The container's own tape entry.
    var index: Int { get }
}

extension JSONTapeContainer {
    public var count: Int { document.childCount(index) }
    public var startIndex: JSONChildIndex { JSONChildIndex(ordinal: 0, entry: index + 2) }
    public var endIndex: JSONChildIndex { JSONChildIndex(ordinal: count, entry: Int(document.tape[index].payload)) }
}

/// The elements of a JSON array, read from the tape as they are visited: a
/// million-element array costs nothing beyond its tape entries.
public struct JSONArray: JSONTapeContainer, Sendable, Equatable {
    let document: JSONDocument
    let index: Int

    public func index(after i: JSONChildIndex) -> JSONChildIndex {
        JSONChildIndex(ordinal: i.ordinal + 1, entry: document.nextSibling(i.entry))
    }

    public subscript(i: JSONChildIndex) -> JSONValue { JSONValue(document: document, index: i.entry) }

    public static func == (a: JSONArray, b: JSONArray) -> Bool { a.count == b.count && a.elementsEqual(b) }
}

/// The members of a JSON object in the order written, duplicates kept.
public struct JSONObject: JSONTapeContainer, Sendable, Equatable {
    public typealias Element = JSONMember
    let document: JSONDocument
    let index: Int

    /// A member is its key's entry followed by its value's.
    public func index(after i: JSONChildIndex) -> JSONChildIndex {
        JSONChildIndex(ordinal: i.ordinal + 1, entry: document.nextSibling(i.entry + 1))
    }

    public subscript(i: JSONChildIndex) -> JSONMember { JSONMember(document: document, keyIndex: i.entry) }

    /// The value of the first member named `key`.
    public subscript(key: String) -> JSONValue? {
        var i = startIndex
        while i != endIndex {
            if document.stringEquals(i.entry, key) { return JSONValue(document: document, index: i.entry + 1) }
            i = index(after: i)
        }
        return nil
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool { a.count == b.count && a.elementsEqual(b) }
}
