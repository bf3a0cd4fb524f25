import CLinuxHost
import CWaylandClient
import PointerCore
import PointerHost

#if canImport(Glibc)
    import Glibc
#endif

/// One wl_shm buffer over its own `SharedMemory`, offered as ARGB8888 or,
/// for pixels known to be opaque, as XRGB8888. Its memory outlives a change
/// of size (`reshape`).
final class ShmBuffer {
    private(set) var proxy: OpaquePointer
    /// The same pixels as XRGB8888 (made when first asked for).
    private var opaqueBuffer: OpaquePointer?
    private let shmPool: OpaquePointer
    private let memory: SharedMemory
    var data: UnsafeMutableRawPointer { memory.data }
    private(set) var width: Int
    private(set) var height: Int
    var stride: Int { width * 4 }
    var byteCount: Int { stride * height }
    /// Held by the compositor between attach+commit and `release`.
    fileprivate(set) var busy = false
    /// Canvas-pt areas whose pixels are older than the last presented frame;
    /// nil = everything (never drawn, or too fragmented to track).
    var stale: [Rect]? = nil
    /// Counts the times it was handed out for drawing: a copy of its pixels
    /// taken as the screen's is good only while this has not changed.
    private(set) var generation = 0
    fileprivate weak var pool: BufferPool?

    fileprivate init?(shm: OpaquePointer, width: Int, height: Int) {
        guard let memory = SharedMemory(bytes: width * 4 * height),
            let pool = wl_shm_create_pool(shm, memory.fd, Int32(memory.mapped))
        else { return nil }
        guard let buffer = Self.buffer(in: pool, width: width, height: height) else {
            wl_shm_pool_destroy(pool)
            return nil
        }
        // Kept (it costs the compositor nothing more): the opaque view is made from it.
        self.shmPool = pool
        self.memory = memory
        self.proxy = buffer
        self.width = width
        self.height = height
        wl_buffer_add_listener(buffer, bufferListener, Unmanaged.passUnretained(self).toOpaque())
    }

    private static func buffer(in pool: OpaquePointer, width: Int, height: Int) -> OpaquePointer? {
        wl_shm_pool_create_buffer(
            pool, 0, Int32(width), Int32(height), Int32(width * 4), WL_SHM_FORMAT_ARGB8888.rawValue)
    }

    deinit {
        wl_buffer_destroy(proxy)
        if let opaqueBuffer { wl_buffer_destroy(opaqueBuffer) }
        wl_shm_pool_destroy(shmPool)
    }

    /// Takes `width`×`height` over the same memory (released buffers only),
    /// growing it when it must; its pixels are then all stale. False when it
    /// could not (the buffer is unchanged).
    fileprivate func reshape(width: Int, height: Int) -> Bool {
        let bytes = width * 4 * height
        guard !busy, bytes > 0 else { return false }
        let before = memory.mapped
        guard memory.reserve(bytes) else { return false }
        if memory.mapped != before { wl_shm_pool_resize(shmPool, Int32(memory.mapped)) }
        guard let b = Self.buffer(in: shmPool, width: width, height: height) else { return false }
        wl_buffer_destroy(proxy)
        if let opaqueBuffer { wl_buffer_destroy(opaqueBuffer) }
        opaqueBuffer = nil
        proxy = b
        wl_buffer_add_listener(b, bufferListener, Unmanaged.passUnretained(self).toOpaque())
        self.width = width
        self.height = height
        memory.use(bytes)
        stale = nil
        generation &+= 1
        // Much smaller now: the rest goes (a little is kept, for a layer that grows back).
        if memory.touched > bytes + bytes / 2 { memory.trim(to: bytes) }
        return true
    }

    /// Gives back the memory past `bytes`; the pixels it held are gone, so
    /// nothing may copy them as the screen's.
    fileprivate func trim(to bytes: Int) {
        guard memory.trim(to: bytes), bytes < byteCount else { return }
        stale = nil
        generation &+= 1
    }

    /// The wl_buffer to attach: for pixels known to be opaque, the XRGB8888
    /// one, which the compositor copies instead of blending (pixman: less than
    /// half the time) and needs draw nothing beneath.
    func proxy(opaque: Bool) -> OpaquePointer {
        guard opaque else { return proxy }
        if opaqueBuffer == nil,
            let b = wl_shm_pool_create_buffer(
                shmPool, 0, Int32(width), Int32(height), Int32(stride),
                WL_SHM_FORMAT_XRGB8888.rawValue)
        {
            wl_buffer_add_listener(b, bufferListener, Unmanaged.passUnretained(self).toOpaque())
            opaqueBuffer = b
        }
        return opaqueBuffer ?? proxy
    }

