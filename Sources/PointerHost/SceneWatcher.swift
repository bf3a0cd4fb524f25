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
/// good scene stays up.
public final class SceneWatcher {
    public let path: String
    private let fd: Int32
    private var fileWatch: Int32 = -1
    private var dirWatch: Int32 = -1
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
        dirWatch = inotify_add_watch(fd, directory, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE))
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

    /// (Re)watches the file's inode: after a rename-on-save the old watch is gone.
    private func watchFile() {
        if fileWatch >= 0 { inotify_rm_watch(fd, fileWatch) }
        fileWatch = inotify_add_watch(fd, path, UInt32(IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF))
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
                if ev.wd == fileWatch && ev.mask & UInt32(IN_CLOSE_WRITE) != 0 { changed = true }
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
