import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program (searched on PATH, no shell) for at most `timeout` seconds and
/// returns its standard output; nil when it cannot start, fails or runs too long.
enum Subprocess {
    static func output(_ arguments: [String], timeout: TimeInterval = 30) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let fd = out.fileHandleForReading.fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var data = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        // Drained while it runs (a full pipe would stall it); never waits on a
        // helper it started that keeps the pipe open.
        func drain() {
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    data.append(contentsOf: chunk[..<n])
                    if data.count > 1 << 20 { return }
                } else {
                    return
                }
            }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < deadline {
            drain()
            usleep(5_000)
        }
        if p.isRunning {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            try? out.fileHandleForReading.close()
            return nil
        }
        p.waitUntilExit()
        drain()
        try? out.fileHandleForReading.close()
        guard p.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
