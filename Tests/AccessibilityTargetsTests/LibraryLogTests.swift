import AccessibilityTargets
import CATSPIRuntime
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 39: libatspi's GLib warnings ("dbind-WARNING … unexpected role 129") were
/// printed to the user's terminal. They go through the program's log now: dropped
/// by default, shown with `run --verbose`.
@Suite(.serialized)
struct LibraryLogTests {
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) {
            lock.lock()
            lines.append(line)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return lines
        }
    }

    /// What `body` writes to file descriptor 2.
    func stderr(of body: () -> Void) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)").path
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(file >= 0)
        let saved = dup(2)
        dup2(file, 2)
        body()
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        close(file)
        defer { unlink(path) }
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    @Test(
        "a GLib warning from libatspi never reaches stderr by itself; routed (--verbose), it reaches the log as one line"
    )
    func glibWarningsRouted() throws {
        try #require(AtspiLibraries.loadFailure == nil, "libatspi is not installed")
        LibraryLog.route(to: nil)
        let quiet = try stderr { ap_glib_log("dbind", 1, "unexpected role 129 (quiet)") }
        #expect(!quiet.contains("unexpected role 129"), "GLib printed: \(quiet)")
        let lines = Lines()
        LibraryLog.route(to: { lines.append($0) })
        defer { LibraryLog.route(to: nil) }
        let verbose = try stderr { ap_glib_log("dbind", 1, "unexpected role 129 (verbose)") }
        #expect(!verbose.contains("unexpected role 129"), "GLib printed: \(verbose)")
        #expect(lines.all == ["accessibility library (dbind) warning: unexpected role 129 (verbose)"], "\(lines.all)")
    }
}
