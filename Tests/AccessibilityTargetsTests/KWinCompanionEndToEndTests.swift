import Foundation
import TestSupport
import Testing

/// Issue 37 end to end: a headless KWin 5.27 (scripts/kwin-rig.sh), the companion
/// effect installed the way a user does it (`companion install kde`, then KWin
/// starts: a re-login), a GTK 3 window on Wayland and `run desktop`. The driver
/// (Fixtures/kwin-e2e.py) moves the pointer through KWin's fake input in small
/// steps, takes screenshots through KWin's ScreenShot2 and prints one `ok`/`FAIL`
/// line per check. KWin's own permission rules apply: the overlay and the test's
/// player get fake input only through their desktop entries.
@Suite(.serialized) struct KWinCompanionEndToEndTests {
    static let fixtures = BuiltProducts.packageRoot.appendingPathComponent("Tests/AccessibilityTargetsTests/Fixtures")

    /// What a user would notice, one check each (named as the driver prints them).
    static let checks: [(name: String, meaning: String)] = [
        ("companion-reports-the-window", "the companion reports the GTK window's frame, buffer and pid"),
        ("overlay-started", "run desktop finds the companion and the accessibility targets"),
        ("log-names-the-companion", "the start line says the pointer is followed through the KWin companion"),
        ("system-cursor-hidden", "KWin draws the system cursor before the overlay runs, and not while it does"),
        ("morphs-into-button", "A2: the pointer becomes the real Share button's platter"),
        (
            "click-from-padding-reaches-button",
            "B9: a click from Back's hit padding reaches Back (the pointer was recentred)"
        ),
        ("ibeam-on-text", "A3: the I-beam over the real text view"),
        ("cursor-back-after-exit", "after the overlay exits the system cursor is drawn again"),
        ("cursor-back-after-sigkill", "after SIGKILL of the overlay the cursor is back within a second"),
        ("ctrl-alt-esc-ends-overlay", "Ctrl+Alt+Esc ends the overlay (exit 0) and the cursor is back"),
        (
            "untrusted-binary-says-warps-are-off",
            "a binary KWin gives no fake input says the real pointer will not be moved, and what to run"
        ),
        ("kwin-survives-vanishing-clients", "300 clients that connect and vanish at once never take KWin down"),
        ("status-says-running", "companion status kde says it is running"),
        ("uninstall-then-run-says-what-to-install", "after uninstall, run desktop exits 7 and says what to install"),
        ("application-still-running", "the GTK application lived through all of it"),
    ]

    @Test("On KDE Plasma (KWin, Wayland) the pointer works over a real GTK application through the companion")
    func desktopOverRealApplication() throws {
        let binary = try BuiltProducts.executable()
        let player = try BuiltProducts.executable("wayland-input-player")
        let out = try ChildRun.temporaryDirectory("kwin-e2e")
        defer { try? FileManager.default.removeItem(at: out) }
        let rig = BuiltProducts.packageRoot.appendingPathComponent("scripts/kwin-rig.sh").path
        let run = try ChildRun(
            "/bin/bash",
            [
                rig, "--before", "'\(binary)' companion install kde", "--trust", player, "--",
                "/usr/bin/python3", Self.fixtures.appendingPathComponent("kwin-e2e.py").path, binary, player,
                Self.fixtures.appendingPathComponent("a11y-test-app.py").path, out.path,
            ], timeout: 400)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        for (name, meaning) in Self.checks {
            let line = lines.first { $0.hasPrefix("ok \(name)") || $0.hasPrefix("FAIL \(name)") }
            #expect(
                line?.hasPrefix("ok ") == true,
                "\(meaning): \(line ?? "not reached")\n\(run.stdout)\n\(run.stderr.suffix(3000))")
        }
        #expect(run.status == 0, "the driver failed:\n\(run.stdout)")
        for figure in lines where figure.hasPrefix("figure ") { print(figure) }
    }
}
