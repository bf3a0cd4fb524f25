import CLinuxHost
import Foundation
import PointerCore

#if canImport(Glibc)
    import Glibc
#endif

/// Watches a scene file with inotify — the file itself and its directory, so
/// editors that save by writing a temporary file and renaming it over the
/// original (vim, VS Code, sed -i) are followed too — and reloads it.
/// A good edit is handed to `onScene`; a bad one to `onError`, and the last
/// good scene stays up. The file being deleted or renamed away is reported too
/// (as the load error it causes). When the path is a symlink, the directories
/// of the files it leads to are watched as well, so a link swapped for another
/// and a target saved by rename are both seen.
///
/// An edit is loaded on a thread of its own (issue 39): a large scene takes
/// seconds to parse, and meanwhile the overlay keeps drawing and a signal
/// still ends it at once. Edits made during a load are loaded after it.
public final class SceneWatcher {
    public let path: String
    private let fd: Int32
    private var fileWatch: Int32 = -1
    private var dirWatch: Int32 = -1
    /// Directory watches along the symlink chain, with the names that matter in each.
    private var linkWatches: [Int32: Set<String>] = [:]
    private let directory: String
    private let fileName: String
    private let load: @Sendable (String) throws -> Scene
    public var onScene: (Scene) -> Void = { _ in }
    public var onError: (Error) -> Void = { _ in }
    /// Signalled by the loading thread when its result is ready.
    private let doneFD: Int32
    private let background = BackgroundLoad()
    /// An edit arrived while a load ran: load again when it ends.
    private var loadAgain = false

    public init(path: String, load: @escaping @Sendable (String) throws -> Scene) throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        self.path = url.path
        directory = url.deletingLastPathComponent().path
        fileName = url.lastPathComponent
        self.load = load
        doneFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard doneFD >= 0 else { throw EventLoop.LoopError.system(call: "eventfd", errno: errno) }
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else {
            let e = errno
            close(doneFD)
            throw EventLoop.LoopError.system(call: "inotify_init1", errno: e)
        }
        dirWatch = inotify_add_watch(fd, directory, Self.directoryMask)
        guard dirWatch >= 0 else {
            let e = errno
            close(fd)
            close(doneFD)
            throw EventLoop.LoopError.system(call: "inotify_add_watch(\(directory))", errno: e)
        }
        watchFile()
    }

    deinit {
        close(fd)
        // A load still running finishes into nothing: it no longer signals.
        background.abandon()
        close(doneFD)
    }

    /// Registers with the loop; reloads happen on the loop's thread.
    public func attach(to loop: EventLoop) {
        loop.add(
            EventLoop.Source(
                fd: fd,
                handle: { [weak self] revents in
                    guard revents & Int16(POLLIN) != 0 else { return }
                    self?.drain()
                }))
        loop.add(
            EventLoop.Source(
                fd: doneFD,
                handle: { [weak self] revents in
                    guard revents & Int16(POLLIN) != 0 else { return }
                    self?.loaded()
                }))
    }

    /// A name appearing (created, renamed in, a save closed) or going away.
    private static let directoryMask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)

    /// (Re)watches the file's inode (after a rename-on-save the old watch is gone)
    /// and the directories along its symlink chain (a swapped link leads elsewhere).
    private func watchFile() {
        if fileWatch >= 0 { inotify_rm_watch(fd, fileWatch) }
        fileWatch = inotify_add_watch(fd, path, UInt32(IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF))
        var wanted: [Int32: Set<String>] = [:]
        for hop in Self.linkChain(path) {
            let wd = inotify_add_watch(fd, hop.directory, Self.directoryMask)
            if wd >= 0 { wanted[wd, default: []].insert(hop.name) }
        }
        // The scene's own directory watch is kept whatever the chain (it may be on it).
        for wd in linkWatches.keys where wanted[wd] == nil && wd != dirWatch { inotify_rm_watch(fd, wd) }
        linkWatches = wanted
    }

    /// Where each symlink on the way from `path` points: (directory, name) per hop,
    /// stopping at a loop or after 40 hops (the kernel's own limit).
    static func linkChain(_ path: String) -> [(directory: String, name: String)] {
        var hops: [(directory: String, name: String)] = []
        var current = path
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        for _ in 0..<40 {
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { break }
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let base = URL(fileURLWithPath: current).deletingLastPathComponent().path
            let url = URL(fileURLWithPath: target.hasPrefix("/") ? target : base + "/" + target).standardizedFileURL
            let hop = (directory: url.deletingLastPathComponent().path, name: url.lastPathComponent)
            if hops.contains(where: { $0 == hop }) { break }
            hops.append(hop)
            current = url.path
        }
        return hops
    }

    private func drain() {
        var changed = false
        let size = 4096
        let buf = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buf.deallocate() }
        while true {
            let n = read(fd, buf, size)
            if n <= 0 { break }
            var offset = 0
            while offset < n {
                let ev = buf.load(fromByteOffset: offset, as: inotify_event.self)
                let headerSize = MemoryLayout<inotify_event>.size
                var name = ""
                if ev.len > 0 {
                    let namePtr = (buf + offset + headerSize).assumingMemoryBound(to: CChar.self)
                    name = String(cString: namePtr)
                }
                if ev.wd == dirWatch && name == fileName { changed = true }
                if let names = linkWatches[ev.wd], names.contains(name) { changed = true }
                if ev.wd == fileWatch && ev.mask & UInt32(IN_CLOSE_WRITE) != 0 { changed = true }
                // Events were dropped: whatever happened, look again.
                if ev.mask & UInt32(IN_Q_OVERFLOW) != 0 { changed = true }
                offset += headerSize + Int(ev.len)
            }
        }
        guard changed else { return }
        watchFile()
        reloadInBackground()
    }

    /// Loads the file on its own thread; the outcome is reported on the loop's.
    private func reloadInBackground() {
        guard !background.isRunning else {
            loadAgain = true
            return
        }
        let path = self.path
        let load = self.load
        let done = doneFD
        background.start {
            Result { try load(path) }
        } notify: {
            var one: UInt64 = 1
            _ = write(done, &one, 8)
        }
    }

    private func loaded() {
        var count: UInt64 = 0
        _ = read(doneFD, &count, 8)
        guard let result = background.take() else { return }
        switch result {
        case .success(let scene): onScene(scene)
        case .failure(let error): onError(error)
        }
        if loadAgain {
            loadAgain = false
            reloadInBackground()
        }
    }

    /// Loads the file now, on the calling thread, and reports the outcome.
    public func reload() {
        do {
            onScene(try load(path))
        } catch {
            onError(error)
        }
    }
}

/// One load at a time on a thread of its own, its result kept until taken.
private final class BackgroundLoad: @unchecked Sendable {
    private let lock = NSLock()
    private var running = false
    private var abandoned = false
    private var result: Result<Scene, Error>?

    var isRunning: Bool { lock.withLock { running } }

    func start(_ work: @escaping @Sendable () -> Result<Scene, Error>, notify: @escaping @Sendable () -> Void) {
        lock.withLock { running = true }
        let thread = Thread { [self] in
            let outcome = work()
            // Under the lock: the watcher closes the eventfd only after abandoning.
            lock.withLock {
                result = outcome
                if !abandoned { notify() }
            }
        }
        // Deeply nested JSON recurses: room beyond the default stack.
        thread.stackSize = 16 << 20
        thread.start()
    }

    func take() -> Result<Scene, Error>? {
        lock.withLock {
            guard let taken = result else { return nil }
            result = nil
            running = false
            return taken
        }
    }

    func abandon() { lock.withLock { abandoned = true } }
}
