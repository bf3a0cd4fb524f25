import Foundation
import TestSupport
import Testing

/// Autostart is opt-in and per user: `adaptive-pointer autostart` under a
/// temporary HOME, as a user would run it.
@Suite struct AutostartTests {
    private func autostart(_ args: [String], home: URL, extra: [String: String] = [:]) throws -> ChildRun {
        var env = [
            "HOME": home.path, "PATH": "/usr/bin:/bin", "XDG_CONFIG_DIRS": home.appendingPathComponent("etc-xdg").path,
        ]
        env.merge(extra) { $1 }
        return try ChildRun(try BuiltProducts.executable(), ["autostart"] + args, environment: env)
    }

    @Test(
        "enable writes ~/.config/autostart/adaptive-pointer.desktop running the checked session start; disable removes it"
    )
    func enableAndDisable() throws {
        let home = try ChildRun.temporaryDirectory("ap-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let entry = home.appendingPathComponent(".config/autostart/adaptive-pointer.desktop")
        #expect(try autostart(["status"], home: home).stdout.hasPrefix("disabled"))
        let enabled = try autostart(["enable"], home: home)
        #expect(enabled.status == 0, "\(enabled.stderr)")
        let text = try String(contentsOf: entry, encoding: .utf8)
        let exec = text.split(separator: "\n").first { $0.hasPrefix("Exec=") } ?? ""
        #expect(exec.hasSuffix(" autostart session") && exec.contains("/adaptive-pointer"), "entry:\n\(text)")
        #expect(try autostart(["status"], home: home).stdout.hasPrefix("enabled"))
        let disabled = try autostart(["disable"], home: home)
        #expect(disabled.status == 0, "\(disabled.stderr)")
        #expect(!FileManager.default.fileExists(atPath: entry.path))
        #expect(try autostart(["status"], home: home).stdout.hasPrefix("disabled"))
    }

    @Test("XDG_CONFIG_HOME is honoured")
    func configHome() throws {
        let home = try ChildRun.temporaryDirectory("ap-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let config = home.appendingPathComponent("cfg")
        #expect(try autostart(["enable"], home: home, extra: ["XDG_CONFIG_HOME": config.path]).status == 0)
        #expect(
            FileManager.default.fileExists(
                atPath: config.appendingPathComponent("autostart/adaptive-pointer.desktop").path))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent(".config/autostart").path))
    }

    @Test(
        "disable switches off an older install's system-wide entry for this user (Hidden=true), and never touches a stranger's file"
    )
    func systemWideAndForeign() throws {
        let home = try ChildRun.temporaryDirectory("ap-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let system = home.appendingPathComponent("etc-xdg/autostart")
        try FileManager.default.createDirectory(at: system, withIntermediateDirectories: true)
        try "[Desktop Entry]\nExec=adaptive-pointer run desktop\n".write(
            to: system.appendingPathComponent("adaptive-pointer.desktop"),
            atomically: true, encoding: .utf8)
        #expect(try autostart(["status"], home: home).stdout.contains("system-wide"))
        #expect(try autostart(["disable"], home: home).status == 0)
        let mask = try String(
            contentsOf: home.appendingPathComponent(".config/autostart/adaptive-pointer.desktop"), encoding: .utf8)
        #expect(mask.contains("Hidden=true"), "mask:\n\(mask)")
        #expect(try autostart(["status"], home: home).stdout.hasPrefix("disabled"))

        let user = home.appendingPathComponent(".config/autostart/adaptive-pointer.desktop")
        try "[Desktop Entry]\nExec=something-else\n".write(to: user, atomically: true, encoding: .utf8)
        let refused = try autostart(["disable"], home: home)
        #expect(refused.status != 0 && refused.stderr.contains("not written by adaptive-pointer"), "\(refused.stderr)")
        #expect(try String(contentsOf: user, encoding: .utf8).contains("something-else"))
    }

    @Test("the login entry starts nothing on a Wayland session and says why")
    func sessionOnWayland() throws {
        let home = try ChildRun.temporaryDirectory("ap-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try autostart(
            ["session"], home: home, extra: ["XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-9"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("Wayland"), "\(run.stderr)")
    }

    @Test(
        "a directory, non-UTF-8 text or a 1 MB file at the entry's path is a foreign entry: status, disable and enable leave it and exit 1"
    )
    func unreadableEntriesAreForeign() throws {
        let home = try ChildRun.temporaryDirectory("ap-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let entry = home.appendingPathComponent(".config/autostart/adaptive-pointer.desktop")
        try FileManager.default.createDirectory(
            at: entry.deletingLastPathComponent(), withIntermediateDirectories: true)
        let marker = "X-AdaptivePointer-Autostart=1\n"
        let cases: [(String, () throws -> Void, String)] = [
            (
                "directory",
                {
                    try FileManager.default.createDirectory(at: entry, withIntermediateDirectories: true)
                    try Data("keep".utf8).write(to: entry.appendingPathComponent("inside.txt"))
                }, "it is a directory"
            ),
            (
                "latin-1", { try Data([0x5B, 0xE9, 0xFF, 0x0A] + Array(marker.utf8)).write(to: entry) },
                "it is not UTF-8 text"
            ),
            (
                "huge", { try Data((marker + String(repeating: "#", count: 1 << 20)).utf8).write(to: entry) },
                "larger than the 64 KB limit"
            ),
        ]
        for (name, make, reason) in cases {
            try? FileManager.default.removeItem(at: entry)
            try make()
            for command in ["status", "disable", "enable"] {
                let r = try autostart([command], home: home)
                #expect(r.status == 1, "\(name) \(command): \(r.stdout)")
                #expect(
                    r.stderr.contains("foreign entry, not touched: \(entry.path) ("), "\(name) \(command): \(r.stderr)")
                #expect(r.stderr.contains(reason), "\(name) \(command): \(r.stderr)")
            }
            var isDirectory: ObjCBool = false
            #expect(
                FileManager.default.fileExists(atPath: entry.path, isDirectory: &isDirectory), "\(name) was removed")
            if name == "directory" {
                #expect(
                    isDirectory.boolValue
                        && FileManager.default.fileExists(atPath: entry.appendingPathComponent("inside.txt").path))
            } else {
                let kept = try Data(contentsOf: entry)
                #expect(!isDirectory.boolValue && kept.count > 4, "\(name) was overwritten")
            }
        }
    }

    @Test("status shows an entry's Exec with escapes as text, never raw")
    func statusEscapesExec() throws {
        let home = try ChildRun.temporaryDirectory("ap-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let entry = home.appendingPathComponent(".config/autostart/adaptive-pointer.desktop")
        try FileManager.default.createDirectory(
            at: entry.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("[Desktop Entry]\nExec=\u{1B}[2J\u{202E}evil\u{200B}x\nX-AdaptivePointer-Autostart=1\n".utf8).write(
            to: entry)
        let r = try autostart(["status"], home: home)
        #expect(r.status == 0)
        #expect(r.stdout.contains(#"(Exec="\u001B[2J\u202Eevil\u200Bx")"#), "\(r.stdout)")
        #expect(!r.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 0x200B })
    }
}
