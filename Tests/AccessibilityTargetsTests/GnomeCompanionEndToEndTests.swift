import Foundation
import TestSupport
import Testing

/// Issue 36 end to end: a headless GNOME Shell 43 (scripts/gnome-rig.sh), the
/// companion installed the way a user does it (`companion install gnome`, then the
/// shell starts: a re-login), a GTK 3 window on Wayland and `run desktop`. The
/// driver (Fixtures/gnome-e2e.py) moves a Clutter virtual pointer in small steps,
/// takes screenshots and prints one `ok`/`FAIL` line per check.
@Suite(.serialized) struct GnomeCompanionEndToEndTests {
    static let fixtures = BuiltProducts.packageRoot.appendingPathComponent("Tests/AccessibilityTargetsTests/Fixtures")

    /// What a user would notice, one check each (named as the driver prints them).
    static let checks: [(name: String, meaning: String)] = [
        ("overlay-started", "run desktop finds the companion and the accessibility targets"),
        ("log-names-the-companion", "the start line says the pointer is followed through the companion"),
        ("cursor-hidden", "the shell's cursor tracker says the system cursor is hidden"),
        ("system-cursor-not-drawn", "a screenshot with the cursor included shows no system cursor"),
        ("morphs-into-button", "A2: the pointer becomes the real Share button's platter"),
        ("padding-recentres-pointer", "B9: resting in Back's hit padding moves the real pointer onto Back"),
        ("click-from-padding-reaches-button", "the click from there reaches the GTK button"),
        ("ibeam-on-text-lines", "A3: the I-beam sits on the text view's real lines"),
        ("typing-reaches-focused-window", "keys reach the focused application, never the overlay"),
        ("overlay-not-in-alt-tab", "the overlay is not in Alt+Tab"),
        ("overlay-not-in-dash", "the overlay is not a running app in the dash"),
        ("overlay-above-everything-at-the-corner", "above every window and the top bar, at the monitor's corner"),
        (
            "cursor-shown-in-overview",
            "the overview covers the overlay: the system cursor shows there, hidden again after"
        ),
        ("cursor-back-after-sigkill", "after SIGKILL of the overlay the cursor is back within a second"),
        ("ctrl-alt-esc-ends-overlay", "Ctrl+Alt+Esc ends the overlay (exit 0) and the cursor is back"),
        ("status-says-running", "companion status says it is running"),
        ("uninstall-disables-at-once", "companion uninstall disables and removes it at once"),
        ("without-companion-says-what-to-install", "without it, run desktop exits 7 and says what to install"),
    ]

    @Test("On GNOME (Wayland) the pointer works over a real GTK application through the companion")
    func desktopOverRealApplication() throws {
        let binary = try BuiltProducts.executable()
        let out = try ChildRun.temporaryDirectory("gnome-e2e")
        defer { try? FileManager.default.removeItem(at: out) }
        let rig = BuiltProducts.packageRoot.appendingPathComponent("scripts/gnome-rig.sh").path
        let run = try ChildRun(
            "/bin/bash",
            [
                rig, "--before", "'\(binary)' companion install gnome", "--",
                "/usr/bin/python3", Self.fixtures.appendingPathComponent("gnome-e2e.py").path, binary,
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

    @Test("GNOME 45+: the ES-module entry point imports under gjs -m with the shell stubbed; the legacy one evaluates")
    func entryPointsLoad() throws {
        let script = BuiltProducts.packageRoot.appendingPathComponent("companions/gnome/check-esm.sh").path
        let run = try ChildRun("/bin/sh", [script], timeout: 60)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("gnome-45 imports as an ES module: ok"))
    }

    @Test("The generated extensions are up to date with companions/gnome/src (build.sh was run)")
    func generatedUpToDate() throws {
        let root = BuiltProducts.packageRoot
        let assets = root.appendingPathComponent("Assets/companions")
        let copy = try ChildRun.temporaryDirectory("gnome-build")
        defer { try? FileManager.default.removeItem(at: copy) }
        // Build into a copy of the tree's layout, then compare with the committed output.
        let src = copy.appendingPathComponent("companions/gnome")
        try FileManager.default.createDirectory(at: src.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("companions/gnome"), to: src)
        let run = try ChildRun("/bin/sh", [src.appendingPathComponent("build.sh").path], timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        for bundle in ["gnome-43", "gnome-45"] {
            for file in ["extension.js", "metadata.json"] {
                let built = try Data(contentsOf: copy.appendingPathComponent("Assets/companions/\(bundle)/\(file)"))
                let committed = try Data(contentsOf: assets.appendingPathComponent("\(bundle)/\(file)"))
                #expect(
                    built == committed, "Assets/companions/\(bundle)/\(file) is stale: run companions/gnome/build.sh")
            }
        }
    }
}
