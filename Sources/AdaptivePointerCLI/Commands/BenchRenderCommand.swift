import ArgumentParser
import Foundation
import GLRenderer
import PointerCore
import PointerHost
import PointerRendering

#if canImport(Glibc)
    import Glibc
#endif

/// `adaptive-pointer bench render [--renderer cairo|gl]`: what one animation
/// frame costs per effect (after a first full frame, so a damage-limited
/// repaint, as a backend does it): wall time, the process's CPU time (every
/// thread: a software GL rasteriser runs on several) and frames per second, at
/// 1280×800 (scale 1) and 5120×2880 (scale 2); and whether a 5K output costs
/// more per frame than a 1080p one at scale 2 (docs/architecture.md cost model: it must not).
struct BenchRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract:
            "Cost of one rendered pointer frame per effect (wall, CPU, fps), and its independence of output size.",
        discussion: """
            --renderer gl times the GL renderer twice: drawing into its framebuffer and waiting for \
            the GPU (what a window surface costs before the swap), and reading the frame's damage back \
            into a CPU buffer (what drawing into shared memory costs). On Mesa's llvmpipe the "GPU" \
            is the CPU, so its CPU column counts the rasteriser's threads too.
            """)

    @Option(help: "Measured frames per case.")
    var iterations: Int = 400

    @Option(help: "cairo or gl.")
    var renderer: RendererChoice = .cairo

    func validate() throws {
        guard iterations >= 10, iterations <= 100_000 else { throw ValidationError("--iterations must be 10…100000") }
        guard renderer != .auto else {
            throw ValidationError("--renderer wants cairo or gl: a benchmark names what it measures")
        }
    }

    /// Budgets in ms at scale 2 (docs/architecture.md), for the Cairo renderer.
    static let budgets: [String: Double] = ["plain circle": 0.25, "beam": 0.25, "highlight": 0.25, "lift": 1.0]

    /// How frames reach their target.
    enum Target: String {
        case cpuBuffer = "into a CPU buffer"
        case framebuffer = "into its framebuffer (window path)"
    }

    func run() throws {
        #if DEBUG
            print("note: debug build; budgets apply to 'swift build -c release'")
        #endif
        var context: GLContext?
        if renderer == .gl {
            do { context = try GLContext(platform: .surfaceless) } catch {
                FileHandle.standardError.write(Data("error: --renderer gl cannot start: \(error)\n".utf8))
                throw ExitCode(.failure)
            }
        }
        let targets: [Target] = renderer == .gl ? [.framebuffer, .cpuBuffer] : [.cpuBuffer]
        for target in targets {
            try bench(target: target, context: context)
        }
    }

    private func makeRenderer(_ scene: Scene, _ scale: Double, _ context: GLContext?) throws -> MadeRenderer {
        let planner = try ScenePlanner(scene: scene, scale: scale)
        guard let context else { return MadeRenderer(SceneRenderer(planner: planner)) }
        let shaders = try ShaderSources.locate(candidates: RendererFactory.defaultShaderFolders())
        return MadeRenderer(try GLSceneRenderer(planner: planner, context: context, shaders: shaders))
    }

    private func bench(target: Target, context: GLContext?) throws {
        let configs = [(1280, 800, 1.0), (1920, 1080, 2.0), (5120, 2880, 2.0)]
        var results: [String: [String: RenderBench.Figures]] = [:] // case → config → figures
        var summary = ""
        for (w, h, scale) in configs {
            let bench = try RenderBench(outputWidth: w, outputHeight: h, scale: scale, target: target) {
                try makeRenderer($0, $1, context)
            }
            if let gl = bench.made.gl { summary = gl.contextSummary }
            for c in RenderBench.Case.allCases {
                results[c.title, default: [:]]["\(w)@\(scale)"] = try bench.measure(c, iterations: iterations)
            }
        }
        let name = renderer == .gl ? "gl \(target.rawValue), \(summary)" : "cairo"
        print("render with \(name): per animation frame (damage-limited repaint), median wall ms, mean CPU ms, fps")
        print(
            "case            1280×800 @1                    5120×2880 @2                   budget@2 (1080p)  5K/1080p @2"
        )
        var worstRatio = 0.0
        for c in RenderBench.Case.allCases {
            let r = results[c.title] ?? [:]
            let small = r["1280@1.0"]
            let big = r["5120@2.0"]
            let hd = r["1920@2.0"]
            let ratio = (big?.wall ?? .nan) / (hd?.wall ?? .nan)
            worstRatio = max(worstRatio, ratio)
            let budget =
                renderer == .cairo
                ? Self.budgets[c.title].map {
                    String(format: "≤ %.2f %@", $0, (hd?.wall ?? .infinity) <= $0 ? "ok" : "OVER")
                } ?? "—"
                : "—"
            print(
                c.title.padding(toLength: 14, withPad: " ", startingAt: 0)
                    + "  " + (small?.formatted ?? "-").padding(toLength: 29, withPad: " ", startingAt: 0)
                    + "  " + (big?.formatted ?? "-").padding(toLength: 29, withPad: " ", startingAt: 0)
                    + "  " + budget.padding(toLength: 16, withPad: " ", startingAt: 0)
                    + String(format: "  %.2f", ratio))
        }
        print(String(format: "worst 5120×2880 / 1920×1080 ratio at scale 2: %.2f (target ≤ 1.2)", worstRatio))
        // Region count: a plain pointer frame over a 10 000-region stage.
        let crowd = try RenderBench(
            outputWidth: 1920, outputHeight: 1080, scale: 2, extraRegions: 10_000, target: target
        ) {
            try makeRenderer($0, $1, context)
        }
        print(
            "plain circle over 10 000 regions (scale 2): \(try crowd.measure(.plain, iterations: iterations).formatted)"
        )
        print("")
    }
}

