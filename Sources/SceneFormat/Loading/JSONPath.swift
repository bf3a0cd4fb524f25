import PointerCore

/// A JSON path like `regions[3].frame`. Only turned into text when a diagnostic needs
/// it, and cheap to extend: a path is a shared parent node plus one last component, so
/// `fields.path("frame")` allocates nothing (loading 10k regions must stay fast).
struct JSONPath: Sendable {
    enum Component: Sendable {
        case none
        case key(String)
        case index(Int)
    }

    private let parent: JSONPathNode?
    private let last: Component

    private init(parent: JSONPathNode?, last: Component) {
        self.parent = parent
        self.last = last
    }

    static let root = JSONPath(parent: nil, last: .none)

    /// The same path held in one shared node, so many children can hang off it for free.
    func frozen() -> JSONPath {
        if case .none = last { return self }
        return JSONPath(parent: JSONPathNode(self), last: .none)
    }

    func appending(_ key: String) -> JSONPath { JSONPath(parent: base, last: .key(key)) }
    subscript(index: Int) -> JSONPath { JSONPath(parent: base, last: .index(index)) }

    /// This path as a parent node (allocates unless already frozen).
    private var base: JSONPathNode? {
        if case .none = last { return parent }
        return JSONPathNode(self)
    }

    var text: String {
        let head = parent?.path.text ?? ""
        switch last {
        case .none: return head
        case .key(let key): return head.isEmpty ? key : head + "." + key
        case .index(let i): return head + "[\(i)]"
        }
    }
}

final class JSONPathNode: Sendable {
    let path: JSONPath
    init(_ path: JSONPath) { self.path = path }
}
