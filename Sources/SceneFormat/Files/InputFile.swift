import PointerCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file the user named as input (a scene, a trace) whole, with a size limit,
/// and says exactly why when it cannot: a directory, a device such as /dev/zero, a
/// named pipe, a symlink loop, a missing file or missing permission. Opened without
/// blocking, so a FIFO with no writer is refused instead of hanging.
public enum InputFile {
    /// Why a file could not be read (a short clause: "it is a directory").
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var reason: String
        public init(_ reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    /// The file's bytes; at most `limit` of them, else `Failure` naming the limit.
    public static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        if path.isEmpty { throw Failure("the path is empty") }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw Failure(reason(openErrno: errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(systemMessage(errno)) }
        if let kind = nonRegularKind(info.st_mode) { throw Failure(kind) }
        let size = Int(info.st_size)
        if size > limit {
            throw Failure("the file is \(SceneLimits.bytes(size)), larger than the \(SceneLimits.bytes(limit)) limit")
        }
        // Read to the end (the file may have grown since fstat), never past limit + 1.
        var bytes = [UInt8](repeating: 0, count: min(size, limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                if count > limit { throw Failure("the file is larger than the \(SceneLimits.bytes(limit)) limit") }
                bytes.append(contentsOf: repeatElement(0, count: min(max(count, 4096), limit + 1 - count)))
            }
            let n = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(systemMessage(errno))
            }
            if n == 0 { break }
            count += n
        }
        if count > limit { throw Failure("the file is larger than the \(SceneLimits.bytes(limit)) limit") }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// The first `count` bytes of a regular file (fewer when it is shorter).
    public static func head(_ path: String, count: Int) throws(Failure) -> [UInt8] {
        if path.isEmpty { throw Failure("the path is empty") }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw Failure(reason(openErrno: errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(systemMessage(errno)) }
        if let kind = nonRegularKind(info.st_mode) { throw Failure(kind) }
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress.map { $0 + got }, count - got)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(systemMessage(errno))
            }
            if n == 0 { break }
            got += n
        }
        return Array(bytes.prefix(got))
    }

    /// "it is a directory", "it is a character device …", nil for a regular file.
    static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a directory; give the path of a file"
        case S_IFCHR: return "it is a character device (like /dev/null or /dev/zero), not a file"
        case S_IFBLK: return "it is a block device, not a file"
        case S_IFIFO: return "it is a named pipe (FIFO), not a file; save the content to a file first"
        case S_IFSOCK: return "it is a socket, not a file"
        default: return "it is not a regular file"
        }
    }

    public static func reason(openErrno e: Int32) -> String {
        switch e {
        case ENOENT: return "no such file"
        case ENOTDIR: return "a part of the path is not a directory"
        case ELOOP: return "too many levels of symbolic links (a symlink loop?)"
        case EACCES, EPERM: return "permission denied"
        case ENAMETOOLONG: return "the path is too long"
        case EISDIR: return "it is a directory; give the path of a file"
        default: return systemMessage(e)
        }
    }

    public static func systemMessage(_ e: Int32) -> String {
        guard let s = strerror(e) else { return "error \(e)" }
        return String(cString: s)
    }

    /// A hint when `bytes` are clearly not UTF-8 text as a whole: a UTF-16 or UTF-32
    /// byte order mark, or the NUL bytes between ASCII characters that UTF-16 leaves.
    public static func encodingHint(_ bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8]) -> Bool {
            bytes.count >= prefix.count && Array(bytes.prefix(prefix.count)) == prefix
        }
        if starts([0xFF, 0xFE, 0, 0]) { return "the file is UTF-32 (little-endian) text; save it as UTF-8" }
        if starts([0, 0, 0xFE, 0xFF]) { return "the file is UTF-32 (big-endian) text; save it as UTF-8" }
        if starts([0xFF, 0xFE]) { return "the file is UTF-16 (little-endian) text; save it as UTF-8" }
        if starts([0xFE, 0xFF]) { return "the file is UTF-16 (big-endian) text; save it as UTF-8" }
        // Without a mark: NUL bytes in the first few characters (JSON text never has them).
        let head = bytes.prefix(64)
        guard head.contains(0) else { return nil }
        let evenNUL = stride(from: 0, to: head.count, by: 2).filter { head[head.startIndex + $0] == 0 }.count
        let oddNUL = stride(from: 1, to: head.count, by: 2).filter { head[head.startIndex + $0] == 0 }.count
        let half = head.count / 2
        if oddNUL * 4 >= half * 3 && evenNUL == 0 {
            return "the file looks like UTF-16 (little-endian) text; save it as UTF-8"
        }
        if evenNUL * 4 >= half * 3 && oddNUL == 0 {
            return "the file looks like UTF-16 (big-endian) text; save it as UTF-8"
        }
        if head.filter({ $0 == 0 }).count * 2 > head.count {
            return "the file looks like UTF-32 or binary data, not UTF-8 text"
        }
        return "the file holds NUL bytes; it is not UTF-8 text"
    }
}
