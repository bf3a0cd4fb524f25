import PointerCore
import PointerHost
import Testing

/// A live layer's new buffer is readied by copying the screen, so a frame draws
/// only what changed (issue #11: the 5K p99 was carried by layers drawn whole
/// after they moved, in both their buffers).
@Suite struct LayerBackfillTests {
    /// Pixels of one colour over `rect` (canvas pt) at `scale`.
    final class Plane {
        let rect: Rect, scale: Double
        var pixels: [UInt32]
        let width: Int, height: Int

        init(_ rect: Rect, scale: Double = 1, colour: UInt32) {
            self.rect = rect
            self.scale = scale
            width = Int(rect.width * scale)
            height = Int(rect.height * scale)
            pixels = [UInt32](repeating: colour, count: width * height)
        }

        /// Valid while the plane lives and its pixels are not reassigned.
        var buffer: PixelBuffer {
            pixels.withUnsafeMutableBytes {
                PixelBuffer(
                    data: $0.baseAddress!, width: width, height: height, stride: 4 * width, scale: scale,
                    origin: rect.origin)
            }
        }

        /// The colour at canvas point `p` (inside the plane).
        func at(_ x: Double, _ y: Double) -> UInt32 {
            pixels[Int((y - rect.minY) * scale) * width + Int((x - rect.minX) * scale)]
        }
    }

    static let still: UInt32 = 0xFF20_4060, layer: UInt32 = 0xFFA0_8040, garbage: UInt32 = 0xDEAD_BEEF

