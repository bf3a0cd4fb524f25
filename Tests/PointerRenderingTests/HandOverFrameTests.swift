import Foundation
import PointerCore
import PointerTrace
import SceneFormat
import Testing

@testable import PointerRendering

/// Issue 38's hand-overs, frame by frame at 60 Hz: what shows between two
/// looks is never darker than both, and a pointer held by a lift leaves no
/// material beside the elements it passes (C15, C19).
@Suite struct HandOverFrameTests {
    static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/Scenes")

    /// Frames of `events` at 60 Hz from `from` to `to` (s).
    static func frames(_ scene: Scene, _ events: [InputEvent], from: Double, to: Double) -> [PointerFrame] {
        var out: [PointerFrame] = []
        Replay.frames(scene: scene, events: events, fps: 60) { f in
            if f.time >= from - 1e-9 && f.time <= to + 1e-9 { out.append(f) }
        }
        return out
    }

    /// The mean relative luminance of `rect` (canvas pt) in `image`.
    static func meanLuminance(_ image: ImageSurface, _ rect: Rect, scale: Double) -> Double {
        var sum = 0.0
        var n = 0.0
        for y in Int(rect.minY * scale)..<Int(rect.maxY * scale) {
            for x in Int(rect.minX * scale)..<Int(rect.maxX * scale) {
                guard let p = image.pixel(x: x, y: y) else { continue }
                sum += RGBA(r: Double(p.r) / 255, g: Double(p.g) / 255, b: Double(p.b) / 255).luminance
                n += 1
            }
        }
        return sum / max(n, 1)
    }

    @Test("C19 sliding from a highlighted segment onto the selected one, no frame is darker than both ends")
    func segmentHandOverNeverDarker() throws {
        let scene = try SceneLoader.load(path: Self.scenes.appendingPathComponent("segmented-control.json").path)
        let renderer = try SceneRenderer(scene: scene, scale: 1)
        // Day (126…222 × 94…126) to Week, the selected segment, in 0.2 s.
        // A mouse: it stops where the hand leaves it (a touchpad would glide on to Month).
        var events = [
            InputEvent(time: 0, .acceleration(.host)), InputEvent(time: 0, .device(PointingDevice(.mouse))),
            InputEvent(time: 0, .position(Point(x: 174, y: 110))),
        ]
        for k in 1...25 { events.append(InputEvent(time: 0.5 + Double(k) * 0.008, .motion(dx: 97.0 / 25, dy: 0))) }
        events.append(InputEvent(time: 2, .motion(dx: 0, dy: 0)))
        let day = Rect(x: 126, y: 94, width: 96, height: 32)
        let frames = Self.frames(scene, events, from: 0.45, to: 1.2)
        let lum = try frames.map { Self.meanLuminance(try renderer.render(frame: $0), day, scale: 1) }
        // One end: Day highlighted, the platter's light wherever the pointer was on it; the other: Day at rest.
        let highlighted = zip(frames, lum).filter { $0.0.target == "range-day" }.map(\.1)
        #expect(highlighted.count >= 5 && frames.last?.target == "range-week")
        let floor = min(highlighted.min() ?? 0, lum.last!) - 2.0 / 255
        let handOver = zip(frames, lum).enumerated().filter { $0.element.0.target != "range-day" }
        let darkest = try #require(handOver.min { $0.element.1 < $1.element.1 })
        let detail =
            "frame \(darkest.offset): Day's mean luminance \(darkest.element.1), "
            + "below both ends (highlighted \(highlighted.min() ?? 0), at rest \(lum.last!))"
        #expect(darkest.element.1 >= floor, "\(detail)")
    }

    @Test("C15 a fast pass across icons leaves no pointer material wider than the circle outside them")
    func fastPassLeavesNoSquares() throws {
        let scene = try SceneLoader.load(path: Self.scenes.appendingPathComponent("app-icons.json").path)
        let events = try TraceReader.read(
            path: Self.scenes.deletingLastPathComponent().appendingPathComponent("Traces/app-icons.jsonl").path)
        let renderer = try SceneRenderer(scene: scene, scale: 1)
        // The circle, still springing back to its size as it leaves an icon (up to a third larger).
        let limit = Int((scene.pointer.diameter * 1.3).rounded(.up)) + 2
        var worst = (side: 0, time: 0.0)
        // A fast pass from Podcasts to Camera, and on into Messages and Mail.
        for frame in Self.frames(scene, events, from: 0.2, to: 3.0) where !frame.hidden {
            var bare = frame
            bare.hidden = true
            let with = try renderer.render(frame: frame)
            let without = try renderer.render(frame: bare)
            let placements = renderer.planner.placementCache.placements(for: frame)
            let elements = renderer.layout.regions.indices.filter {
                if case .lift = renderer.layout.regions[$0].effect { return true } else { return false }
            }.map { placements[$0].bounds.insetBy(dx: -1, dy: -1) }
            // Only where the pointer draws can the two differ.
            guard let pb = renderer.pointerBounds(frame)?.insetBy(dx: -2, dy: -2).intersection(renderer.canvasRect),
                pb.width > 0, pb.height > 0
            else { continue }
            var x0 = Int.max
            var y0 = Int.max
            var x1 = Int.min
            var y1 = Int.min
            for y in Int(pb.minY)..<Int(pb.maxY) {
                for x in Int(pb.minX)..<Int(pb.maxX) {
                    let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    guard !elements.contains(where: { $0.contains(p) }),
                        let a = with.pixel(x: x, y: y), let b = without.pixel(x: x, y: y),
                        max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b))) > 6
                    else { continue }
                    x0 = min(x0, x)
                    y0 = min(y0, y)
                    x1 = max(x1, x)
                    y1 = max(y1, y)
                }
            }
            if x1 >= x0 {
                let side = max(x1 - x0, y1 - y0) + 1
                if side > worst.side { worst = (side, frame.time) }
            }
        }
        #expect(
            worst.side <= limit,
            "at t=\(worst.time) pointer material spans \(worst.side) px outside the icons (the circle: \(limit))")
    }
}
