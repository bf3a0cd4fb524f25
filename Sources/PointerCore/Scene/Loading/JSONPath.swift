/// A JSON path like `regions[3].frame`, built as a cheap linked list and only turned
/// into text when a diagnostic needs it (loading 10k regions must stay fast).
indirect enum JSONPath: Sendable {
    case root
    case key(JSONPath, String)
    case index(JSONPath, Int)

    func appending(_ key: String) -> JSONPath { .key(self, key) }
    subscript(index: Int) -> JSONPath { .index(self, index) }

    var text: String {
        switch self {
        case .root:
            return ""
        case .key(let parent, let key):
            let head = parent.text
            return head.isEmpty ? key : head + "." + key
        case .index(let parent, let i):
            return parent.text + "[\(i)]"
        }
    }
}
