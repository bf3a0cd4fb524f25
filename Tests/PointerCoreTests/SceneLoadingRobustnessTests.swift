import Foundation
import Testing

@testable import PointerCore
@testable import SceneFormat

/// A small deterministic generator (SplitMix64) so failures reproduce.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct SceneLoadingRobustnessTests {
    static let valid = """
        {
          "version": 1, "name": "Fuzz", "appearance": "dark",
          "canvas": { "size": [800, 600], "color": "#1C1C1E" },
          "pointer": { "diameter": 19, "magnetism": { "radius": 160 } },
          "regions": [
            { "id": "a", "frame": [10, 10, 37, 37], "effect": {"hover": {"scale": 1.1, "tint": "overlay"}},
              "group": "bar", "hitPadding": [1, 2, 3, 4], "content": {"fill": "#FF9500", "label": "A"}, "hides": ["b"] },
            { "id": "b", "frame": [60, 10, 300, 200], "shape": {"path": "M0 0 L10 5 Q 5 5 0 10 a5 5 0 1 1 1 1 Z", "size": [10, 10]},
              "snap": {"x": 10, "origin": [1, 2]}, "regions": [ { "id": "c", "frame": [1, 1, 5, 5], "cornerRadius": "capsule" } ] }
          ],
          "modifiers": [ { "keys": ["ctrl", "shift"], "shape": "crosshair", "regions": ["a"] } ]
        }
        """

    @Test("the fuzz base scene is valid")
    func baseIsValid() throws {
        let scene = try loadScene(Self.valid)
        #expect(scene.regions.count == 2)
    }

    @Test("thousands of corrupted scenes never crash, and every error points inside the file")
    func corruptedScenes() {
        var rng = SplitMix64(state: 2020)
        let base = Array(Self.valid.utf8)
        let alphabet = Array("{}[],:\"-.0123456789eE \n#abcxyzMLAZ\\/tfn".utf8)
        var failures = 0
        for _ in 0..<3000 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[i] = alphabet.randomElement(using: &rng) ?? 0x20
                case 1: bytes.remove(at: i)
                default: bytes.insert(alphabet.randomElement(using: &rng) ?? 0x20, at: i)
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
            do {
                _ = try SceneLoader.load(bytes: bytes, file: "fuzz.json", baseDirectory: "/", fileExists: { _ in true })
            } catch {
                failures += 1
                for d in error.diagnostics {
                    #expect(d.location.line >= 1 && d.location.line <= lines, "\(d)")
                    #expect(d.location.column >= 1, "\(d)")
                    #expect(!d.message.isEmpty)
                }
            }
        }
        #expect(failures > 1000) // the corruption really does break most files
    }

    @Test("path data with absurd magnitudes and random junk never traps")
    func pathJunk() {
        let absurd = [
            "M0 0 A1e308 1e308 0 0 1 1e308 0", "M1e308 1e308 A1e-308 1e-308 1e308 1 1 -1e308 -1e308",
            "M0 0 A1 1 1e308 0 0 1 1", "M0 0 C1e308 1e308 -1e308 -1e308 1e308 0",
        ]
        for d in absurd { _ = try? SVGPathParser.parse(d) }
        var rng = SplitMix64(state: 7)
        let alphabet = Array("MmLlHhVvCcSsQqTtAaZz0123456789.-+eE, ".utf8)
        for _ in 0..<3000 {
            let n = Int.random(in: 0...40, using: &rng)
            let bytes = (0..<n).map { _ in alphabet.randomElement(using: &rng) ?? 0x20 }
            do {
                _ = try SVGPathParser.parse(String(decoding: bytes, as: UTF8.self))
            } catch {
                #expect(error.offset >= 0 && error.offset <= n)
            }
        }
    }
}
