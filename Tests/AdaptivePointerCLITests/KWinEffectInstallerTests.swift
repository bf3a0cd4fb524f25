import Foundation
import TestSupport
import Testing

@testable import AdaptivePointerCLI

/// The KWin companion's per-user install: under a temporary HOME (passed to the
/// installer, the test process's environment untouched), with a fake plugin and a
/// fake KWin on the session bus.
@Suite struct KWinEffectInstallerTests {
    /// The D-Bus calls an installer made (method and arguments), and what "KWin" answers.
    final class FakeKWin: @unchecked Sendable {
        private let lock = NSLock()
        private var calls: [[String]] = []
        let reply: String?
        init(reply: String? = nil) { self.reply = reply }
        var recorded: [[String]] { lock.withLock { calls } }
        var call: KWinEffectInstaller.EffectsCall {
            { method, arguments in
                self.lock.withLock { self.calls.append([method] + arguments) }
                return self.reply
            }
        }
    }

    struct Sandbox {
        let root: URL
        var home: URL { root.appendingPathComponent("home") }
        var plugin: URL { root.appendingPathComponent("build/adaptivepointercompanion.so") }
        var soPath: URL {
            home.appendingPathComponent(".local/lib/qt5/plugins/kwin/effects/plugins/adaptivepointercompanion.so")
        }
        var envPath: URL { home.appendingPathComponent(".config/plasma-workspace/env/adaptive-pointer-companion.sh") }
        var entryPath: URL {
            home.appendingPathComponent(".local/share/applications/adaptive-pointer-kwin-input.desktop")
        }
        var kwinrc: URL { home.appendingPathComponent(".config/kwinrc") }

        init(qt: Int = 5) throws {
            root = try ChildRun.temporaryDirectory("ap-kwin")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            try writePlugin(qt: qt, build: "1")
        }

        /// A stand-in plugin: ELF magic and the Qt library it links, as the real one has.
        func writePlugin(qt: Int, build: String) throws {
            try FileManager.default.createDirectory(
                at: plugin.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("\u{7F}ELF fake kwin effect, needs libQt\(qt)Core.so.\(qt), build \(build)\n".utf8).write(
                to: plugin)
        }

        func installer(
            environment extra: [String: String] = [:], plugin: String? = nil,
            kwin: FakeKWin = FakeKWin()
        ) throws -> KWinEffectInstaller {
            var environment = ["HOME": home.path]
            environment.merge(extra) { $1 }
            return try KWinEffectInstaller(
                plugin: plugin ?? self.plugin.path, environment: environment,
                executable: root.appendingPathComponent("nowhere/bin/adaptive-pointer").path,
                effects: kwin.call)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    private func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    private func mode(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int
    }

    @Test("install writes the plugin (0644), the login env script and [Plugins] adaptivepointercompanionEnabled=true")
    func installWritesThreeThings() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let installer = try box.installer()
        #expect(installer.installPath == box.soPath)
        #expect(installer.envFilePath == box.envPath)
        #expect(installer.kwinrcPath == box.kwinrc)
        #expect(installer.installState == .missing)
        #expect(installer.isEnabled == false)
        try installer.install()
        #expect(try Data(contentsOf: box.soPath) == Data(contentsOf: box.plugin))
        #expect(mode(box.soPath) == 0o644)
        let env = try text(box.envPath)
        #expect(env.hasPrefix("# "))
        #expect(
            env.contains(#"export QT_PLUGIN_PATH="$HOME/.local/lib/qt5/plugins${QT_PLUGIN_PATH:+:$QT_PLUGIN_PATH}""#),
            "\(env)")
        #expect(try text(box.kwinrc) == "[Plugins]\nadaptivepointercompanionEnabled=true\n")
        #expect(installer.isEnabled == true)
        #expect(installer.installState == .current)
        // KWin grants fake input (the overlay's warps) to the program this entry names.
        let entry = try text(box.entryPath)
        #expect(entry.contains("\nExec=\(KWinEffectInstaller.execField(installer.executable))\n"), "\(entry)")
        #expect(
            entry.contains("\nX-KDE-Wayland-Interfaces=org_kde_kwin_fake_input\n")
                && entry.contains("\nNoDisplay=true\n"))
        #expect(KWinEffectInstaller.execField("/opt/my apps/ap") == #""/opt/my apps/ap""#)
        #expect(KWinEffectInstaller.execField("/opt/a$b") == #""/opt/a\\$b""#)
        // No temporary file left beside either.
        for dir in [box.soPath, box.envPath, box.kwinrc].map({ $0.deletingLastPathComponent() }) {
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            #expect(!names.contains { $0.contains(".new-") }, "\(dir.path): \(names)")
        }
    }