/// One output size and scale: a stage with one element per effect, and for each
/// case two frames an animation step apart.
final class RenderBench {
    enum Case: CaseIterable {
        case plain, beam, highlight, lift, hover, liftRow, liftMoving, hoverMoving

        var title: String {
            switch self {
            case .plain: return "plain circle"
            case .beam: return "beam"
            case .highlight: return "highlight"
            case .lift: return "lift"
            case .hover: return "hover"
            case .liftRow: return "lift row"
            case .liftMoving: return "lift, moving"
            case .hoverMoving: return "hover, moving"
            }
        }

        /// The icons of the `liftRow` case: six, of which three lift or settle at once.
        static let rowIcons = 6
        static func rowFrame(_ k: Int) -> Rect { Rect(x: 220 + 124 * Double(k), y: 440, width: 92, height: 92) }
    }

    struct Figures {
        /// Median wall ms per frame.
        var wall: Double
        /// Mean process CPU ms per frame (all threads).
        var cpu: Double
        var formatted: String { String(format: "%7.3f ms %7.3f ms %7.0f fps", wall, cpu, 1000 / max(wall, 1e-6)) }
    }

    let made: MadeRenderer
    var renderer: FrameRenderer { made.renderer }
    let surface: ImageSurface
    let target: BenchRenderCommand.Target

