import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to completion and reports its peak resident memory: the
/// kernel's high-water mark (VmHWM in /proc/PID/status), read every 5 ms while it
/// runs (the mark only rises, so a short peak is not missed; only growth in its
/// last 5 ms could be). Not `ru_maxrss`: after posix_spawn's vfork that counts the
/// parent's memory too. Standard output goes to `stdout` (a path); standard error
/// is kept.
public struct PeakMemoryRun {
    /// The exit status, or 128 + the signal that ended it.
    public let status: Int32
    /// Peak resident set size in KiB.
    public let peakKiB: Int
    public let stderr: String
    public let seconds: Double

    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }

    public init(_ path: String, _ arguments: [String], stdout: String = "/dev/null", timeout: Double = 300) throws {
        let errPath = FileManager.default.temporaryDirectory.appendingPathComponent("peak-\(UUID().uuidString).err")
            .path
        defer { unlink(errPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let started = Date()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw Failed(description: "cannot start \(path): \(String(cString: strerror(spawned)))")
        }
        var raw: Int32 = 0
        var usage = rusage()
        var peak = 0
        let deadline = started.addingTimeInterval(timeout)
        while true {
            let r = wait4(pid, &raw, WNOHANG, &usage)
            if r == pid { break }
            if let hwm = Self.highWaterMark(pid) { peak = max(peak, hwm) }
            if r < 0 && errno != EINTR {
                throw Failed(description: "waiting for \(path) failed: \(String(cString: strerror(errno)))")
            }
            if Date() > deadline {
                kill(pid, SIGKILL)
                _ = wait4(pid, &raw, 0, &usage)
                throw Failed(
                    description: "\(path) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
            }
            usleep(5_000)
        }
        if peak == 0 { throw Failed(description: "\(path) ended before its memory could be read") }
        seconds = Date().timeIntervalSince(started)
        status = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        peakKiB = peak
        stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    }

    /// VmHWM of a running process, in KiB.
    static func highWaterMark(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
}
