import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Soak: `adaptive-pointer replay` of a million-event session (about 17 minutes of
/// a 1000 Hz mouse, 60 MB of trace) needs no more memory than a tenth of it. The
/// trace is read a piece at a time, twice (checked whole, then replayed), and the
/// frames are streamed out, so memory does not grow with the trace.
@Suite struct ReplaySoakTests {
    /// Buttons in a row, a lifted icon and a text area: the pointer morphs, lifts and
    /// turns into a beam as it sweeps over them.
    static let scene = """
        {"version": 1, "name": "Soak", "canvas": {"size": [800, 600]},
         "regions": [
           {"id": "b1", "frame": [40, 40, 44, 44], "effect": "highlight", "group": "bar"},
           {"id": "b2", "frame": [84, 40, 44, 44], "effect": "highlight", "group": "bar"},
           {"id": "b3", "frame": [128, 40, 44, 44], "effect": "highlight", "group": "bar"},
           {"id": "icon", "frame": [500, 60, 120, 120], "cornerRadius": 27, "effect": "lift",
            "content": {"fill": "#FF9500"}},
           {"id": "notes", "frame": [60, 260, 600, 280], "shape": {"verticalBeam": {}},
            "constrainedAxes": ["vertical"], "snap": {"y": 22}}
         ]}
        """

    /// `count` events one millisecond apart: the pointer sweeps a Lissajous figure over
    /// the scene (absolute positions and relative motion), with clicks, scrolls and
    /// modifier changes along the way.
    static func writeTrace(_ path: String, count: Int) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        var chunk = ""
        chunk.reserveCapacity(1 << 20)
        for i in 0..<count {
            let t = "\(i / 1000).\(String(i % 1000 + 1000).dropFirst())"
            let a = Double(i) * 0.0007
            switch i % 1000 {
            case 100: chunk += #"{"t":\#(t),"type":"button","button":"primary","state":"pressed"}"#
            case 180: chunk += #"{"t":\#(t),"type":"button","button":"primary","state":"released"}"#
            case 400: chunk += #"{"t":\#(t),"type":"scroll","dx":0,"dy":-12,"source":"finger"}"#
            case 600: chunk += #"{"t":\#(t),"type":"modifiers","keys":[\#(i % 3000 == 600 ? "\"ctrl\"" : "")]}"#
            case let k where k % 5 == 1: chunk += #"{"t":\#(t),"type":"motion","dx":\#(i % 7 - 3),"dy":\#(i % 5 - 2)}"#
            default:
                let x = Int(400 + 360 * sin(a))
                let y = Int(300 + 270 * sin(2.3 * a))
                chunk += #"{"t":\#(t),"type":"position","x":\#(x),"y":\#(y)}"#
            }
            chunk += "\n"
            if chunk.utf8.count > 1 << 20 {
                file.write(Data(chunk.utf8))
                chunk.removeAll(keepingCapacity: true)
            }
        }
        file.write(Data(chunk.utf8))
    }

    @Test("a 1 000 000-event replay peaks at the same memory as a 100 000-event one (within 4 MB)")
    func millionEventsFlatMemory() throws {
        let dir = try ChildRun.temporaryDirectory("ap-soak")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("scene.json").path
        try Self.scene.write(toFile: scene, atomically: true, encoding: .utf8)
        let exe = try BuiltProducts.executable()
        var peaks: [Int: PeakMemoryRun] = [:]
        for count in [100_000, 1_000_000] {
            let trace = dir.appendingPathComponent("trace-\(count).jsonl").path
            let states = dir.appendingPathComponent("states-\(count).jsonl").path
            try Self.writeTrace(trace, count: count)
            let run = try PeakMemoryRun(exe, ["replay", scene, trace, "--fps", "10", "--states", states])
            #expect(run.status == 0, "replay of \(count) events failed: \(run.stderr)")
            // One frame per 1/10 s of the trace (it lasts count ms), plus the settling.
            let frames = try String(contentsOfFile: states, encoding: .utf8).utf8.lazy.filter { $0 == 0x0A }.count
            #expect(frames >= count * 10 / 1000, "\(frames) frames for \(count) events")
            let size = (try? FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int) ?? 0
            print(
                "replay soak: \(count) events (\(size >> 20) MB of trace) → \(frames) frames, peak RSS \(run.peakKiB / 1024) MB (\(run.peakKiB) KiB), \(String(format: "%.1f", run.seconds)) s"
            )
            peaks[count] = run
            unlink(trace)
            unlink(states)
        }
        let small = try #require(peaks[100_000])
        let large = try #require(peaks[1_000_000])
        let growth = large.peakKiB - small.peakKiB
        print("replay soak: peak RSS grew by \(growth) KiB from 100 000 to 1 000 000 events")
        #expect(
            growth < 4096,
            "peak RSS grew \(growth) KiB from 100 000 to 1 000 000 events (\(small.peakKiB) → \(large.peakKiB) KiB)")
    }
}
