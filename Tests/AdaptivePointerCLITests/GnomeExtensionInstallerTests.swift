import Foundation
import TestSupport
import Testing

@testable import AdaptivePointerCLI

/// The GNOME Shell companion's per-user install, under a temporary XDG_DATA_HOME.
@Suite struct GnomeExtensionInstallerTests {
    func installer(_ home: URL) throws -> GnomeExtensionInstaller {
        try GnomeExtensionInstaller(
            shellMajor: 46, environment: ["HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path])
    }

    @Test("install copies the bundle in; the state says current, then outdated when a file differs")
    func installAndState() throws {
        let home = try ChildRun.temporaryDirectory("ap-gnome")
        defer { try? FileManager.default.removeItem(at: home) }
        let gnome = try installer(home)
        #expect(gnome.installState == .missing)
        try gnome.install()
        #expect(gnome.installState == .current)
        try Data("// edited\n".utf8).write(to: gnome.installPath.appendingPathComponent("extension.js"))
        #expect(gnome.installState == .outdated)
        try gnome.install()
        #expect(gnome.installState == .current)
    }

    @Test(
        "a FIFO or a 2 MB file at one of the extension's names: the state answers at once (outdated), and install puts ours back",
        .timeLimit(.minutes(1)))
    func unreadableFileInTheInstall() throws {
        let home = try ChildRun.temporaryDirectory("ap-gnome")
        defer { try? FileManager.default.removeItem(at: home) }
        let gnome = try installer(home)
        try gnome.install()
        let script = gnome.installPath.appendingPathComponent("extension.js")
        let ours = try Data(contentsOf: script)
        try FileManager.default.removeItem(at: script)
        // A FIFO with no writer: a plain read of it blocks forever.
        #expect(mkfifo(script.path, 0o644) == 0)
        #expect(gnome.installState == .outdated)
        try gnome.install()
        #expect(try Data(contentsOf: script) == ours)
        try Data(count: 2 << 20).write(to: script)
        #expect(gnome.installState == .outdated)
        try gnome.install()
        #expect(try Data(contentsOf: script) == ours)
    }
}