    init(
        outputWidth: Int, outputHeight: Int, scale: Double, extraRegions: Int = 0, target: BenchRenderCommand.Target,
        make: (Scene, Double) throws -> MadeRenderer
    ) throws {
        let size = Size(width: Double(outputWidth) / scale, height: Double(outputHeight) / scale)
        var scene = Scene(
            name: "bench", appearance: .light,
            canvas: Canvas(size: size, color: RGBA(r: 0.95, g: 0.95, b: 0.97)),
            regions: [
                Region(
                    id: "button", frame: Rect(x: 100, y: 100, width: 37, height: 37), effect: .highlight,
                    content: RegionContent(symbol: "share", color: RGBA(r: 0, g: 0.48, b: 1))),
                Region(
                    id: "icon", frame: Rect(x: 200, y: 200, width: 92, height: 92), cornerRadius: .points(21),
                    effect: .lift,
                    content: RegionContent(fill: RGBA(r: 1, g: 0.58, b: 0), symbol: "music", color: .white)),
                Region(
                    id: "card", frame: Rect(x: 400, y: 100, width: 400, height: 88), cornerRadius: .points(18),
                    effect: .hover(HoverStyle(scale: 1.03, shadow: true, tint: .overlay)),
                    content: RegionContent(fill: .white, symbol: "bell", label: "Reminders\nDesign review at 3 pm")),
                Region(
                    id: "text", frame: Rect(x: 100, y: 300, width: 80, height: 200), shape: .verticalBeam(length: 22),
                    snap: SnapGrid(y: 22), content: RegionContent(fill: .white)),
            ])
        // A row of icons like the demo's, apart from the others (the other cases' repaints miss it).
        for k in 0..<Case.rowIcons {
            scene.regions.append(
                Region(
                    id: "row\(k)", frame: Case.rowFrame(k), cornerRadius: .points(21), effect: .lift,
                    content: RegionContent(
                        fill: RGBA(r: 0.2, g: 0.55 + 0.05 * Double(k), b: 1), symbol: "mail", color: .white)))
        }
        var crowded = scene
        // A grid of small tiles under everything (a dense stage).
        let columns = max(1, Int((size.width / 12).rounded(.down)))
        for k in 0..<extraRegions {
            crowded.regions.insert(
                Region(
                    id: "tile\(k)",
                    frame: Rect(
                        x: Double(k % columns) * 12, y: Double(k / columns) * 12 + 40,
                        width: 10, height: 10),
                    effect: EffectSpec.none,
                    content: RegionContent(fill: RGBA(r: 0.9, g: 0.9, b: 0.92))), at: 0)
        }
        made = try make(crowded, scale)
        surface = try made.renderer.makeCanvasSurface()
        self.target = target
        // The first full frame (also builds the stage sampler).
        try draw(nil, clip: nil)
    }

    private func draw(_ frame: PointerFrame?, clip: Rect?) throws {
        if target == .framebuffer, let gl = made.gl {
            try gl.drawAndFinish(frame: frame, width: surface.width, height: surface.height, clip: clip)
        } else {
            try renderer.draw(frame: frame, into: surface, origin: .zero, clip: clip)
        }
    }

    func circle(_ p: Point) -> VisiblePointer {
        VisiblePointer(
            kind: .circle, frame: Rect(center: p, size: Size(width: 19, height: 19)), cornerRadius: 9.5,
            geometry: .roundedRect(size: Size(width: 19, height: 19), cornerRadius: 9.5))
    }

    func rounded(_ frame: Rect, _ r: Double, kind: ShapeKind = .roundedRect) -> VisiblePointer {
        VisiblePointer(
            kind: kind, frame: frame, cornerRadius: r, geometry: .roundedRect(size: frame.size, cornerRadius: r))
    }

