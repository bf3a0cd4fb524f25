import PointerCore

#if canImport(Glibc)
    import Glibc
#endif

/// Writes an output file (a frame dump, a PNG) so that it is never half there: the
/// bytes go to a temporary file in the same directory, which is renamed over the
/// target only once everything is written and flushed. A full disk (or any other
/// failure) leaves the old file as it was and removes the temporary one. A path that
/// is one of the command's inputs (the same file, however it is spelt: a symlink, a
/// hard link, `./x`) is refused before anything is written. Devices and pipes
/// (`/dev/null`, a FIFO) are written directly: they cannot be replaced.
public final class OutputFile {
    /// The system calls used, replaceable so a test can simulate a full disk.
    public struct System: Sendable {
        public var write: @Sendable (Int32, UnsafeRawPointer, Int) -> Int
        public var fsync: @Sendable (Int32) -> Int32
        public var rename: @Sendable (String, String) -> Int32

        public init(
            write: @escaping @Sendable (Int32, UnsafeRawPointer, Int) -> Int = { Glibc.write($0, $1, $2) },
            fsync: @escaping @Sendable (Int32) -> Int32 = { Glibc.fsync($0) },
            rename: @escaping @Sendable (String, String) -> Int32 = { Glibc.rename($0, $1) }
        ) {
            self.write = write
            self.fsync = fsync
            self.rename = rename
        }

        public static let real = System()
    }

    /// Why an output could not be written, ready to print.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        /// The system's error number, when a call failed (ENOSPC for a full disk).
        public var code: Int32?

