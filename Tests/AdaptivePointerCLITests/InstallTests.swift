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
        try "[Desktop Entry]\nExec=/usr/local/bin/adaptive-pointer run desktop.json\n".write(to: old, atomically: true, encoding: .utf8)
        let make = try ChildRun("/usr/bin/make",
                                ["-s", "install-files", "DESTDIR=\(dest.path)", "PREFIX=/usr/local",
                                 "BINARY=\(try BuiltProducts.executable())"],
                                directory: BuiltProducts.packageRoot.path, timeout: 120)
        #expect(make.status == 0, "make failed:\n\(make.stdout)\n\(make.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: dest.appendingPathComponent("usr/local/bin/adaptive-pointer").path))
        let autostart = try FileManager.default.subpathsOfDirectory(atPath: dest.path).filter { $0.contains("autostart") && $0.hasSuffix(".desktop") }
        #expect(autostart.isEmpty, "autostart entries installed: \(autostart)")
        #expect(make.stdout.contains("removed"), "make said: \(make.stdout)")
    }
}
