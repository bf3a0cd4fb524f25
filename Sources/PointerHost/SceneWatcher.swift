#if canImport(Glibc)
import Glibc
#endif
import CLinuxHost
import Foundation
import PointerCore

/// Watches a scene file with inotify — the file itself and its directory, so
/// editors that save by writing a temporary file and renaming it over the
/// original (vim, VS Code, sed -i) are followed too — and reloads it.
/// A good edit is handed to `onScene`; a bad one to `onError`, and the last
/// good scene stays up. The file being deleted or renamed away is reported too
/// (as the load error it causes). When the path is a symlink, the directories
/// of the files it leads to are watched as well, so a link swapped for another
/// and a target saved by rename are both seen.
public final class SceneWatcher {
    public let path: String
    private let fd: Int32
    private var fileWatch: Int32 = -1
    private var dirWatch: Int32 = -1
    /// Directory watches along the symlink chain, with the names that matter in each.
    private var linkWatches: [Int32: Set<String>] = [:]
    private let directory: String
    private let fileName: String
    private let load: (String) throws -> Scene
    public var onScene: (Scene) -> Void = { _ in }
    public var onError: (Error) -> Void = { _ in }

    public init(path: String, load: @escaping (String) throws -> Scene) throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        self.path = url.path
        directory = url.deletingLastPathComponent().path
        fileName = url.lastPathComponent
        self.load = load
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw EventLoop.LoopError.system(call: "inotify_init1", errno: errno) }
        dirWatch = inotify_add_watch(fd, directory, Self.directoryMask)
        guard dirWatch >= 0 else {
            let e = errno
            close(fd)
            throw EventLoop.LoopError.system(call: "inotify_add_watch(\(directory))", errno: e)
        }
        watchFile()
    }

    deinit { close(fd) }

    /// Registers with the loop; reloads happen on the loop's thread.
    public func attach(to loop: EventLoop) {
        loop.add(EventLoop.Source(fd: fd, handle: { [weak self] revents in
            guard revents & Int16(POLLIN) != 0 else { return }
            self?.drain()
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
        reload()
    }

    /// Loads the file now and reports the outcome.
    public func reload() {
        do {
            onScene(try load(path))
        } catch {
            onError(error)
        }
    }
}
