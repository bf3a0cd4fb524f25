import Foundation
import PointerCore

#if canImport(Glibc)
    import Glibc
#endif

/// The overlay's end of the companion socket (docs/companion-protocol.md):
/// connects, says hello, then hands each line the companion sends to
/// `onMessage` on the event loop's thread. Writes never block the loop.
public final class CompanionLink {
    public enum LinkError: Error, CustomStringConvertible {
        /// Nothing listens at the path: the companion is not installed, not
        /// enabled, or the shell has not loaded it yet (a re-login).
        case notRunning(path: String)
        case busy(path: String)
        case handshake(path: String, detail: String)

        public var description: String {
            switch self {
            case .notRunning(let path):
                return "no compositor companion listens at \(TerminalText.echo(path))"
            case .busy:
                return "another adaptive-pointer overlay is already connected to the companion; stop it first"
            case .handshake(let path, let detail):
                return "the companion at \(TerminalText.echo(path)) did not greet as expected: \(detail)"
            }
        }
    }

    public static let socketName = "adaptive-pointer-companion.sock"
    /// How long the companion has to say hello.
    public static let handshakeSeconds = 2.0

    /// `$XDG_RUNTIME_DIR/adaptive-pointer-companion.sock`, nil without a runtime dir.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let dir = environment["XDG_RUNTIME_DIR"], !dir.isEmpty else { return nil }
        return (dir as NSString).appendingPathComponent(socketName)
    }

    public let path: String
    public private(set) var shell = ""
    public private(set) var shellVersion = ""
    private let fd: Int32
    private var input = [UInt8]()
    private var output = [UInt8]()
    private var closed = false
    public var onMessage: (CompanionMessage) -> Void = { _ in }
    /// The companion went away (the shell restarted, the extension was disabled).
    public var onClosed: (String) -> Void = { _ in }
    public var log: (String) -> Void = { _ in }
    /// After each batch of lines read at once (draw what they changed, once).
    public var onBatchEnd: () -> Void = {}
    /// Messages that arrived with the greeting, handed over once a handler is set.
    private var early: [CompanionMessage] = []
    private weak var loop: EventLoop?
    private var token: Int?

    public init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw LinkError.notRunning(path: path) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw LinkError.handshake(path: path, detail: "the socket path is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw LinkError.notRunning(path: path)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var greeting: (String, String)?
        let deadline = MonotonicClock.now() + Self.handshakeSeconds
        send("hello adaptive-pointer \(CompanionMessage.protocolVersion) \(getpid())")
        while greeting == nil {
            let left = deadline - MonotonicClock.now()
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&p, 1, Int32(left * 1000) + 1) > 0 else {
                close(fd)
                throw LinkError.handshake(path: path, detail: "no hello within \(Self.handshakeSeconds) s")
            }
            guard readAvailable() else {
                close(fd)
                throw LinkError.handshake(path: path, detail: "the connection closed before the hello")
            }
            for message in takeMessages() {
                switch message {
                case .busy:
                    close(fd)
                    throw LinkError.busy(path: path)
                case .hello(let s, let v, _) where greeting == nil:
                    greeting = (s, v)
                default:
                    if greeting == nil {
                        close(fd)
                        throw LinkError.handshake(path: path, detail: "the first line was not `hello`")
                    }
                    early.append(message)
                }
            }
        }
        shell = greeting!.0
        shellVersion = greeting!.1
    }

    deinit { if !closed { close(fd) } }

    /// Reads on the loop's thread from now on.
    public func attach(to loop: EventLoop) {
        self.loop = loop
        token = loop.add(
            EventLoop.Source(
                fd: fd, handle: { [weak self] revents in self?.ready(revents) },
                currentEvents: { [weak self] in
                    guard let self, !closed else { return 0 }
                    return Int16(POLLIN) | (output.isEmpty ? 0 : Int16(POLLOUT))
                }))
        let waiting = early
        early = []
        for message in waiting { onMessage(message) }
    }

    public func send(_ line: String) {
        guard !closed else { return }
        output += Array(line.utf8) + [0x0A]
        flush()
    }

    /// Ends the connection; the companion shows the system cursor again.
    public func disconnect() {
        guard !closed else { return }
        flush()
        closeSocket()
    }

    private func closeSocket() {
        closed = true
        if let token { loop?.remove(token) }
        token = nil
        close(fd)
    }

    private func ready(_ revents: Int16) {
        guard !closed else { return }
        if revents & Int16(POLLOUT) != 0 { flush() }
        if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            let open = readAvailable()
            for message in takeMessages() { onMessage(message) }
            onBatchEnd()
            if !open { end("the companion closed the connection (the shell restarted or the extension was disabled)") }
        }
    }

    private func end(_ reason: String) {
        guard !closed else { return }
        closeSocket()
        onClosed(reason)
    }

    /// false once the stream has ended.
    private func readAvailable() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 {
                input += chunk[0..<n]
                if input.count > CompanionMessage.maxLineBytes && !input.contains(0x0A) { return false }
                continue
            }
            if n == 0 { return false }
            return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR
        }
    }

    private func takeMessages() -> [CompanionMessage] {
        var out: [CompanionMessage] = []
        var start = 0
        while let nl = input[start...].firstIndex(of: 0x0A) {
            let line = String(decoding: input[start..<nl], as: UTF8.self)
            start = nl + 1
            do {
                if let m = try CompanionMessage.parse(Substring(line)) { out.append(m) }
            } catch {
                log("the companion sent a line this version cannot read (\(error)); ignored")
            }
        }
        input.removeFirst(start)
        return out
    }

    private func flush() {
        while !output.isEmpty && !closed {
            let n = output.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if n > 0 {
                output.removeFirst(n)
                continue
            }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return }
            return end("writing to the companion failed: \(String(cString: strerror(errno)))")
        }
    }
}