        public var description: String {
            TerminalText.escaped("cannot write \(path): \(reason)")
        }
    }

    /// What was asked for.
    public let path: String
    private let system: System
    private var fd: Int32 = -1
    /// The temporary file renamed over `target` on `commit`; nil when writing directly.
    private var temporary: String?
    /// The temporary file's slot in `Termination`: a signal removes it.
    private var terminationSlot: Int32 = -1
    private let target: String
    private var failure: Failure?
    /// A device or a pipe, written directly: what it got cannot be taken back.
    public private(set) var writesInPlace = false

    /// Opens `path` for writing. `inputs` are the files the command reads: writing to
    /// any of them is refused (`what` names them in the message, e.g. "the scene file").
    public init(path: String, inputs: [(path: String, what: String)] = [], system: System = .real) throws(Failure) {
        self.path = path
        self.system = system
        try Self.refuseInputs(path, inputs)
        var info = stat()
        let exists = lstat(path, &info) == 0
        var resolved = path
        if exists && info.st_mode & S_IFMT == S_IFLNK, let real = realpath(path, nil) {
            // Replace the file the link points to, not the link.
            resolved = String(cString: real)
            free(real)
            if stat(resolved, &info) != 0 { info.st_mode = S_IFREG }
        }
        target = resolved
        if exists && info.st_mode & S_IFMT == S_IFDIR {
            throw Failure(path: path, reason: "Is a directory; give a file path", code: EISDIR)
        }
        if exists && info.st_mode & S_IFMT != S_IFREG && info.st_mode & S_IFMT != S_IFLNK {
            // A device or a pipe: written in place.
            fd = open(resolved, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { throw Self.failure(path, errno) }
            writesInPlace = true
            return
        }
        let slash = resolved.lastIndex(of: "/")
        let directory = slash.map { String(resolved[..<$0]) } ?? "."
        let name = slash.map { String(resolved[resolved.index(after: $0)...]) } ?? resolved
        // A replaced file keeps its permissions; a new one gets 0666 less the umask.
        let isRegular = exists && info.st_mode & S_IFMT == S_IFREG
        let mode: mode_t = isRegular ? info.st_mode & 0o7777 : 0o666
        for attempt in 0..<100 {
            let candidate = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid()).\(attempt).tmp"
            fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if fd >= 0 {
                temporary = candidate
                terminationSlot = Termination.track(candidate)
                if isRegular { _ = fchmod(fd, mode) }
                return
            }
            if errno != EEXIST { break }
        }
        throw Self.failure(path, errno, creating: true)
    }

    deinit {
        if fd >= 0 { abort() }
    }

    /// Appends `bytes`; a failure is kept and thrown (the old file stays intact).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        if let failure { throw failure }
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = system.write(fd, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                let f = Self.failure(path, errno)
                failure = f
                abort()
                throw f
            }
            offset += n
        }
    }

    public func write(_ bytes: [UInt8]) throws(Failure) {
        var result: Failure?
        bytes.withUnsafeBytes { buffer in
            do throws(Failure) { try write(buffer) } catch { result = error }
        }
        if let result { throw result }
    }

    public func write(_ text: String) throws(Failure) {
        var copy = text
        var result: Failure?
        copy.withUTF8 { buffer in
            do throws(Failure) { try write(UnsafeRawBufferPointer(buffer)) } catch { result = error }
        }
        if let result { throw result }
    }

    /// Flushes and puts the file in place (renames the temporary file over the target).
    public func commit() throws(Failure) {
        if let failure { throw failure }
        guard fd >= 0 else { return }
        if let temporary {
            if system.fsync(fd) != 0 && errno != EINVAL {
                let f = Self.failure(path, errno)
                abort()
                throw f
            }
            let closed = close(fd)
            let closeErrno = errno
            fd = -1
            if closed != 0 {
                unlink(temporary)
                forgetTemporary()
                throw Self.failure(path, closeErrno)
            }
            if system.rename(temporary, target) != 0 {
                let e = errno
                unlink(temporary)
                forgetTemporary()
                throw Self.failure(path, e)
            }
            forgetTemporary()
        } else {
            close(fd)
            fd = -1
        }
    }

    /// Drops what was written; the old file (if any) is untouched.
    public func abort() {
        if fd >= 0 { close(fd) }
        fd = -1
        if let temporary { unlink(temporary) }
        forgetTemporary()
    }

    private func forgetTemporary() {
        temporary = nil
        Termination.untrack(terminationSlot)
        terminationSlot = -1
    }

    /// Writes all of `bytes` to `path` atomically.
    public static func write(
        _ bytes: [UInt8], to path: String, inputs: [(path: String, what: String)] = [],
        system: System = .real
    ) throws(Failure) {
        let file = try OutputFile(path: path, inputs: inputs, system: system)
        try file.write(bytes)
        try file.commit()
    }

    /// Throws when `path` names one of `inputs` (however spelt), before anything is
    /// written: a command checks all its outputs with this first.
    public static func refuseInputs(_ path: String, _ inputs: [(path: String, what: String)]) throws(Failure) {
        for input in inputs where sameFile(path, input.path) {
            throw Failure(
                path: path,
                reason: "it is \(input.what) this command reads; "
                    + "writing the output there would destroy the input. Choose another output path")
        }
    }

    /// True when both paths name the same existing file (device and inode), however spelt.
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat()
        var sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    static func failure(_ path: String, _ e: Int32, creating: Bool = false) -> Failure {
        let reason: String
        switch e {
        case ENOSPC:
            reason =
                "no space left on device (the disk is full); the old file, if any, is unchanged. Free some space or write elsewhere"
        case EDQUOT:
            reason = "disk quota exceeded; the old file, if any, is unchanged. Free some space or write elsewhere"
        case EROFS: reason = "read-only file system; write elsewhere"
        case EACCES, EPERM:
            reason =
                creating
                ? "permission denied (cannot create a file in its directory); choose a writable location"
                : "permission denied; choose a writable location"
        case ENOENT:
            reason = "No such file or directory (the directory does not exist); create it or choose another path"
        case ENOTDIR: reason = "a part of the path is not a directory"
        case EISDIR: reason = "Is a directory; give a file path"
        default: reason = InputFileErrors.message(e)
        }
        return Failure(path: path, reason: reason, code: e)
    }
}

/// The system's message for an error number.
enum InputFileErrors {
    static func message(_ e: Int32) -> String {
        guard let s = strerror(e) else { return "error \(e)" }
        return String(cString: s)
    }
}
