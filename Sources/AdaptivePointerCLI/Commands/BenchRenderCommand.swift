import ArgumentParser
import Foundation
import PointerCore
import PointerRendering

/// `adaptive-pointer bench render`: the median cost of one animation frame per
/// effect (after a first full frame, so a damage-limited repaint, as a backend
/// does it), at scales 1 and 2, and how that cost changes from a 1920×1080 output
/// to a 5120×2880 one (docs/architecture.md cost model: it must not).
struct BenchRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Median cost of one rendered pointer frame per effect, and its independence of output size.")

    @Option(help: "Measured frames per case.")
    var iterations: Int = 400

    func validate() throws {
        guard iterations >= 10, iterations <= 100_000 else { throw ValidationError("--iterations must be 10…100000") }
    }

    /// Budgets in ms at scale 2 (docs/architecture.md).
    static let budgets: [String: Double] = ["plain circle": 0.25, "beam": 0.25, "highlight": 0.25, "lift": 1.0]

    func run() throws {
        #if DEBUG
        print("note: debug build; budgets apply to 'swift build -c release'")
        #endif
        let outputs = [(1920, 1080), (5120, 2880)]
        var results: [String: [String: Double]] = [:]  // case → "scale@output" → ms
        for scale in [1.0, 2.0] {
            for (w, h) in outputs {
                let bench = try RenderBench(outputWidth: w, outputHeight: h, scale: scale)
                for c in RenderBench.Case.allCases {
                    results[c.title, default: [:]]["\(scale)@\(w)"] = try bench.median(c, iterations: iterations)
                }
            }
        }
        print("render: median ms per animation frame (damage-limited repaint)")
        print("case            scale 1    scale 2    budget@2   5K/1080p ratio (scale 1, 2)")
        var worstRatio = 0.0
        for c in RenderBench.Case.allCases {
            let r = results[c.title] ?? [:]
            let s1 = r["1.0@1920"] ?? .nan, s2 = r["2.0@1920"] ?? .nan
            let ratio1 = (r["1.0@5120"] ?? .nan) / s1, ratio2 = (r["2.0@5120"] ?? .nan) / s2
            worstRatio = max(worstRatio, ratio1, ratio2)
            let budget = Self.budgets[c.title].map { String(format: "≤ %.2f %@", $0, s2 <= $0 ? "ok" : "OVER") } ?? "—"
            print(c.title.padding(toLength: 14, withPad: " ", startingAt: 0)
                  + String(format: "  %8.3f   %8.3f   ", s1, s2)
                  + budget.padding(toLength: 11, withPad: " ", startingAt: 0)
                  + String(format: "%.2f, %.2f", ratio1, ratio2))
        }
        print(String(format: "worst 5120×2880 / 1920×1080 ratio: %.2f (target ≤ 1.2)", worstRatio))
        // Region count: a plain pointer frame over a 10 000-region stage.
        let crowd = try RenderBench(outputWidth: 1920, outputHeight: 1080, scale: 2, extraRegions: 10_000)
        print(String(format: "plain circle over 10 000 regions (scale 2): %.3f ms", try crowd.median(.plain, iterations: iterations)))
    }
}

/// One output size and scale: a stage with one element per effect, and for each
/// case two frames an animation step apart.
final class RenderBench {
    enum Case: CaseIterable {
        case plain, beam, highlight, lift, hover

        var title: String {
            switch self {
            case .plain: return "plain circle"
            case .beam: return "beam"
            case .highlight: return "highlight"
            case .lift: return "lift"
            case .hover: return "hover"
            }
        }
    }

    let renderer: SceneRenderer
    let surface: ImageSurface

    init(outputWidth: Int, outputHeight: Int, scale: Double, extraRegions: Int = 0) throws {
        let size = Size(width: Double(outputWidth) / scale, height: Double(outputHeight) / scale)
        let scene = Scene(
            name: "bench", appearance: .light,
            canvas: Canvas(size: size, color: RGBA(r: 0.95, g: 0.95, b: 0.97)),
            regions: [
                Region(id: "button", frame: Rect(x: 100, y: 100, width: 37, height: 37), effect: .highlight,
                       content: RegionContent(symbol: "share", color: RGBA(r: 0, g: 0.48, b: 1))),
                Region(id: "icon", frame: Rect(x: 200, y: 200, width: 92, height: 92), cornerRadius: .points(21),
                       effect: .lift, content: RegionContent(fill: RGBA(r: 1, g: 0.58, b: 0), symbol: "music", color: .white)),
                Region(id: "card", frame: Rect(x: 400, y: 100, width: 400, height: 88), cornerRadius: .points(18),
                       effect: .hover(HoverStyle(scale: 1.03, shadow: true, tint: .overlay)),
                       content: RegionContent(fill: .white, symbol: "bell", label: "Reminders\nDesign review at 3 pm")),
                Region(id: "text", frame: Rect(x: 100, y: 300, width: 80, height: 200), shape: .verticalBeam(length: 22),
                       snap: SnapGrid(y: 22), content: RegionContent(fill: .white)),
            ])
        var crowded = scene
        // A grid of small tiles under everything (a dense stage).
        let columns = max(1, Int((size.width / 12).rounded(.down)))
        for k in 0..<extraRegions {
            crowded.regions.insert(Region(id: "tile\(k)", frame: Rect(x: Double(k % columns) * 12, y: Double(k / columns) * 12 + 40,
                                                                       width: 10, height: 10),
                                          effect: EffectSpec.none,
                                          content: RegionContent(fill: RGBA(r: 0.9, g: 0.9, b: 0.92))), at: 0)
        }
        renderer = try SceneRenderer(scene: crowded, scale: scale)
        surface = try renderer.makeCanvasSurface()
        // The first full frame (also builds the stage sampler).
        try renderer.draw(frame: nil, into: surface)
    }