    /// Two frames one animation step apart.
    func frames(_ c: Case) -> (PointerFrame, PointerFrame) {
        switch c {
        case .plain:
            return (
                PointerFrame(time: 0, pointer: Point(x: 450, y: 420), visible: circle(Point(x: 450, y: 420))),
                PointerFrame(time: 1, pointer: Point(x: 454, y: 422), visible: circle(Point(x: 454, y: 422)))
            )
        case .beam:
            func beam(_ x: Double) -> PointerFrame {
                PointerFrame(
                    time: 0, pointer: Point(x: x, y: 332),
                    visible: rounded(Rect(x: x - 1, y: 322, width: 2, height: 22), 1, kind: .verticalBeam),
                    target: "text", effect: PointerEffect.none)
            }
            return (beam(130), beam(134))
        case .highlight:
            func hl(_ dx: Double) -> PointerFrame {
                PointerFrame(
                    time: 0, pointer: Point(x: 118 + 4 * dx, y: 118),
                    visible: rounded(Rect(x: 99 + dx, y: 99, width: 39, height: 39), 8),
                    target: "button", effect: .highlight,
                    regions: ["button": RegionState(offset: Point(x: -1.5 + dx / 2, y: -1.5), scale: 1.08, emphasis: 1)]
                )
            }
            return (hl(0), hl(0.6))
        case .lift:
            func lift(_ t: Double) -> PointerFrame {
                let s = 1 + 0.1 * t
                return PointerFrame(
                    time: 0, pointer: Point(x: 250 + 5 * t, y: 240),
                    visible: rounded(Rect(x: 200, y: 200, width: 92, height: 92), 21),
                    target: "icon", effect: .lift,
                    regions: [
                        "icon": RegionState(offset: Point(x: -46 * (s - 1), y: -46 * (s - 1)), scale: s, emphasis: t)
                    ])
            }
            return (lift(0.5), lift(0.6))
        case .hover:
            func hover(_ t: Double) -> PointerFrame {
                let s = 1 + 0.03 * t
                return PointerFrame(
                    time: 0, pointer: Point(x: 600, y: 144), visible: circle(Point(x: 600 + 3 * t, y: 144)),
                    target: "card", effect: .hover(HoverStyle(scale: 1.03, shadow: true, tint: .overlay)),
                    regions: [
                        "card": RegionState(offset: Point(x: -200 * (s - 1), y: -44 * (s - 1)), scale: s, emphasis: t)
                    ])
            }
            return (hover(0.5), hover(0.6))
        case .liftMoving, .hoverMoving:
            // Fully lifted or hovered, the pointer moving over it: only the parallax offset changes.
            let lift = c == .liftMoving
            func moving(_ dx: Double) -> PointerFrame {
                let s = lift ? 1.1 : 1.03
                let w = lift ? 92.0 : 400
                let h = lift ? 92.0 : 88
                let at = lift ? Point(x: 246 + 4 * dx, y: 246) : Point(x: 600 + 4 * dx, y: 144)
                let visible =
                    lift
                    ? rounded(Rect(x: 200 - 4.6 + 0.4 * dx, y: 195.4, width: 101.2, height: 101.2), 23.1) : circle(at)
                return PointerFrame(
                    time: 0, pointer: at, visible: visible, target: lift ? "icon" : "card",
                    effect: lift ? .lift : .hover(HoverStyle(scale: 1.03, shadow: true, tint: .overlay)),
                    regions: [
                        lift ? "icon" : "card": RegionState(
                            offset: Point(x: -w / 2 * (s - 1) + 0.4 * dx, y: -h / 2 * (s - 1)),
                            scale: s, emphasis: 1)
                    ])
            }
            return (moving(0), moving(1))
        case .liftRow:
            // The pointer crossing a row: one icon lifting under it, the two it left settling.
            func row(_ t: Double) -> PointerFrame {
                var regions: [String: RegionState] = [:]
                for (k, e) in [(1, 0.3 - t), (2, 0.6 - t), (3, 0.5 + t)] {
                    let s = 1 + 0.1 * e
                    regions["row\(k)"] = RegionState(
                        offset: Point(x: -46 * (s - 1), y: -46 * (s - 1)), scale: s, emphasis: e)
                }
                let under = Case.rowFrame(3)
                return PointerFrame(
                    time: 0, pointer: Point(x: under.midX + 10 * t, y: under.midY), visible: rounded(under, 21),
                    target: "row3", effect: .lift, regions: regions)
            }
            return (row(0), row(0.05))
        }
    }

    /// Median wall ms and mean CPU ms of one frame: damage from the previous frame, repaint it.
    func measure(_ c: Case, iterations: Int) throws -> Figures {
        let (a, b) = frames(c)
        for rect in renderer.damage(from: nil, to: a) { try draw(a, clip: rect) }
        var previous = a
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        var cpuStart = 0.0
        for i in 0..<(iterations + 20) {
            if i == 20 { cpuStart = Self.processCPUSeconds() }
            let next = i % 2 == 0 ? b : a
            let start = DispatchTime.now().uptimeNanoseconds
            for rect in renderer.damage(from: previous, to: next) { try draw(next, clip: rect) }
            let end = DispatchTime.now().uptimeNanoseconds
            previous = next
            if i >= 20 { samples.append(Double(end - start) / 1e6) } // the first few warm caches
        }
        let cpu = (Self.processCPUSeconds() - cpuStart) * 1000 / Double(iterations)
        samples.sort()
        return Figures(wall: samples[samples.count / 2], cpu: cpu)
    }

    /// User + system time of every thread of this process, in s.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}
