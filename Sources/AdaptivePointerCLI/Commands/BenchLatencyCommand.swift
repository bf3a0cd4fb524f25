import ArgumentParser
import Foundation
import LatencyModel
import PointerCore
import PointerHost
import PointerTrace
import SceneFormat

/// `adaptive-pointer bench latency`: a deterministic simulation (no real clock)
/// of the overlay drawing for a display at 60, 120 and 144 Hz with a jittery
/// repaint clock, on synthetic hand motion (strokes, reversals, circles, dead
/// stops) and the bundled demo traces. Prints motion→present and drawn-vs-true
/// error, p50 and p99, with and without prediction, and the overshoot at stops.
struct BenchLatencyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latency",
        abstract: "Simulate frame timing and prediction: motion→present, drawn-vs-true error, overshoot at stops.",
        discussion: """
            Deterministic: the display clock's jitter, the draw times and the synthetic motion are seeded \
            (--seed), so the same options print the same figures. Times are in ms, distances in pt. \
            "error" is the drawn pointer's distance from where the hand is at the repaint that shows it, \
            counted while the hand moves and the pointer follows it freely (not snapped or morphing); \
            "overshoot" is how far the drawn pointer went past the point where the hand stopped or turned.
            """)

    @Option(help: "Display refresh rates (Hz), comma separated.")
    var rates: String = "60,120,144"

    @Option(help: "Display clock jitter, ± ms.")
    var jitter: Double = 0.5

    @Option(help: "Seed for the jitter, the draw times and the synthetic motion.")
    var seed: UInt64 = 1

    @Option(help: "Frame pacing to simulate: deadline, input, callback or all.")
    var pacing: String = "all"

    @Option(help: "Traces: synthetic (strokes, zigzag, circles, halts), bundled (the demo traces), or all.")
    var traces: String = "all"

    func validate() throws {
        guard !parsedRates.isEmpty, parsedRates.allSatisfy({ $0 >= 10 && $0 <= 1000 }) else {
            throw ValidationError("--rates wants refresh rates between 10 and 1000 Hz, e.g. 60,120,144; got '\(rates)'")
        }
        guard jitter >= 0, jitter < 5 else { throw ValidationError("--jitter wants 0 to 5 ms; got \(jitter)") }
        guard pacing == "all" || FramePacing(rawValue: pacing) != nil else {
            throw ValidationError("--pacing must be deadline, input, callback or all; got '\(pacing)'")
        }
        guard ["all", "synthetic", "bundled"].contains(traces) else {
            throw ValidationError("--traces must be synthetic, bundled or all; got '\(traces)'")
        }
    }

    private var parsedRates: [Double] {
        rates.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }
    private var pacings: [FramePacing] {
        pacing == "all" ? [.deadline, .onInput, .frameCallback] : FramePacing(rawValue: pacing).map { [$0] } ?? []
    }

    struct Workload {
        var name: String
        var scene: Scene
        var events: [InputEvent]
        /// A bundled demo trace: reported together, not one by one.
        var bundled: Bool
    }

    func run() throws {
        var workloads: [Workload] = []
        if traces != "bundled" {
            let scene = try SceneLoader.load(text: SyntheticMotion.sceneJSON, file: "synthetic")
            for m in SyntheticMotion.allCases {
                workloads.append(Workload(name: m.rawValue, scene: scene, events: m.events(seed: seed), bundled: false))
            }
        }
        if traces != "synthetic" {
            let assets = try AssetLocator.locate()
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: assets.tracesDirectory.path)) ?? [])
                .filter { $0.hasSuffix(".jsonl") }.sorted()
            for file in names {
                let name = String(file.dropLast(6))
                guard let sceneURL = try? assets.scene(named: name) else { continue }
                let scene = try SceneLoader.load(path: sceneURL.path)
                let trace = try TraceReader.read(path: assets.tracesDirectory.appendingPathComponent(file).path)
                workloads.append(Workload(name: name, scene: scene, events: trace, bundled: true))
            }
            if !workloads.contains(where: \.bundled) {
                print("(no bundled traces found in \(assets.tracesDirectory.path))")
            }
        }

        print(
            "bench latency: simulated display, jitter ±\(jitter) ms, seed \(seed); draw 0.6–0.8 ms, 2 % of draws +4 ms;"
        )
        print(
            "  commits latched 1 ms before each repaint; ms and pt; error and overshoot only while the pointer follows freely"
        )
        let header =
            "trace      Hz pacing   predict | motion→present p50   p99 | oldest p50   p99 | error mean  p50   p99 | overshoot max  p99 | draws/s missed"
        for rate in parsedRates {
            print("")
            print(header)
            for p in pacings {
                for predict in [false, true] {
                    var bundled = LatencySimulation.Result()
                    var all = LatencySimulation.Result()
                    for w in workloads {
                        var setup = LatencySimulation.Setup(refreshRate: rate, pacing: p, prediction: predict)
                        setup.jitter = jitter / 1000
                        setup.seed = seed
                        let r = LatencySimulation.run(scene: w.scene, events: w.events, setup: setup)
                        if w.bundled { bundled.add(r) } else { print(Self.row(w.name, rate, p, predict, r)) }
                        all.add(r)
                    }
                    if workloads.contains(where: \.bundled) { print(Self.row("bundled", rate, p, predict, bundled)) }
                    print(Self.row("all", rate, p, predict, all))
                }
            }
        }
    }

    static func row(
        _ name: String, _ rate: Double, _ pacing: FramePacing, _ predict: Bool, _ r: LatencySimulation.Result
    ) -> String {
        func ms(_ v: [Double], _ p: Double) -> String {
            Percentile.nearestRank(v, p).map { String(format: "%5.1f", $0 * 1000) } ?? "    -"
        }
        func pt(_ v: [Double], _ p: Double) -> String {
            Percentile.nearestRank(v, p).map { String(format: "%5.1f", $0) } ?? "    -"
        }
        let mean = r.error.isEmpty ? "    -" : String(format: "%5.2f", r.error.reduce(0, +) / Double(r.error.count))
        let rateText = String(format: "%3.0f", rate)
        let draws = r.duration > 0 ? String(format: "%7.0f", Double(r.draws) / r.duration) : "      -"
        return name.padding(toLength: 10, withPad: " ", startingAt: 0) + rateText + " "
            + pacing.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + " " + (predict ? "on " : "off")
            + "     | "
            + "           \(ms(r.motionToPresent, 50)) \(ms(r.motionToPresent, 99)) |      \(ms(r.oldestToPresent, 50)) \(ms(r.oldestToPresent, 99)) | "
            + "     \(mean) \(pt(r.error, 50)) \(pt(r.error, 99)) |        \(pt(r.overshoot, 100)) \(pt(r.overshoot, 99)) | \(draws) \(String(format: "%6d", r.missed))"
    }
}

extension LatencySimulation.Result {
    /// Pools another run's samples with these.
    mutating func add(_ r: LatencySimulation.Result) {
        motionToPresent += r.motionToPresent
        oldestToPresent += r.oldestToPresent
        error += r.error
        overshoot += r.overshoot
        draws += r.draws
        missed += r.missed
        duration += r.duration
    }
}
