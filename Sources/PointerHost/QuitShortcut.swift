import PointerCore

/// The way out of every stage: Ctrl+Alt+Escape. A stage covers the screen and
/// takes the input, so a user without a terminal needs a key that always ends
/// it; both backends report Escape and the held modifiers, and the session
/// recognises the combination here, in one place.
public enum QuitShortcut {
    public static let modifiers: Set<ModifierKey> = [.ctrl, .alt]
    public static let keyName = "escape"
    /// How the shortcut is written for users (hint, help texts, man page).
    public static let label = "Ctrl+Alt+Esc"

    /// True when `kind` is Escape pressed while at least Ctrl and Alt are held.
    public static func matches(_ kind: InputEvent.Kind, held: Set<ModifierKey>) -> Bool {
        guard case .key(let name) = kind, name == keyName else { return false }
        return modifiers.isSubset(of: held)
    }
}