    @Test(
        "a layer that moved copies the old layer where it overlaps and the still stage elsewhere; it draws only the damage"
    )
    func movedLayerCopiesTheScreen() {
        for scale in [1.0, 2.0] {
            let stage = Plane(Rect(x: 0, y: 0, width: 200, height: 120), scale: scale, colour: Self.still)
            let old = Plane(Rect(x: 10, y: 10, width: 60, height: 60), scale: scale, colour: Self.layer)
            let moved = Plane(Rect(x: 40, y: 30, width: 60, height: 60), scale: scale, colour: Self.garbage)
            let damage = [Rect(x: 60, y: 50, width: 10, height: 10)]
            let screen = LayerBackfill.Screen(still: stage.buffer, layers: [old.buffer])
            let repaint = LayerBackfill.prepare(
                moved.buffer, rect: moved.rect, damage: damage, stale: nil, screen: screen)
            #expect(repaint == damage, "at scale \(scale)")
            #expect(moved.at(45, 35) == Self.layer, "where the old layer stood, at scale \(scale)")
            #expect(moved.at(95, 85) == Self.still, "beyond it, at scale \(scale)")
            #expect(moved.at(69.5, 69.5) == Self.layer && moved.at(70, 70) == Self.still, "its edge, at scale \(scale)")
            #expect(
                !moved.pixels.enumerated().contains { i, p in
                    p == Self.garbage
                        && !damage[0].contains(
                            Point(
                                x: moved.rect.minX + Double(i % moved.width) / scale,
                                y: moved.rect.minY + Double(i / moved.width) / scale))
                }, "pixels neither copied nor to be drawn, at scale \(scale)")
        }
    }

    @Test("where a layer stood whose buffer was drawn into since, the still stage is not the screen: that is drawn")
    func lostLayerIsDrawn() throws {
        let stage = Plane(Rect(x: 0, y: 0, width: 200, height: 120), colour: Self.still)
        let target = Plane(Rect(x: 40, y: 30, width: 60, height: 60), colour: Self.garbage)
        let gone = Rect(x: 10, y: 10, width: 60, height: 60)
        let repaint = try #require(
            LayerBackfill.prepare(
                target.buffer, rect: target.rect, damage: [], stale: nil,
                screen: LayerBackfill.Screen(still: stage.buffer, layers: [], lost: [gone])))
        #expect(repaint == [Rect(x: 40, y: 30, width: 30, height: 40)])
        #expect(target.at(80, 80) == Self.still)
    }

    @Test("without the still stage's pixels, what no layer covered is drawn, not copied")
    func noStillMeansDrawing() throws {
        let old = Plane(Rect(x: 10, y: 10, width: 60, height: 60), colour: Self.layer)
        let target = Plane(Rect(x: 10, y: 10, width: 60, height: 80), colour: Self.garbage)
        let repaint = try #require(
            LayerBackfill.prepare(
                target.buffer, rect: target.rect, damage: [], stale: nil,
                screen: LayerBackfill.Screen(still: nil, layers: [old.buffer])))
        #expect(repaint == [Rect(x: 10, y: 70, width: 60, height: 20)])
        #expect(target.at(30, 30) == Self.layer)
    }

    @Test("a layer in place with nothing changed is not drawn; what it lacks but is damaged anyway is not copied")
    func inPlace() throws {
        let stage = Plane(Rect(x: 0, y: 0, width: 100, height: 100), colour: Self.still)
        let front = Plane(Rect(x: 0, y: 0, width: 50, height: 50), colour: Self.layer)
        let back = Plane(front.rect, colour: Self.garbage)
        let screen = LayerBackfill.Screen(still: stage.buffer, layers: [front.buffer])
        let lacking = [Rect(x: 0, y: 0, width: 20, height: 20)]
        #expect(LayerBackfill.prepare(back.buffer, rect: back.rect, damage: [], stale: lacking, screen: screen) == nil)
        #expect(back.at(5, 5) == Self.garbage, "a layer not drawn is not touched")
        let damage = [Rect(x: 0, y: 0, width: 20, height: 10)]
        #expect(
            LayerBackfill.prepare(back.buffer, rect: back.rect, damage: damage, stale: lacking, screen: screen)
                == damage)
        #expect(back.at(5, 5) == Self.garbage, "damaged: drawn, not copied")
        #expect(back.at(5, 15) == Self.layer, "lacking, not damaged: copied from the layer on screen")
        #expect(back.at(30, 30) == Self.garbage, "neither: left as it was")
    }

    @Test(
        "a source whose pixels do not line up with the buffer's is not copied from, and the still stage does not stand in for it"
    )
    func misalignedSourceIsDrawn() throws {
        let stage = Plane(Rect(x: 0, y: 0, width: 100, height: 100), scale: 2, colour: Self.still)
        let target = Plane(Rect(x: 0, y: 0, width: 40, height: 40), scale: 1, colour: Self.garbage)
        let repaint = try #require(
            LayerBackfill.prepare(
                target.buffer, rect: target.rect, damage: [], stale: nil,
                screen: LayerBackfill.Screen(still: stage.buffer, layers: [])))
        #expect(repaint == [target.rect])
        #expect(target.at(5, 5) == Self.garbage)
        let sameScaleStill = Plane(Rect(x: 0, y: 0, width: 100, height: 100), colour: Self.still)
        let otherScaleLayer = Plane(Rect(x: 0, y: 0, width: 20, height: 40), scale: 2, colour: Self.layer)
        let part = try #require(
            LayerBackfill.prepare(
                target.buffer, rect: target.rect, damage: [], stale: nil,
                screen: LayerBackfill.Screen(still: sameScaleStill.buffer, layers: [otherScaleLayer.buffer])))
        #expect(part == [Rect(x: 0, y: 0, width: 20, height: 40)])
        #expect(target.at(30, 5) == Self.still)
    }

    @Test("a buffer given back is caught up with the front buffer where it lacks the newest frames, and only there")
    func returnedBufferCatchesUp() {
        for scale in [1.0, 2.0] {
            let rect = Rect(x: 20, y: 20, width: 60, height: 40)
            let front = Plane(rect, scale: scale, colour: Self.layer)
            let back = Plane(rect, scale: scale, colour: Self.still)
            // What the frames since it was drawn changed: one area inside, one partly outside the layer.
            let stale = [Rect(x: 30, y: 25, width: 10, height: 10), Rect(x: 70, y: 50, width: 20, height: 20)]
            let left = LayerBackfill.catchUp(back.buffer, stale: stale, from: front.buffer)
            #expect(left.isEmpty, "at scale \(scale)")
            #expect(
                back.at(35, 30) == Self.layer && back.at(75, 55) == Self.layer && back.at(79.5, 59.5) == Self.layer,
                "the stale areas, at scale \(scale)")
            #expect(
                back.at(25, 25) == Self.still && back.at(50, 40) == Self.still && back.at(69.5, 55) == Self.still,
                "what it did not lack stays as it was, at scale \(scale)")
        }
        // Half a pixel off at scale 1: not copied, left to the next frame to draw.
        let front = Plane(Rect(x: 0, y: 0, width: 20, height: 20), colour: Self.layer)
        let back = Plane(Rect(x: 0, y: 0, width: 20, height: 20), colour: Self.still)
        #expect(
            LayerBackfill.catchUp(back.buffer, stale: [Rect(x: 2.5, y: 2, width: 4, height: 4)], from: front.buffer)
                == [Rect(x: 2.5, y: 2, width: 4, height: 4)])
        #expect(back.at(4, 4) == Self.still)
    }
}
