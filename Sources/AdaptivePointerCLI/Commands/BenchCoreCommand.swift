import ArgumentParser
import PointerCore
import SceneFormat

/// `adaptive-pointer bench core`: PointerCore budgets (docs/architecture.md): hit test at
/// 1k and 100k regions (≤ 2 µs at 100k), one event plus one frame step
/// (≤ 20 µs), the magnetism scan at 100k regions, and loading a 10k-region
/// scene (≤ 150 ms). Scenes are generated in memory with a fixed seed.
struct BenchCoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "core",
        abstract: "Benchmark hit testing, engine steps, magnetism and scene loading (medians).")

    @Option(help: "Samples per measurement (the median is printed).")
    var samples: Int = 31

    func validate() throws {
        guard samples > 0 else { throw ValidationError("--samples must be at least 1") }
    }

    func run() throws {
        print("bench core (medians of \(samples) samples; build with -c release for real figures)")
        for count in [1_000, 100_000] {
            let scene = BenchScene.make(regions: count)
            let engine = PointerEngine(scene: scene)
            let points = BenchScene.points(count: 4096, in: BenchScene.canvas(for: count))
            var sink = 0
            let index = engine.index
            let raw = Stopwatch.median(samples: samples, batch: 20_000) { i in
                sink &+= index.topmost(containing: points[i & 4095]) ?? 0
            }
            let hit = Stopwatch.median(samples: samples, batch: 20_000) { i in
                sink &+= engine.target(at: points[i & 4095])?.count ?? 0
            }
            print(
                "hit test, \(count) regions: \(Stopwatch.format(hit)) (index query alone: \(Stopwatch.format(raw)))  [target ≤ 2 µs at 100k]"
            )
            if sink == 42 { print("") }
        }

        for count in [1_000, 100_000] {
            let engine = PointerEngine(scene: BenchScene.make(regions: count))
            let canvas = BenchScene.canvas(for: count)
            var t = 0.0
            engine.handle(InputEvent(time: 0, .position(Point(x: canvas.width / 2, y: canvas.height / 2))))
            let step = Stopwatch.median(samples: samples, batch: 5_000) { i in
                t += 1.0 / 120
                // Wander in a circle so the pointer keeps entering and leaving regions.
                let phase = Double(i % 240) / 240 * 2 * Double.pi
                engine.handle(InputEvent(time: t, .motion(dx: 3 * cos(phase), dy: 3 * sin(phase))))
                _ = engine.frame(at: t)
            }
            print("engine event + frame step, \(count) regions: \(Stopwatch.format(step))  [target ≤ 20 µs]")
        }

        do {
            let count = 100_000
            let engine = PointerEngine(scene: BenchScene.make(regions: count))
            let points = BenchScene.points(count: 4096, in: BenchScene.canvas(for: count))
            var sink = 0
            let scan = Stopwatch.median(samples: samples, batch: 2_000) { i in
                let p = points[i & 4095]
                let angle = Double(i % 16) / 16 * 2 * Double.pi
                let v = Point(x: 1500 * cos(angle), y: 1500 * sin(angle))
                sink &+= engine.magnetismTarget(lift: p, velocity: v)?.count ?? 0
            }
            print("magnetism scan, \(count) regions: \(Stopwatch.format(scan))")
            if sink == 42 { print("") }
        }

        do {
            // Hot reload cost: scene layout plus the bulk-loaded hit index.
            let scene = BenchScene.make(regions: 100_000)
            var sink = 0
            let build = Stopwatch.median(samples: Swift.min(samples, 7), batch: 1) { _ in
                sink &+= PointerEngine(scene: scene).index.count
            }
            print("engine init (layout + hit index), 100000 regions: \(Stopwatch.format(build))")
            if sink == 42 { print("") }
        }

        do {
            let text = BenchScene.json(regions: 10_000)
            var failure: String?
            let load = Stopwatch.median(samples: Swift.min(samples, 11), batch: 1) { _ in
                do {
                    _ = try SceneLoader.load(text: text, file: "bench-10k.json")
                } catch {
                    failure = "\(error)"
                }
            }
            if let failure { throw ValidationError("the generated scene did not load: \(failure)") }
            print(
                "load 10k-region scene (\(text.utf8.count / 1024) KiB JSON): \(Stopwatch.format(load))  [target ≤ 150 ms]"
            )
        }
    }
}

/// Deterministic synthetic scenes: toolbar-sized controls at a constant density
/// (one per 80 × 80 pt cell on average), a mix of effects, seeded RNG. A scene
/// written as JSON is packed denser where that cell would make a canvas larger
/// than a scene file may have (docs/limits.md).
enum BenchScene {
    struct RNG {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }

    static func canvas(for count: Int, cell: Double = 80) -> Size {
        let side = (Double(count)).squareRoot() * cell
        return Size(width: side, height: side)
    }

    static func frames(count: Int, cell: Double = 80) -> [(Rect, Int)] {
        var rng = RNG(state: UInt64(count))
        let size = canvas(for: count, cell: cell)
        return (0..<count).map { i in
            let w = 20 + rng.next() * 60
            let h = 20 + rng.next() * 40
            return (
                Rect(x: rng.next() * (size.width - w), y: rng.next() * (size.height - h), width: w, height: h), i % 4
            )
        }
    }

    static func make(regions count: Int) -> Scene {
        let regions = frames(count: count).enumerated().map { i, item -> Region in
            let effect: EffectSpec = [.highlight, .lift, .hover(HoverStyle()), .automatic][item.1]
            return Region(
                id: "r\(i)", frame: item.0, effect: effect,
                content: item.1 == 1 ? RegionContent(fill: RGBA(r: 1, g: 0.6, b: 0)) : nil)
        }
        return Scene(name: "bench", canvas: Canvas(size: canvas(for: count)), regions: regions)
    }

    static func json(regions count: Int) -> String {
        let effects = ["\"highlight\"", "\"lift\"", "\"hover\"", "\"automatic\""]
        let cell = min(80, (SceneLimits.canvasArea / Double(count)).squareRoot().rounded(.down))
        let size = canvas(for: count, cell: cell)
        var out =
            "{\"version\":1,\"name\":\"bench\",\"canvas\":{\"size\":[\(Int(size.width)),\(Int(size.height))]},\"regions\":[\n"
        for (i, item) in frames(count: count, cell: cell).enumerated() {
            let r = item.0
            func n(_ v: Double) -> String { String((v * 100).rounded() / 100) }
            out +=
                "{\"id\":\"r\(i)\",\"frame\":[\(n(r.minX)),\(n(r.minY)),\(n(r.width)),\(n(r.height))],\"effect\":\(effects[item.1])"
            if item.1 == 1 { out += ",\"content\":{\"fill\":\"#FF9500\"}" }
            out += i == count - 1 ? "}\n" : "},\n"
        }
        return out + "]}"
    }

    static func points(count: Int, in size: Size) -> [Point] {
        var rng = RNG(state: 7)
        return (0..<count).map { _ in Point(x: rng.next() * size.width, y: rng.next() * size.height) }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
