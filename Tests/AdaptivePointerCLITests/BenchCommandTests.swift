import Foundation
import TestSupport
import Testing

/// `adaptive-pointer bench` as a developer runs it: each subcommand finishes and
/// prints its figures (what they are is reported, not asserted).
@Suite
struct BenchCommandTests {
    @Test("bench core runs to its last figure, loading its generated 10k-region scene within the scene limits")
    func benchCore() throws {
        let r = try ChildRun(try BuiltProducts.executable(), ["bench", "core", "--samples", "1"], timeout: 300)
        #expect(r.status == 0, "bench core failed: \(r.stderr)")
        #expect(r.stdout.contains("load 10k-region scene"), "no scene-load figure: \(r.stdout)\(r.stderr)")
    }
}
