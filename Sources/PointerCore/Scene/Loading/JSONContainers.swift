/// Where a child sits in its container: its ordinal (what callers compare) and
/// its tape entry (how the next one is found without reading this one).
public struct JSONChildIndex: Comparable, Sendable {
    let ordinal: Int
    let entry: Int

    public static func < (a: JSONChildIndex, b: JSONChildIndex) -> Bool { a.ordinal < b.ordinal }
    public static func == (a: JSONChildIndex, b: JSONChildIndex) -> Bool { a.ordinal == b.ordinal }
}

/// The elements of a JSON array, read from the tape as they are visited: a
/// million-element array costs nothing beyond its tape entries.
public struct JSONArray: Collection, Sendable, Equatable {
    let document: JSONDocument
    /// The array's own tape entry.
    let index: Int

    public var count: Int { document.childCount(index) }
    public var startIndex: JSONChildIndex { JSONChildIndex(ordinal: 0, entry: index + 2) }
    public var endIndex: JSONChildIndex { JSONChildIndex(ordinal: count, entry: Int(document.tape[index].payload)) }

    public func index(after i: JSONChildIndex) -> JSONChildIndex {
        JSONChildIndex(ordinal: i.ordinal + 1, entry: document.nextSibling(i.entry))
    }

    public subscript(i: JSONChildIndex) -> JSONValue { JSONValue(document: document, index: i.entry) }

    public static func == (a: JSONArray, b: JSONArray) -> Bool { a.count == b.count && a.elementsEqual(b) }
}

/// The members of a JSON object in the order written, duplicates kept.
public struct JSONObject: Collection, Sendable, Equatable {
    let document: JSONDocument
    /// The object's own tape entry.
    let index: Int

    public var count: Int { document.childCount(index) }
    public var startIndex: JSONChildIndex { JSONChildIndex(ordinal: 0, entry: index + 2) }
    public var endIndex: JSONChildIndex { JSONChildIndex(ordinal: count, entry: Int(document.tape[index].payload)) }

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
