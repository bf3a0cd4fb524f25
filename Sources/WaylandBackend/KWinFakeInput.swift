import CWaylandClient
import CWaylandProtocols

/// KWin's fake-input protocol (org_kde_kwin_fake_input): the one way a KWin
/// client can move the pointer. The pass-through overlay warps with it
/// (recentering, magnetism); the test player drives KWin with it.
/// KWin decides whether to honour it (docs/kde.md).
public final class KWinFakeInput {
    let proxy: OpaquePointer
    public let version: UInt32

    /// Takes a bound proxy, and says who is asking, as the protocol wants first.
    public init(proxy: OpaquePointer, version: UInt32, reason: String) {
        self.proxy = proxy
        self.version = version
        org_kde_kwin_fake_input_authenticate(proxy, "AdaptivePointer", reason)
    }

    deinit { wl_proxy_destroy(proxy) } // the protocol has no destructor request

    /// Absolute moves need version 3 (KWin 5.27 has 4).
    public var canMoveAbsolutely: Bool { version >= 3 }

    /// Moves the pointer to a point of the global layout, in logical pixels.
    public func moveTo(x: Double, y: Double) {
        guard canMoveAbsolutely else { return }
        org_kde_kwin_fake_input_pointer_motion_absolute(proxy, wl_fixed_from_double(x), wl_fixed_from_double(y))
    }

    public func move(dx: Double, dy: Double) {
        org_kde_kwin_fake_input_pointer_motion(proxy, wl_fixed_from_double(dx), wl_fixed_from_double(dy))
    }

    /// `code`: a Linux input event code (BTN_LEFT 0x110 …).
    public func button(_ code: UInt32, pressed: Bool) {
        org_kde_kwin_fake_input_button(proxy, code, pressed ? 1 : 0)
    }

    /// `axis`: 0 vertical, 1 horizontal (wl_pointer's axes); `value` in scroll units.
    public func axis(_ axis: UInt32, value: Double) {
        org_kde_kwin_fake_input_axis(proxy, axis, wl_fixed_from_double(value))
    }

    /// `code`: a Linux key code (KEY_ESC 1 …); needs version 4.
    public func key(_ code: UInt32, pressed: Bool) {
        guard version >= 4 else { return }
        org_kde_kwin_fake_input_keyboard_key(proxy, code, pressed ? 1 : 0)
    }
}
