import Foundation

/// Per-process figures from /proc: CPU time and context switches (wake-ups).
enum ProcStats {
    /// utime + stime of `pid` in seconds.
    static func cpuSeconds(_ pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after "(comm) ": state is field 3, utime 14, stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let u = Double(fields[11]), let s = Double(fields[12]) else { return nil }
        return (u + s) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Voluntary + involuntary context switches summed over all threads.
    static func contextSwitches(_ pid: Int32) -> Int {
        let dir = "/proc/\(pid)/task"
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        var total = 0
        for t in tasks {
            guard let status = try? String(contentsOfFile: "\(dir)/\(t)/status", encoding: .utf8) else { continue }
            for line in status.split(separator: "\n")
            where line.hasPrefix("voluntary_ctxt_switches") || line.hasPrefix("nonvoluntary_ctxt_switches") {
                total += Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
            }
        }
        return total
    }
}
