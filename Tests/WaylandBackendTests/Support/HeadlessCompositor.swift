import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A headless compositor started for one test and always torn down: sway as an
/// unprivileged user (created when running as root), or weston. Clients reach
/// it through `environment` (an absolute WAYLAND_DISPLAY path: root may connect
/// to the other user's socket).
final class HeadlessCompositor {
    enum Kind { case sway, weston }

    let kind: Kind
    let runtimeDirectory: String
    private let process: Process
    let logPath: String
    private(set) var socketPath = ""
    private var stopped = false

    static let testUser = "adaptive-pointer-test"

    init(_ kind: Kind, width: Int = 1280, height: Int = 800) throws {
        self.kind = kind
        runtimeDirectory = try TestEnvironment.privateDirectory("ap-\(kind)")
        logPath = runtimeDirectory + ".log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process = Process()
        var env = [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "XDG_RUNTIME_DIR": runtimeDirectory, "HOME": runtimeDirectory,
        ]
        switch kind {
        case .sway:
            let sway = try TestEnvironment.tool("sway", package: "sway")
            let config = runtimeDirectory + "/sway.conf"
            try """
            xwayland disable
            output HEADLESS-1 mode \(width)x\(height)
            default_border none
            """.write(toFile: config, atomically: true, encoding: .utf8)
            env["WLR_BACKENDS"] = "headless"
            env["WLR_LIBINPUT_NO_DEVICES"] = "1"
            env["WLR_RENDERER"] = "pixman"
            if getuid() == 0 {
                // sway is a session compositor: run it as an ordinary user, like a real session.
                try Self.ensureTestUser()
                let ids = try Self.ids(of: Self.testUser)
                chown(runtimeDirectory, ids.uid, ids.gid)
                chmod(config, 0o644)
                let setpriv = try TestEnvironment.tool("setpriv", package: "util-linux")
                process.executableURL = URL(fileURLWithPath: setpriv)
                process.arguments = [
                    "--reuid=\(ids.uid)", "--regid=\(ids.gid)", "--clear-groups", "--", sway, "-c", config,
                ]
            } else {
                process.executableURL = URL(fileURLWithPath: sway)
                process.arguments = ["-c", config]
            }
        case .weston:
            let weston = try TestEnvironment.tool("weston", package: "weston")
            process.executableURL = URL(fileURLWithPath: weston)
            process.arguments = [
                "--backend=headless-backend.so", "--socket=wayland-ap", "--width=\(width)",
                "--height=\(height)", "--idle-time=0",
            ]
        }
        process.environment = env
        let log = FileHandle(forWritingAtPath: logPath)
        process.standardOutput = log
        process.standardError = log
        try process.run()
        let found = TestEnvironment.wait(timeout: 15) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
            if let s = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }) {
                socketPath = runtimeDirectory + "/" + s
                return true
            }
            return !process.isRunning
        }
        guard found, process.isRunning, !socketPath.isEmpty else {
            let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            stop()
            throw TestEnvironment.Failure("\(kind) did not start within 15 s:\n\(text.suffix(2000))")
        }
    }

    deinit { stop() }

    /// Environment for clients of this compositor.
    var environment: [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socketPath, "HOME": runtimeDirectory,
        ]
    }

    var isRunning: Bool { process.isRunning }

    /// The end of the compositor's own log, for failure messages.
    var logTail: String {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return "\(kind) \(process.isRunning ? "running" : "exited (\(process.terminationStatus))"), its log ends:\n"
            + String(text.suffix(1500))
    }

    /// `swaymsg` against this sway (retried for a few seconds while its IPC
    /// socket is not accepting yet).
    @discardableResult
    func swaymsg(_ args: [String]) throws -> String {
        let swaymsg = try TestEnvironment.tool("swaymsg", package: "sway")
        var last = ""
        let deadline = Date().addingTimeInterval(5)
        repeat {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
            if let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") }) {
                var env = environment
                env["SWAYSOCK"] = runtimeDirectory + "/" + ipc
                let r = try TestEnvironment.run(swaymsg, args, environment: env)
                if r.status == 0 { return r.output }
                last = r.output
                if !r.output.contains("Unable to connect") { break }
            } else {
                last = "sway's IPC socket is missing"
            }
            usleep(100_000)
        } while Date() < deadline
        throw TestEnvironment.Failure("swaymsg \(args) failed: \(last)")
    }

    /// Terminates the compositor (SIGTERM, then SIGKILL after 5 s) and removes its files.
    func stop() {
        guard !stopped else { return }
        stopped = true
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            if !TestEnvironment.wait(timeout: 5, { !process.isRunning }) {
                kill(process.processIdentifier, SIGKILL)
            }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
        try? FileManager.default.removeItem(atPath: logPath)
    }

    /// Creates the unprivileged test user once. Several test processes (other
    /// checkouts) may race here: creation is serialised with a lock file, and a
    /// group left by an interrupted creation is reused.
    private static func ensureTestUser() throws {
        if getpwnam(testUser) != nil { return }
        let lock = open("/tmp/adaptive-pointer-test-user.lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        if lock >= 0 { flock(lock, LOCK_EX) }
        defer {
            if lock >= 0 {
                flock(lock, LOCK_UN)
                close(lock)
            }
        }
        if getpwnam(testUser) != nil { return }
        let useradd = try TestEnvironment.tool("useradd", package: "passwd")
        var args = ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin"]
        if getgrnam(testUser) != nil { args += ["-g", testUser] }
        let r = try TestEnvironment.run(useradd, args + [testUser])
        guard r.status == 0 || getpwnam(testUser) != nil else {
            throw TestEnvironment.Failure("cannot create the test user \(testUser): \(r.output)")
        }
    }

    private static func ids(of user: String) throws -> (uid: uid_t, gid: gid_t) {
        guard let pw = getpwnam(user) else { throw TestEnvironment.Failure("no user \(user)") }
        return (pw.pointee.pw_uid, pw.pointee.pw_gid)
    }
}
