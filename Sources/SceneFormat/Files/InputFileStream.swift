import PointerCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension InputFile {
    /// Reads an input file a piece at a time, with the same checks as `read` (a
    /// regular file, at most `limit` bytes, never waiting on a FIFO), so a file far
    /// larger than what is kept of it is read in constant memory.
    public final class Stream {
        private let fd: Int32
        private let limit: Int
        private var total = 0
        private var buffer: [UInt8]

        public init(_ path: String, limit: Int, pieceSize: Int = 1 << 20) throws(Failure) {
            if path.isEmpty { throw Failure("the path is empty") }
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { throw Failure(reason(openErrno: errno)) }
            var info = stat()
            guard fstat(fd, &info) == 0 else {
                let e = errno
                close(fd)
                throw Failure(systemMessage(e))
            }
            if let kind = nonRegularKind(info.st_mode) {
                close(fd)
                throw Failure(kind)
            }
            if Int(info.st_size) > limit {
                close(fd)
                throw Failure(
                    "the file is \(SceneLimits.bytes(Int(info.st_size))), larger than the \(SceneLimits.bytes(limit)) limit"
                )
            }
            self.fd = fd
            self.limit = limit
            buffer = [UInt8](repeating: 0, count: max(pieceSize, 1))
        }

        deinit { close(fd) }

        /// The next piece of the file; empty at its end. Valid until the next call.
        public func next() throws(Failure) -> ArraySlice<UInt8> {
            while true {
                let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw Failure(systemMessage(errno))
                }
                total += n
                // The file may have grown since it was opened.
                if total > limit { throw Failure("the file is larger than the \(SceneLimits.bytes(limit)) limit") }
                return buffer[0..<n]
            }
        }
    }
}