    /// Its pixels are about to change.
    func willDraw() { generation &+= 1 }

    fileprivate func released() {
        busy = false
        pool?.bufferReleased(self)
    }
}

/// A buffer's pixels as committed: what the screen shows, for as long as the
/// buffer lives and is not drawn into again. Held weakly, so it keeps no
/// buffer the pool let go.
struct CommittedPixels {
    private weak var buffer: ShmBuffer?
    private let pixels: PixelBuffer
    private let generation: Int

    init(_ buffer: ShmBuffer, as pixels: PixelBuffer) {
        self.buffer = buffer
        self.pixels = pixels
        generation = buffer.generation
    }

    /// The canvas pt they showed.
    var extent: Rect { LayerBackfill.extent(pixels) }

    /// The pixels, unless the buffer is gone, was drawn into since, or is `target`.
    func intact(leavingOut target: ShmBuffer) -> PixelBuffer? {
        guard let b = buffer, b !== target, b.generation == generation else { return nil }
        return pixels
    }
}

/// The wl_shm buffers of one surface: a buffer is drawn into only after the
/// compositor released it; at most `capacity` exist. Each buffer remembers
/// which areas went stale while it was away, so a frame repaints only the
/// new damage plus that.
final class BufferPool {
    private let shm: OpaquePointer
    private var buffers: [ShmBuffer] = []
    let capacity = 2
    var onRelease: () -> Void = {}
    /// Called first when the compositor gives a buffer back.
    var onReturned: (ShmBuffer) -> Void = { _ in }
    /// The size asked for last: a buffer of another size is dropped once released.
    private var wanted: (width: Int, height: Int)?

    init(shm: OpaquePointer) { self.shm = shm }

    /// A free buffer is available (or can be made) for `width`×`height`.
    func hasFree(width: Int, height: Int) -> Bool {
        buffers.contains { !$0.busy && $0.width == width && $0.height == height }
            || buffers.filter { $0.busy || ($0.width == width && $0.height == height) }.count < capacity
    }

    /// A released buffer of this size: one already that size, else one
    /// reshaped (its memory kept), else a new one.
    func acquire(width: Int, height: Int) -> ShmBuffer? {
        wanted = (width, height)
        let free = buffers.filter { !$0.busy }
        let sized = free.filter { $0.width == width && $0.height == height }
        // The one that lacks nothing when the compositor gave both back.
        if let b = sized.first(where: { $0.stale?.isEmpty == true }) ?? sized.first { return b }
        if let b = free.first, b.reshape(width: width, height: height) { return b }
        buffers.removeAll { !$0.busy && ($0.width != width || $0.height != height) }
        guard buffers.count < capacity, let b = ShmBuffer(shm: shm, width: width, height: height) else { return nil }
        b.pool = self
        buffers.append(b)
        return b
    }

    /// `buffer` was attached and committed with `damage`: the others now lack it.
    func committed(_ buffer: ShmBuffer, damage: [Rect]) {
        buffer.busy = true
        buffer.stale = []
        for other in buffers where other !== buffer {
            guard var s = other.stale else { continue }
            s.append(contentsOf: damage)
            // Many small areas (a buffer away for many commits): their bounding
            // box, so the next frame repaints what moved, not the whole output.
            other.stale = s.count > 32 ? [s.dropFirst().reduce(s[0]) { $0.union($1) }] : s
        }
    }

    /// Frees the buffers the compositor is not holding.
    func dropFree() {
        buffers.removeAll { !$0.busy }
    }

    /// Drops every buffer (after a resize or scale change, all are stale).
    func invalidateAll() {
        for b in buffers { b.stale = nil }
    }

    fileprivate func bufferReleased(_ buffer: ShmBuffer) {
        // A layer that shrank may not draw again soon: the memory it no longer needs goes now.
        if let wanted, buffer.width != wanted.width || buffer.height != wanted.height {
            buffer.trim(to: wanted.width * 4 * wanted.height)
        }
        onReturned(buffer)
        onRelease()
    }
}

// Immutable after initialisation and read only by libwayland on the loop thread.
nonisolated(unsafe) private let bufferListener: UnsafeMutablePointer<wl_buffer_listener> = {
    let p = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
    p.initialize(
        to: wl_buffer_listener(release: { data, _ in
            guard let data else { return }
            Unmanaged<ShmBuffer>.fromOpaque(data).takeUnretainedValue().released()
        }))
    return p
}()
