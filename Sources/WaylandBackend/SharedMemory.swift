import CLinuxHost

#if canImport(Glibc)
    import Glibc
#endif

/// Memory shared with the compositor: a memfd and this process's mapping of
/// it. It grows and gives pages back in place, so a buffer that changes size
/// keeps the pages it has touched: on this kind of machine a fresh page costs
/// about twenty times copying one into a page already there
/// (docs/latency.md, "Memory kept across a resize").
final class SharedMemory {
    /// Kept open: the compositor maps it again when the pool grows.
    let fd: Int32
    private(set) var data: UnsafeMutableRawPointer
    /// Bytes mapped (the file's size).
    private(set) var mapped: Int
    /// Bytes from the start that may hold pages; past them nothing does.
    private(set) var touched: Int

    init?(bytes: Int) {
        guard bytes > 0 else { return nil }
        let fd = ap_memfd_create("adaptive-pointer-shm", AP_MFD_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard ftruncate(fd, off_t(bytes)) == 0,
            let map = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED
        else {
            close(fd)
            return nil
        }
        self.fd = fd
        data = map
        mapped = bytes
        touched = bytes
    }

    deinit {
        munmap(data, mapped)
        close(fd)
    }

    /// At least `bytes` mapped, keeping what it holds (`data` may move).
    /// False when it could not grow; it is then unchanged.
    func reserve(_ bytes: Int) -> Bool {
        guard bytes > mapped else { return true }
        guard ftruncate(fd, off_t(bytes)) == 0,
            let map = ap_mremap_grow(data, mapped, bytes), map != MAP_FAILED
        else { return false }
        data = map
        mapped = bytes
        return true
    }

    /// `bytes` from the start are about to be used.
    func use(_ bytes: Int) { touched = max(touched, min(bytes, mapped)) }

    /// Gives back the pages past the first `bytes` (rounded up to a whole
    /// page). True when some went: what they held reads as zero from now on.
    @discardableResult
    func trim(to bytes: Int) -> Bool {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let keep = min(mapped, (max(0, bytes) + page - 1) / page * page)
        guard touched > keep, madvise(data + keep, mapped - keep, MADV_REMOVE) == 0 else { return false }
        touched = keep
        return true
    }
}
