/// The names `content.symbol` may use. The loader checks symbols against this list
/// (with a "did you mean"); PointerRendering's `SymbolSet` draws each of them.
public enum SymbolNames {
    public static let all: [String] = [
        "chevron-left", "chevron-right", "chevron-up", "chevron-down", "plus", "minus", "xmark",
        "checkmark", "ellipsis", "share", "trash", "music", "play", "pause", "search", "gear", "bell",
        "calendar", "map-pin", "folder", "star", "heart", "photo", "mail", "message", "phone", "camera",
        "bold", "italic", "underline", "list", "grid", "compass", "house", "person",
    ]
}
