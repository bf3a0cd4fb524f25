import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What following a real application costs: the first scan, and the time from
/// a layout change in the application (a button shifted, a button added) to
/// the overlay's new targets, at 13 accessible nodes and with 1,000 and 5,000
/// buttons; and the pointer's frame processing with a 5,000-button window
/// open. The figures are reported (stdout and $AP_A11Y_REPORT), never
/// asserted; what is asserted is what a user notices: the change becomes
/// targets at all.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct AccessibilityCostTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var buttons: Int
        var wall: Bool
        var walk: Bool
        var testDescription: String {
            (buttons == 0
                ? "the test app (13 nodes)"
                : "\(buttons) more buttons\(wall ? ", all showing" : " in a scrolled view")")
                + (walk ? ", node-by-node walk" : ", Collection")
        }
    }

    static let cases: [Case] = [
        Case(buttons: 0, wall: false, walk: false), Case(buttons: 0, wall: false, walk: true),
        Case(buttons: 1000, wall: false, walk: false), Case(buttons: 1000, wall: false, walk: true),
        Case(buttons: 5000, wall: false, walk: false), Case(buttons: 5000, wall: false, walk: true),
        Case(buttons: 1000, wall: true, walk: false), Case(buttons: 1000, wall: true, walk: true),
    ]

    @Test(
        "a changed layout becomes targets: a shifted button and an added one (first scan and update latency reported)",
        arguments: cases)
    func layoutChangeBecomesTargets(_ c: Case) throws {
        let d = try AccessibleDesktop()
        let app = try d.startApp(
            x: c.wall ? 0 : 100, y: c.wall ? 0 : 100,
            arguments: c.buttons == 0 ? [] : ["\(c.buttons)", c.wall ? "wall" : "scrolled"])
        let back = try #require(AccessibilityEndToEndTests.widgets(app)["Back"])
        let launched = Self.monotonic()
        let overlay = try d.startOverlay(
            [AccessibilityEndToEndTests.scene],
            extra: ["AP_A11Y_DEBUG": "1", "AP_A11Y_WALK": c.walk ? "1" : "0"])
        var shown: (at: Double, event: Double?, nodes: Int?, ms: Double?)?
        _ = BackgroundProcess.wait(timeout: 20) {
            shown = Self.applied(overlay.log, frame: back, after: 0)
            return shown != nil
        }
        let firstTargets = try #require(
            shown, "the app's buttons never became targets. Overlay:\n\(overlay.log.suffix(3000))")
        let first =
            "targets \(Int(((firstTargets.at - launched) * 1000).rounded())) ms after launch, "
            + "scan of \(firstTargets.nodes.map(String.init) ?? "?") nodes in \(firstTargets.ms.map { "\(Int($0.rounded())) ms" } ?? "?")"

        var latencies: [String] = []
        for (command, name, done) in [
            ("shift Share 40", "Share", "shifted Share"), ("add Added", "Added", "added Added"),
        ] {
            let before = app.log
            app.send(command)
            #expect(app.waitFor(done, timeout: 10), "app: \(app.log)")
            let changed = app.log.dropFirst(before.count).split(separator: "\n").first { $0.hasPrefix("changed ") }
                .flatMap { Double($0.dropFirst("changed ".count)) }
            let widget = try #require(AccessibilityEndToEndTests.widgets(app)[name])
            var applied: (at: Double, event: Double?, nodes: Int?, ms: Double?)?
            _ = BackgroundProcess.wait(timeout: 10) {
                applied = Self.applied(overlay.log, frame: widget, after: changed ?? 0)
                return applied != nil
            }
            #expect(applied != nil, "\(name) at \(widget) never became a target. Overlay:\n\(overlay.log.suffix(3000))")
            if let applied, let changed {
                let ms = { (s: Double) in "\(Int((s * 1000).rounded())) ms" }
                latencies.append(
                    "\(command.split(separator: " ")[0]) \(ms(applied.at - changed))"
                        + (applied.event.map { " (first event → targets \(ms(applied.at - $0))" } ?? " (")
                        + (applied.nodes.map { ", \($0) nodes asked)" } ?? ")"))
            }
        }
        Self.report(
            "\(c.testDescription): \(first); "
                + "change → targets: \(latencies.joined(separator: ", "))")
    }

    @Test(
        "a 5,000-button window changing layout every 100 ms leaves the pointer running (frame processing p99 reported against no window)"
    )
    func framesWithBigWindow() throws {
        var lines: [String] = []
        for big in [false, true] {
            let d = try AccessibleDesktop()
            let app = try d.startApp(arguments: big ? ["5000", "scrolled"] : [])
            let overlay = try d.startOverlay([AccessibilityEndToEndTests.scene, "--stats"])
            app.send("churn 100")
            #expect(app.waitFor("churning", timeout: 5))
            // Back and forth over the bare desktop beside the window, as a hand
            // moves a mouse: plain pointer frames, so what differs is the
            // accessibility work going on meanwhile.
            for _ in 0..<5 {
                try d.glide(to: 1250, 750)
                try d.glide(to: 950, 150)
            }
            overlay.stop(signal: SIGTERM, timeout: 5)
            let stats = overlay.log.split(separator: "\n").filter { $0.contains(" p99 ") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(!stats.isEmpty, "no --stats figures: \(overlay.log.suffix(2000))")
            let scans = overlay.log.components(separatedBy: "accessibility:").count - 1
            lines.append(
                "\(big ? "5,000-button window, layout changing every 100 ms" : "the 13-node test app, layout changing every 100 ms"): "
                    + stats.joined(separator: "; ") + (scans > 0 ? " (\(scans) updates)" : ""))
        }
        Self.report(lines.joined(separator: "\n  "))
    }

    /// The first targets update after `after` with a target at `frame` (root
    /// pixels; the overlay runs at scale 1 at 0,0): when it was applied, when
    /// the first accessibility event behind it arrived, and the nodes asked.
    static func applied(_ log: String, frame w: AccessibilityEndToEndTests.Widget, after: Double)
        -> (at: Double, event: Double?, nodes: Int?, ms: Double?)?
    {
        var current: Double?
        var event: Double?
        var nodes: Int?
        var ms: Double?
        for line in log.split(separator: "\n") {
            if line.contains("accessibility: applied "), let at = line.range(of: " at ") {
                current = Double(line[at.upperBound...].trimmingCharacters(in: .whitespaces))
            } else if line.contains("accessibility targets on: ")
                || (line.contains("accessibility: ") && line.contains(" nodes in "))
            {
                // "N targets, M nodes in X ms (first event at T)" or "… (M nodes scanned in X ms)"
                event = line.range(of: "first event at ").flatMap {
                    Double(line[$0.upperBound...].prefix { $0 != ")" })
                }
                let words = line.split(separator: " ")
                if let i = words.firstIndex(where: { $0 == "nodes" }), i > 0 {
                    nodes = Int(words[i - 1].trimmingCharacters(in: ["("]))
                }
                if let i = words.firstIndex(where: { $0 == "ms" || $0.hasPrefix("ms)") }), i > 0 {
                    ms = Double(words[i - 1])
                }
            } else if let t = current, t >= after, let r = line.range(of: "  target ") {
                let p = line[r.upperBound...].split(separator: " ")
                guard p.count >= 5, let x = Int(p[1]), let y = Int(p[2]), let width = Int(p[3]), let height = Int(p[4])
                else { continue }
                if abs(x - w.x) <= 1 && abs(y - w.y) <= 1 && abs(width - w.width) <= 1 && abs(height - w.height) <= 1 {
                    return (t, event, nodes, ms)
                }
            }
        }
        return nil
    }

    static func monotonic() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func report(_ text: String) {
        print("accessibility cost: " + text)
        if let path = ProcessInfo.processInfo.environment["AP_A11Y_REPORT"] {
            let old = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            try? (old + text + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
