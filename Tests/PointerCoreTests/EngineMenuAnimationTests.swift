import Testing

@testable import PointerCore

/// E26: a context menu opens and closes with a short scale-and-fade from the
/// pointer, and inside it the pointer becomes the highlight of the row under it.
@Suite("Context menu motion")
struct EngineMenuAnimationTests {
    static let scene = EngineFixture.sceneJSON(
        """
        {"id":"photo","frame":[300,200,200,150],"effect":"hover","menu":["Copy","Share…","Delete"]}
        """, pointer: #""autoHideDelay":0"#)

    static func frames(_ trace: String) throws -> [PointerFrame] {
        try EngineFixture.replay(scene, trace, fps: 60)
    }

    static let openAndClose = """
        {"t":0,"type":"position","x":350,"y":250}
        {"t":0.5,"type":"button","button":"secondary","state":"pressed"}
        {"t":0.55,"type":"button","button":"secondary","state":"released"}
        {"t":1.5,"type":"key","key":"escape"}
        """

    @Test("E26 the menu scales and fades in from the pointer over several frames, and out again when it closes")
    func opensAndClosesOverSeveralFrames() throws {
        let frames = try Self.frames(Self.openAndClose)
        let full = try #require(frames.first { $0.menu != nil }?.menu)
        let opening = frames.filter { $0.time >= 0.5 && $0.time < 1.5 }.compactMap(\.menuShown).filter {
            $0.opacity > 0 && $0.opacity < 1
        }
        #expect(opening.count >= 2, "\(opening.count) frames between closed and open")
        // Growing from the pointer: smaller than the menu, its corner nearer the pointer (350, 250).
        for m in opening {
            let drawn = m.drawnFrame
            #expect(m.scaleAnchor == Point(x: 350, y: 250) && m.frame == full.frame)
            #expect(m.opacity > 0 && drawn.width < full.frame.width && drawn.minX <= full.frame.minX)
            #expect(drawn.minX >= 350 && drawn.minY >= 250)
        }
        #expect(zip(opening, opening.dropFirst()).allSatisfy { $0.opacity < $1.opacity })
        // Closing: the menu is closed for the engine at once (the dump says null), drawn fading out.
        let closing = frames.filter { $0.time >= 1.5 }
        #expect(closing.allSatisfy { $0.menu == nil })
        let fading = closing.filter { $0.time > 1.5 }.compactMap(\.menuShown)
        #expect(fading.count >= 2 && fading.allSatisfy { $0.opacity < 1 }, "\(fading.map(\.opacity))")
        #expect(closing.last?.menuShown == nil, "the closed menu is gone once faded")
    }

    @Test("E26 inside an open menu the pointer becomes the highlight of the row under it")
    func pointerBecomesRowHighlight() throws {
        let frames = try Self.frames(
            Self.openAndClose.replacingOccurrences(
                of: "{\"t\":1.5,\"type\":\"key\",\"key\":\"escape\"}",
                with: "{\"t\":0.9,\"type\":\"position\",\"x\":420,\"y\":300}"))
        let menu = try #require(frames.last?.menu)
        let row = try #require(menu.rows.first { $0.contains(Point(x: 420, y: 300)) })
        let last = try #require(frames.last)
        #expect(last.visible.kind == .roundedRect)
        #expect(
            abs(last.visible.frame.width - (row.width - 12)) < 0.01
                && abs(last.visible.frame.height - (row.height - 2)) < 0.01,
            "\(last.visible.frame) for the row \(row)")
        #expect(abs(last.visible.frame.midY - row.midY) < 0.01 && abs(last.visible.cornerRadius - 6) < 0.01)
    }
}
