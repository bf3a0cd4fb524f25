import Testing

@testable import X11Backend

/// The shaped overlay's Expose events: what the frame's own upload already
/// put on screen is not copied again; what it did not is, once per series.
@Suite("Exposed area")
struct ExposedAreaTests {
    /// A frame uploaded (10, 10, 40, 40) with its first request numbered 0x1_0005.
    static func afterUpload() -> ExposedArea {
        var area = ExposedArea()
        area.uploaded([PixelRect(x: 10, y: 10, width: 40, height: 40)], firstSequence: 0x1_0005)
        return area
    }

    @Test("rows uncovered by the shape request just before the upload need no copy")
    func answeredByUpload() {
        var area = Self.afterUpload()
        #expect(area.exposed(PixelRect(x: 20, y: 12, width: 6, height: 1), sequence: 0x0004, remaining: 1) == nil)
        #expect(area.exposed(PixelRect(x: 18, y: 13, width: 9, height: 1), sequence: 0x0004, remaining: 0) == nil)
    }

    @Test("what lies outside the upload, or was uncovered after it, is copied once at the series' end")
    func copiedOnceAtEnd() {
        var area = Self.afterUpload()
        // Generated after the upload was handled: the window lost those pixels since.
        #expect(area.exposed(PixelRect(x: 20, y: 12, width: 6, height: 1), sequence: 0x0005, remaining: 2) == nil)
        // Outside what the upload covered.
        #expect(area.exposed(PixelRect(x: 60, y: 12, width: 4, height: 1), sequence: 0x0004, remaining: 1) == nil)
        // Answered: adds nothing.
        #expect(
            area.exposed(PixelRect(x: 30, y: 30, width: 2, height: 2), sequence: 0x0004, remaining: 0)
                == PixelRect(x: 20, y: 12, width: 44, height: 1))
        // The series is done: nothing is left over for the next one.
        #expect(area.exposed(PixelRect(x: 30, y: 30, width: 2, height: 2), sequence: 0x0004, remaining: 0) == nil)
    }

    @Test("event sequence numbers wrap at 16 bits; half the circle back counts as after the upload")
    func sequenceWraps() {
        var area = ExposedArea()
        area.uploaded([PixelRect(x: 0, y: 0, width: 64, height: 64)], firstSequence: 0x2_0003)
        #expect(area.answered(PixelRect(x: 1, y: 1, width: 2, height: 2), sequence: 0xFFFE))
        #expect(!area.answered(PixelRect(x: 1, y: 1, width: 2, height: 2), sequence: 0x8003))
        #expect(!area.answered(PixelRect(x: 1, y: 1, width: 2, height: 2), sequence: 0x0003))
    }

    @Test("before any upload every Expose is copied")
    func nothingUploadedYet() {
        var area = ExposedArea()
        #expect(
            area.exposed(PixelRect(x: 1, y: 2, width: 3, height: 4), sequence: 7, remaining: 0)
                == PixelRect(x: 1, y: 2, width: 3, height: 4))
    }
}
