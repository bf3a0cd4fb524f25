import PointerCore
import PointerHost
import Testing

/// Where the live layers go (issue #11: memory that does not grow with the
/// output for what moves).
@Suite struct LiveLayerPlacementTests {
    let canvas = Size(width: 2560, height: 1440)
    let menu = Rect(x: 200, y: 150, width: 240, height: 300)
    let pointer = Rect(x: 2100, y: 1200, width: 40, height: 40)

    func area(_ rects: [Rect]) -> Double { rects.reduce(0) { $0 + $1.width * $1.height } }

    @Test("a menu left open at one end and the pointer at the other get a layer each, not one over both")
    func farApartGetTwoLayers() {
        let layers = LiveLayerPlacement.layers(for: [menu, pointer], current: [], canvas: canvas)
        let used = layers.filter { !$0.isEmpty }
        #expect(used.count == 2)
        #expect(used.contains { $0.contains(Point(x: menu.midX, y: menu.midY)) })
        #expect(used.contains { $0.contains(Point(x: pointer.midX, y: pointer.midY)) })
        // One layer over both would be about 2000×1100 pt.
        #expect(area(used) < 0.1 * canvas.width * canvas.height, "\(used)")
    }

    @Test("what lies close together shares a layer")
    func closeTogetherShareOne() {
        let next = Rect(x: menu.maxX + 10, y: menu.minY, width: 40, height: 40)
        let used = LiveLayerPlacement.layers(for: [menu, next], current: [], canvas: canvas).filter { !$0.isEmpty }
        #expect(used.count == 1)
    }

    @Test(
        "the pointer moving within its layer keeps the layer; moving on, it takes its own layer along; a layer left empty shrinks"
    )
    func layersFollowAndPark() {
        let first = LiveLayerPlacement.layers(for: [menu, pointer], current: [], canvas: canvas)
        let nudged = pointer.offsetBy(Point(x: 4, y: 0))
        #expect(LiveLayerPlacement.layers(for: [menu, nudged], current: first, canvas: canvas) == first)
        let moved = pointer.offsetBy(Point(x: -400, y: 0))
        let second = LiveLayerPlacement.layers(for: [menu, moved], current: first, canvas: canvas)
        let menuLayer = first.firstIndex { $0.contains(Point(x: menu.midX, y: menu.midY)) }!
        #expect(second[menuLayer] == first[menuLayer], "the menu's layer is not redrawn")
        // The menu closes: its layer is parked, small.
        let third = LiveLayerPlacement.layers(for: [moved], current: second, canvas: canvas)
        #expect(
            third[menuLayer].width <= LiveLayerPlacement.parkedSide
                && third[menuLayer].height <= LiveLayerPlacement.parkedSide)
        #expect(!third[menuLayer].isEmpty, "parked, not unmapped")
    }

    @Test("more groups than layers: the closest are merged, everything stays covered")
    func moreGroupsThanLayers() {
        let spots = (0..<6).map { Rect(x: Double($0) * 400, y: 100, width: 30, height: 30) }
        let layers = LiveLayerPlacement.layers(for: spots, current: [], canvas: canvas)
        #expect(layers.count == LiveLayerPlacement.layerCount)
        for s in spots {
            #expect(
                layers.contains { $0.minX <= s.minX && $0.maxX >= s.maxX && $0.minY <= s.minY && $0.maxY >= s.maxY },
                "\(s) uncovered")
        }
    }
}
