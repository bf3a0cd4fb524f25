import Foundation
import TestSupport
import Testing

/// `make install` never starts the pointer for every user at login.
@Suite struct InstallTests {
    @Test("make install (DESTDIR) puts nothing in etc/xdg/autostart and removes an entry an older install left there")
    func noSystemWideAutostart() throws {
        let dest = try ChildRun.temporaryDirectory("ap-destdir")
        defer { try? FileManager.default.removeItem(at: dest) }
        let old = dest.appendingPathComponent("etc/xdg/autostart/adaptive-pointer.desktop")
        try FileManager.default.createDirectory(at: old.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[Desktop Entry]\nExec=/usr/local/bin/adaptive-pointer run desktop.json\n".write(
            to: old, atomically: true, encoding: .utf8)
        let make = try ChildRun(
            "/usr/bin/make",
            [
                "-s", "install-files", "DESTDIR=\(dest.path)", "PREFIX=/usr/local",
                "BINARY=\(try BuiltProducts.executable())",
            ],
            directory: BuiltProducts.packageRoot.path, timeout: 120)
        #expect(make.status == 0, "make failed:\n\(make.stdout)\n\(make.stderr)")
        #expect(
            FileManager.default.isExecutableFile(
                atPath: dest.appendingPathComponent("usr/local/bin/adaptive-pointer").path))
        let autostart = try FileManager.default.subpathsOfDirectory(atPath: dest.path).filter {
            $0.contains("autostart") && $0.hasSuffix(".desktop")
        }
        #expect(autostart.isEmpty, "autostart entries installed: \(autostart)")
        #expect(make.stdout.contains("removed"), "make said: \(make.stdout)")
    }
}

/// The GL renderer's shaders are installed next to the assets, where the
/// installed binary finds them.
@Suite struct ShaderInstallTests {
    @Test("make install copies Shaders/ to share/adaptive-pointer/Shaders, and the installed binary draws with them")
    func shadersInstalled() throws {
        let dest = try ChildRun.temporaryDirectory("ap-destdir")
        defer { try? FileManager.default.removeItem(at: dest) }
        let make = try ChildRun(
            "/usr/bin/make",
            [
                "-s", "install-files", "DESTDIR=\(dest.path)", "PREFIX=/usr/local",
                "BINARY=\(try BuiltProducts.executable())",
            ],
            directory: BuiltProducts.packageRoot.path, timeout: 120)
        #expect(make.status == 0, "make failed:\n\(make.stdout)\n\(make.stderr)")
        let installed = dest.appendingPathComponent("usr/local/share/adaptive-pointer/Shaders")
        let source = BuiltProducts.packageRoot.appendingPathComponent("Shaders")
        let shaders = try FileManager.default.contentsOfDirectory(atPath: source.path).filter { !$0.hasSuffix(".md") }
        for f in shaders {
            #expect(
                FileManager.default.contents(atPath: installed.appendingPathComponent(f).path)
                    == FileManager.default.contents(atPath: source.appendingPathComponent(f).path), "\(f) not installed"
            )
        }
        let out = dest.appendingPathComponent("frame.png").path
        let render = try ChildRun(
            dest.appendingPathComponent("usr/local/bin/adaptive-pointer").path,
            ["render", "toolbar", "--at", "1", "--renderer", "gl", "--out", out], timeout: 120)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(
            render.stderr.contains("renderer: gl (") && render.stderr.contains("shaders: \(installed.path)"),
            "the installed binary did not draw with the installed shaders: \(render.stderr)")
    }
}