    func circle(_ p: Point) -> VisiblePointer {
        VisiblePointer(kind: .circle, frame: Rect(center: p, size: Size(width: 19, height: 19)), cornerRadius: 9.5,
                       geometry: .roundedRect(size: Size(width: 19, height: 19), cornerRadius: 9.5))
    }

    func rounded(_ frame: Rect, _ r: Double, kind: ShapeKind = .roundedRect) -> VisiblePointer {
        VisiblePointer(kind: kind, frame: frame, cornerRadius: r, geometry: .roundedRect(size: frame.size, cornerRadius: r))
    }

    /// Two frames one animation step apart.
    func frames(_ c: Case) -> (PointerFrame, PointerFrame) {
        switch c {
        case .plain:
            return (PointerFrame(time: 0, pointer: Point(x: 450, y: 420), visible: circle(Point(x: 450, y: 420))),
                    PointerFrame(time: 1, pointer: Point(x: 454, y: 422), visible: circle(Point(x: 454, y: 422))))
        case .beam:
            func beam(_ x: Double) -> PointerFrame {
                PointerFrame(time: 0, pointer: Point(x: x, y: 332), visible: rounded(Rect(x: x - 1, y: 322, width: 2, height: 22), 1, kind: .verticalBeam),
                             target: "text", effect: PointerEffect.none)
            }
            return (beam(130), beam(134))
        case .highlight:
            func hl(_ dx: Double) -> PointerFrame {
                PointerFrame(time: 0, pointer: Point(x: 118 + 4 * dx, y: 118), visible: rounded(Rect(x: 99 + dx, y: 99, width: 39, height: 39), 8),
                             target: "button", effect: .highlight,
                             regions: ["button": RegionState(offset: Point(x: -1.5 + dx / 2, y: -1.5), scale: 1.08, emphasis: 1)])
            }
            return (hl(0), hl(0.6))
        case .lift:
            func lift(_ t: Double) -> PointerFrame {
                let s = 1 + 0.1 * t
                return PointerFrame(time: 0, pointer: Point(x: 250 + 5 * t, y: 240), visible: rounded(Rect(x: 200, y: 200, width: 92, height: 92), 21),
                                    target: "icon", effect: .lift,
                                    regions: ["icon": RegionState(offset: Point(x: -46 * (s - 1), y: -46 * (s - 1)), scale: s, emphasis: t)])
            }
            return (lift(0.5), lift(0.6))
        case .hover:
            func hover(_ t: Double) -> PointerFrame {
                let s = 1 + 0.03 * t
                return PointerFrame(time: 0, pointer: Point(x: 600, y: 144), visible: circle(Point(x: 600 + 3 * t, y: 144)),
                                    target: "card", effect: .hover(HoverStyle(scale: 1.03, shadow: true, tint: .overlay)),
                                    regions: ["card": RegionState(offset: Point(x: -200 * (s - 1), y: -44 * (s - 1)), scale: s, emphasis: t)])
            }
            return (hover(0.5), hover(0.6))
        }
    }

    /// Median ms of one frame: damage from the previous frame, repaint it.
    func median(_ c: Case, iterations: Int) throws -> Double {
        let (a, b) = frames(c)
        for rect in renderer.damage(from: nil, to: a) { try renderer.draw(frame: a, into: surface, clip: rect) }
        var previous = a
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        for i in 0..<(iterations + 20) {
            let next = i % 2 == 0 ? b : a
            let start = DispatchTime.now().uptimeNanoseconds
            for rect in renderer.damage(from: previous, to: next) {
                try renderer.draw(frame: next, into: surface, clip: rect)
            }
            let end = DispatchTime.now().uptimeNanoseconds
            previous = next
            if i >= 20 { samples.append(Double(end - start) / 1e6) }  // the first few warm caches
        }
        samples.sort()
        return samples[samples.count / 2]
    }
}