    @Test("the env script adds the plugin folder to QT_PLUGIN_PATH once, however often it is sourced")
    func envScriptIsIdempotent() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let installer = try box.installer()
        try installer.install()
        func run(_ existing: String?) throws -> String {
            var env = ["HOME": "/home/u", "PATH": "/usr/bin:/bin"]
            if let existing { env["QT_PLUGIN_PATH"] = existing }
            let r = try ChildRun(
                "/bin/sh", ["-c", ". \"$1\"; . \"$1\"; printf %s \"$QT_PLUGIN_PATH\"", "sh", box.envPath.path],
                environment: env)
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout
        }
        let ours = "/home/u/.local/lib/qt5/plugins"
        #expect(try run(nil) == ours)
        #expect(try run("") == ours)
        #expect(try run("/opt/qt/plugins") == "\(ours):/opt/qt/plugins")
        #expect(try run("/opt/qt/plugins:\(ours)") == "/opt/qt/plugins:\(ours)")
        #expect(try run("\(ours):/opt/qt/plugins") == "\(ours):/opt/qt/plugins")
        #expect(try run("\(ours)/x") == "\(ours):\(ours)/x")
    }

    @Test("kwinrc keeps every other group, key, comment and blank line byte for byte; the key goes into [Plugins]")
    func kwinrcKeepsEverythingElse() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let installer = try box.installer()
        try FileManager.default.createDirectory(
            at: box.kwinrc.deletingLastPathComponent(), withIntermediateDirectories: true)
        let cases: [(before: String, enabled: String, disabled: String)] = [
            // [Plugins] in the middle, with other keys: appended after its last key, before the blank line.
            (
                "[Desktops]\nNumber=2\nRows=1\n\n[Plugins]\nblurEnabled=false\n  zoomEnabled = true\n\n# a comment\n[Xwayland]\nScale=1.25\n",
                "[Desktops]\nNumber=2\nRows=1\n\n[Plugins]\nblurEnabled=false\n  zoomEnabled = true\nadaptivepointercompanionEnabled=true\n\n# a comment\n[Xwayland]\nScale=1.25\n",
                "[Desktops]\nNumber=2\nRows=1\n\n[Plugins]\nblurEnabled=false\n  zoomEnabled = true\nadaptivepointercompanionEnabled=false\n\n# a comment\n[Xwayland]\nScale=1.25\n"
            ),
            // No [Plugins]: a new group at the end, after a blank line; a missing final newline is added before it.
            (
                "[Compositing]\nOpenGLIsUnsafe=false",
                "[Compositing]\nOpenGLIsUnsafe=false\n\n[Plugins]\nadaptivepointercompanionEnabled=true\n",
                "[Compositing]\nOpenGLIsUnsafe=false\n\n[Plugins]\nadaptivepointercompanionEnabled=false\n"
            ),
            // The key already there (spaced, off): rewritten in place; [Plugins][Sub] is another group.
            (
                "[Plugins][Sub]\nadaptivepointercompanionEnabled=odd\n[Plugins]\nadaptivepointercompanionEnabled = false\nx=1\n",
                "[Plugins][Sub]\nadaptivepointercompanionEnabled=odd\n[Plugins]\nadaptivepointercompanionEnabled=true\nx=1\n",
                "[Plugins][Sub]\nadaptivepointercompanionEnabled=odd\n[Plugins]\nadaptivepointercompanionEnabled=false\nx=1\n"
            ),
            // [Plugins] last, without a final newline.
            (
                "[A]\nk=v\n[Plugins]\nfoo=1", "[A]\nk=v\n[Plugins]\nfoo=1\nadaptivepointercompanionEnabled=true",
                "[A]\nk=v\n[Plugins]\nfoo=1\nadaptivepointercompanionEnabled=false"
            ),
        ]
        for c in cases {
            try c.before.write(to: box.kwinrc, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: box.kwinrc.path)
            #expect(installer.isEnabled == false, "\(c.before)")
            try installer.install()
            let enabled = try text(box.kwinrc)
            #expect(enabled == c.enabled, "before:\n\(c.before)")
            #expect(installer.isEnabled == true)
            #expect(mode(box.kwinrc) == 0o600, "the file's own mode is kept")
            try installer.install() // a second time: nothing added
            #expect(try text(box.kwinrc) == c.enabled)
            try installer.uninstall()
            let disabled = try text(box.kwinrc)
            #expect(disabled == c.disabled, "before:\n\(c.before)")
            #expect(installer.isEnabled == false)
        }
    }

    @Test("XDG_CONFIG_HOME holds kwinrc and the env script when set")
    func configHome() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let config = box.root.appendingPathComponent("cfg")
        let installer = try box.installer(environment: ["XDG_CONFIG_HOME": config.path])
        try installer.install()
        #expect(try text(config.appendingPathComponent("kwinrc")).contains("adaptivepointercompanionEnabled=true"))
        #expect(
            FileManager.default.fileExists(
                atPath: config.appendingPathComponent("plasma-workspace/env/adaptive-pointer-companion.sh").path))
        #expect(!FileManager.default.fileExists(atPath: box.home.appendingPathComponent(".config").path))
        #expect(FileManager.default.fileExists(atPath: box.soPath.path))
    }

    @Test("a kwinrc that is a link (a dotfiles folder) stays a link; the file it points to gets the key")
    func kwinrcLink() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let fm = FileManager.default
        let real = box.home.appendingPathComponent("dotfiles/kwinrc")
        try fm.createDirectory(at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fm.createDirectory(at: box.kwinrc.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[Effect-zoom]\nInitialZoom=1\n".write(to: real, atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(atPath: box.kwinrc.path, withDestinationPath: "../dotfiles/kwinrc")
        try box.installer().install()
        #expect(try fm.destinationOfSymbolicLink(atPath: box.kwinrc.path) == "../dotfiles/kwinrc")
        #expect(try text(real) == "[Effect-zoom]\nInitialZoom=1\n\n[Plugins]\nadaptivepointercompanionEnabled=true\n")
    }

    @Test("reinstalling is idempotent (current, same bytes); a changed build is outdated until installed again")
    func reinstallAndOutdated() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let installer = try box.installer()
        try installer.install()
        let files = [box.soPath, box.envPath, box.kwinrc]
        let before = try files.map { try Data(contentsOf: $0) }
        try installer.install()
        #expect(installer.installState == .current)
        #expect(try files.map { try Data(contentsOf: $0) } == before)

        try box.writePlugin(qt: 5, build: "2")
        #expect(installer.installState == .outdated)
        try installer.install()
        #expect(installer.installState == .current)
        #expect(try Data(contentsOf: box.soPath) == Data(contentsOf: box.plugin))

        // An env script of ours with other content (an older version) is outdated too.
        try (KWinEffectInstaller.envMarker + "\n# older\n").write(to: box.envPath, atomically: true, encoding: .utf8)
        #expect(installer.installState == .outdated)
        try installer.install()
        #expect(installer.installState == .current)
        // Another binary (make install after a dev build) is not the one KWin's entry
        // names: outdated, and installing from it names it instead.
        let other = try KWinEffectInstaller(
            plugin: box.plugin.path, environment: ["HOME": box.home.path],
            executable: "/usr/local/bin/adaptive-pointer", effects: FakeKWin().call)
        #expect(other.installState == .outdated)
        try other.install()
        #expect(other.installState == .current && installer.installState == .outdated)
        #expect(try text(box.entryPath).contains("\nExec=/usr/local/bin/adaptive-pointer\n"))
    }

    @Test(
        "a link at the plugin path, a folder there, or an env script not ours is foreign: install refuses and touches nothing"
    )
    func foreignFilesAreLeft() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let installer = try box.installer()
        let fm = FileManager.default
        try fm.createDirectory(at: box.soPath.deletingLastPathComponent(), withIntermediateDirectories: true)
        let elsewhere = box.root.appendingPathComponent("elsewhere.so")
        try Data("someone else's".utf8).write(to: elsewhere)
        try fm.createSymbolicLink(at: box.soPath, withDestinationURL: elsewhere)
        #expect(installer.installState == .foreign)
        #expect(throws: KWinEffectInstaller.Failure.self) { try installer.install() }
        do { try installer.install() } catch {
            #expect("\(error)".contains("not an install of ours") && "\(error)".contains(box.soPath.path), "\(error)")
        }
        #expect(try fm.destinationOfSymbolicLink(atPath: box.soPath.path) == elsewhere.path)
        #expect(try text(elsewhere) == "someone else's")
        #expect(!fm.fileExists(atPath: box.envPath.path) && !fm.fileExists(atPath: box.kwinrc.path))

        try fm.removeItem(at: box.soPath)
        try fm.createDirectory(at: box.soPath, withIntermediateDirectories: false)
        #expect(installer.installState == .foreign)
        #expect(throws: KWinEffectInstaller.Failure.self) { try installer.install() }
        try fm.removeItem(at: box.soPath)

        try fm.createDirectory(at: box.envPath.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "export QT_PLUGIN_PATH=/mine\n".write(to: box.envPath, atomically: true, encoding: .utf8)
        #expect(installer.installState == .foreign)
        #expect(installer.foreignPath == box.envPath)
        #expect(throws: KWinEffectInstaller.Failure.self) { try installer.install() }
        #expect(try text(box.envPath) == "export QT_PLUGIN_PATH=/mine\n")
        #expect(!fm.fileExists(atPath: box.soPath.path))
    }

    @Test(
        "a FIFO or a 1 MB file at the permission entry's path is someone else's: the state answers at once, install and uninstall leave it",
        .timeLimit(.minutes(1)))
    func unreadablePermissionEntryIsLeft() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let installer = try box.installer(kwin: FakeKWin(reply: "()"))
        try installer.install()
        let fm = FileManager.default
        try fm.removeItem(at: box.entryPath)
        // A FIFO with no writer: a plain read of it blocks forever.
        #expect(mkfifo(box.entryPath.path, 0o644) == 0)
        #expect(installer.permissionEntryIsOurs == false)
        #expect(installer.installState == .current)
        try installer.install()
        try installer.uninstall()
        #expect(KWinEffectInstaller.lstatMode(box.entryPath).map { $0 & S_IFMT } == S_IFIFO, "the FIFO was replaced")
        try fm.removeItem(at: box.entryPath)
        // Our marker, then a megabyte: past the entry's size limit, so not ours either.
        let big = KWinEffectInstaller.permissionEntryMarker + "\n" + String(repeating: "x", count: 1 << 20)
        try Data(big.utf8).write(to: box.entryPath)
        #expect(installer.permissionEntryIsOurs == false)
        try installer.install()
        try installer.uninstall()
        #expect(try Data(contentsOf: box.entryPath).count == big.utf8.count, "the large file was replaced")
    }

    @Test("uninstall sets the key false, asks KWin to unload the effect, and removes only our two files")
    func uninstallRemovesOnlyOurs() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let kwin = FakeKWin(reply: "()")
        let installer = try box.installer(kwin: kwin)
        try installer.install()
        let fm = FileManager.default
        let otherPlugin = box.soPath.deletingLastPathComponent().appendingPathComponent("someoneelse.so")
        let otherEnv = box.envPath.deletingLastPathComponent().appendingPathComponent("other.sh")
        try Data("x".utf8).write(to: otherPlugin)
        try Data("export A=1\n".utf8).write(to: otherEnv)

        let removed = try installer.uninstall()
        #expect(Set(removed) == [box.soPath, box.envPath, box.entryPath])
        #expect(!fm.fileExists(atPath: box.soPath.path) && !fm.fileExists(atPath: box.envPath.path))
        #expect(fm.fileExists(atPath: otherPlugin.path) && fm.fileExists(atPath: otherEnv.path))
        #expect(try text(box.kwinrc) == "[Plugins]\nadaptivepointercompanionEnabled=false\n")
        #expect(
            kwin.recorded.contains(["org.kde.kwin.Effects.unloadEffect", "adaptivepointercompanion"]),
            "\(kwin.recorded)")
        #expect(installer.installState == .missing)

        // Again: nothing to remove, still fine.
        #expect(try installer.uninstall().isEmpty)

        // A foreign env script is left (and named) while our plugin goes.
        try installer.install()
        try "export QT_PLUGIN_PATH=/mine\n".write(to: box.envPath, atomically: true, encoding: .utf8)
        do {
            try installer.uninstall()
            Issue.record("uninstall should report the foreign env script")
        } catch {
            #expect("\(error)".contains(box.envPath.path), "\(error)")
        }
        #expect(!fm.fileExists(atPath: box.soPath.path))
        #expect(try text(box.envPath) == "export QT_PLUGIN_PATH=/mine\n")
        #expect(installer.isEnabled == false)
    }

    @Test("no built plugin: install names companions/kde/build.sh and --plugin; status and uninstall still work")
    func missingPlugin() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let installer = try KWinEffectInstaller(
            environment: ["HOME": box.home.path],
            executable: box.root.appendingPathComponent("nowhere/bin/adaptive-pointer").path,
            effects: FakeKWin().call)
        #expect(installer.source == nil)
        #expect(installer.installState == .missing)
        do {
            try installer.install()
            Issue.record("install without a plugin should fail")
        } catch {
            let message = "\(error)"
            #expect(
                message.hasPrefix(
                    "the KWin companion is not built: run companions/kde/build.sh (Debian: apt-get install kwin-dev "
                        + "libkf5globalaccel-dev qtbase5-dev-tools g++), or pass --plugin PATH"), "\(message)")
        }
        #expect(!FileManager.default.fileExists(atPath: box.home.appendingPathComponent(".local").path))
        #expect(try installer.uninstall().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: box.kwinrc.path), "nothing to disable: no kwinrc written")

        // An explicit --plugin that is not there, or is no ELF file.
        #expect(throws: KWinEffectInstaller.Failure.self) {
            try box.installer(plugin: box.root.appendingPathComponent("no.so").path)
        }
        let text = box.root.appendingPathComponent("text.so")
        try Data("just text".utf8).write(to: text)
        let bad = try box.installer(plugin: text.path)
        do {
            try bad.install()
            Issue.record("a non-ELF plugin should be refused")
        } catch {
            #expect("\(error)".contains("not a compiled plugin"), "\(error)")
        }
    }

    @Test(
        "the plugin is found next to the dev build (.build/debug or .build/<triple>/debug) and make install's lib folder"
    )
    func pluginCandidates() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let fm = FileManager.default
        func found(_ exe: String) throws -> URL? {
            try KWinEffectInstaller(
                environment: ["HOME": box.home.path], executable: box.root.path + exe, effects: FakeKWin().call
            ).source
        }
        let dev = box.root.appendingPathComponent(".build/kwin-companion/adaptivepointercompanion.so")
        try fm.createDirectory(at: dev.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fm.copyItem(at: box.plugin, to: dev)
        #expect(try found("/.build/debug/adaptive-pointer") == dev)
        #expect(try found("/.build/x86_64-unknown-linux-gnu/debug/adaptive-pointer") == dev)
        #expect(try found("/prefix/bin/adaptive-pointer") == nil)
        let installed = box.root.appendingPathComponent("prefix/lib/adaptive-pointer/kwin/adaptivepointercompanion.so")
        try fm.createDirectory(at: installed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fm.copyItem(at: box.plugin, to: installed)
        #expect(try found("/prefix/bin/adaptive-pointer") == installed)
    }

    @Test("a plugin linking Qt 6 (KWin 6) goes under ~/.local/lib/qt6, and the env script names qt6")
    func qt6() throws {
        let box = try Sandbox(qt: 6)
        defer { box.remove() }
        let installer = try box.installer()
        #expect(installer.qtMajor == 6)
        try installer.install()
        let so = box.home.appendingPathComponent(
            ".local/lib/qt6/plugins/kwin/effects/plugins/adaptivepointercompanion.so")
        #expect(FileManager.default.fileExists(atPath: so.path))
        #expect(
            try text(box.envPath).contains(
                #"export QT_PLUGIN_PATH="$HOME/.local/lib/qt6/plugins${QT_PLUGIN_PATH:+:$QT_PLUGIN_PATH}""#))
    }

    @Test("isLoaded reads KWin's loadedEffects; nil when KWin does not answer")
    func isLoaded() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let loaded = FakeKWin(reply: "(<['blur', 'adaptivepointercompanion', 'zoom']>,)")
        #expect(try box.installer(kwin: loaded).isLoaded == true)
        #expect(loaded.recorded == [["org.freedesktop.DBus.Properties.Get", "org.kde.kwin.Effects", "loadedEffects"]])
        #expect(
            try box.installer(kwin: FakeKWin(reply: "(<['blur', 'adaptivepointercompanionx']>,)")).isLoaded == false)
        #expect(try box.installer(kwin: FakeKWin(reply: nil)).isLoaded == nil)
    }

    @Test("the D-Bus helper gives a program its time and no more")
    func timedSubprocess() {
        #expect(Subprocess.output(["echo", "(true,)"], timeout: 3) == "(true,)")
        #expect(Subprocess.output(["false"], timeout: 3) == nil)
        let start = Date()
        #expect(Subprocess.output(["sleep", "10"], timeout: 0.3) == nil)
        #expect(Date().timeIntervalSince(start) < 3)
    }

    // MARK: the command as a user runs it

    private func companion(_ args: [String], box: Sandbox) throws -> ChildRun {
        // No session bus and no companion socket: gdbus fails at once, nothing answers.
        let env = ["HOME": box.home.path, "PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": box.root.path]
        return try ChildRun(try BuiltProducts.executable(), ["companion"] + args, environment: env)
    }

    @Test("`companion install|status|uninstall kde --plugin PATH` under a temporary HOME")
    func command() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let status0 = try companion(["status", "kde", "--plugin", box.plugin.path], box: box)
        #expect(status0.status == 1)
        #expect(
            status0.stdout
                == "installed: no (run `adaptive-pointer companion install kde`)\nenabled: no\nrunning: no\n",
            "\(status0.stdout)")

        let install = try companion(["install", "kde", "--plugin", box.plugin.path], box: box)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(
            install.stdout == "installed the KWin companion into \(box.soPath.path) and enabled it\n"
                + "log out and back in to load it (KWin reads QT_PLUGIN_PATH at login); then run `adaptive-pointer run desktop`\n",
            "\(install.stdout)")
        let again = try companion(["install", "kde", "--plugin", box.plugin.path], box: box)
        #expect(again.stdout.hasPrefix("already installed: \(box.soPath.path); enabled\n"), "\(again.stdout)")

        let status = try companion(["status", "kde", "--plugin", box.plugin.path], box: box)
        #expect(status.status == 1)
        #expect(
            status.stdout
                == "installed: yes, \(box.soPath.path)\nenabled: yes\nrunning: no; log out and back in to load it\n",
            "\(status.stdout)")

        let uninstall = try companion(["uninstall", "kde"], box: box)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(
            uninstall.stdout
                == "disabled and removed \(box.soPath.path) and \(box.envPath.path) and \(box.entryPath.path)\n",
            "\(uninstall.stdout)")
        #expect(try text(box.kwinrc) == "[Plugins]\nadaptivepointercompanionEnabled=false\n")
    }

    @Test("--plugin is refused for gnome; a --plugin that does not exist is named")
    func commandErrors() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let gnome = try companion(["install", "gnome", "--plugin", box.plugin.path], box: box)
        #expect(gnome.status != 0 && gnome.stderr.contains("--plugin is for the KWin companion"), "\(gnome.stderr)")
        let missing = box.root.appendingPathComponent("missing.so").path
        let run = try companion(["install", "kde", "--plugin", missing], box: box)
        #expect(run.status == 1 && run.stderr.contains("no plugin at \(missing)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: box.home.appendingPathComponent(".local").path))
    }
}
