import Testing

@testable import WaylandBackend

#if canImport(Glibc)
    import Glibc
#endif

/// A live layer that grows or shrinks keeps the memory it has touched, so its
/// next frame copies into pages already there instead of faulting in fresh
/// ones (docs/latency.md, "Memory kept across a resize").
@Suite struct SharedMemoryTests {
    private let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Which of the first `bytes` of `memory` have a page (mincore).
    private func resident(_ memory: SharedMemory, _ bytes: Int) -> [Bool] {
        var vec = [UInt8](repeating: 0, count: (bytes + page - 1) / page)
        #expect(mincore(memory.data, bytes, &vec) == 0)
        return vec.map { $0 & 1 == 1 }
    }

    private func fill(_ memory: SharedMemory, _ bytes: Int, seed: UInt8) {
        let p = memory.data.assumingMemoryBound(to: UInt8.self)
        for i in 0..<bytes { p[i] = seed &+ UInt8(truncatingIfNeeded: i / 4093) }
    }

    private func holds(_ p: UnsafeRawPointer, _ bytes: Int, seed: UInt8) -> Bool {
        let b = p.assumingMemoryBound(to: UInt8.self)
        return (0..<bytes).allSatisfy { b[$0] == seed &+ UInt8(truncatingIfNeeded: $0 / 4093) }
    }

    @Test(
        "a layer's buffer that grows keeps the pages and pixels it had, and the compositor's view of the file shows them"
    )
    func growKeepsPages() throws {
        let small = 64 * page
        let memory = try #require(SharedMemory(bytes: small))
        fill(memory, small, seed: 7)
        #expect(memory.reserve(5 * small))
        #expect(memory.mapped == 5 * small)
        #expect(holds(memory.data, small, seed: 7), "what it held is still there after growing")
        #expect(resident(memory, small).allSatisfy { $0 }, "its pages were kept, not faulted in again")
        #expect(resident(memory, 5 * small).dropFirst(64).allSatisfy { !$0 }, "the new part has no pages until used")
        // The compositor maps the same file: it sees the same bytes, all of them.
        let other = try #require(mmap(nil, 5 * small, PROT_READ, MAP_SHARED, memory.fd, 0))
        #expect(other != MAP_FAILED)
        defer { munmap(other, 5 * small) }
        #expect(holds(other, small, seed: 7))
        #expect(memory.reserve(small), "asking for less than it has changes nothing")
        #expect(memory.mapped == 5 * small)
    }

    @Test("a layer's buffer that shrank gives its pages back past what it needs; what it kept is intact")
    func trimGivesPagesBack() throws {
        let bytes = 100 * page
        let memory = try #require(SharedMemory(bytes: bytes))
        fill(memory, bytes, seed: 3)
        #expect(memory.trim(to: 30 * page + 1), "31 pages kept (whole pages), 69 given back")
        let pages = resident(memory, bytes)
        #expect(pages.prefix(31).allSatisfy { $0 })
        #expect(pages.dropFirst(31).allSatisfy { !$0 })
        #expect(holds(memory.data, 30 * page + 1, seed: 3))
        let past = memory.data.assumingMemoryBound(to: UInt8.self)
        #expect((31 * page..<bytes).allSatisfy { past[$0] == 0 }, "what was given back reads as zero")
        #expect(!memory.trim(to: 50 * page), "nothing more to give back")
        // Used again up to 60 pages: growing back needs no new file or mapping.
        memory.use(60 * page)
        fill(memory, 60 * page, seed: 9)
        #expect(memory.trim(to: 40 * page))
        #expect(resident(memory, bytes).prefix(40).allSatisfy { $0 })
        #expect(resident(memory, bytes).dropFirst(40).allSatisfy { !$0 })
    }
}
