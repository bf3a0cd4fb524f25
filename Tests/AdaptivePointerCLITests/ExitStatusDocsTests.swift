import Foundation
import PointerHost
import TestSupport
import Testing

/// Every exit status the program gives is named in `ExitStatus` and explained to
/// users: in `run --help` (those `run` gives) and in the man page (all of them).
@Suite struct ExitStatusDocsTests {
    @Test("run --help and the man page explain every ExitStatus code")
    func everyStatusIsDocumented() throws {
        let help = try ChildRun(try BuiltProducts.executable(), ["run", "--help"])
        #expect(help.status == 0)
        let helpCodes = Set(
            help.stdout.split(separator: "\n")
                .drop(while: { !$0.contains("Exit codes:") }).dropFirst()
                .compactMap { line in line.split(separator: " ").first.flatMap { Int32($0) } })
        let man = try String(
            contentsOf: BuiltProducts.packageRoot.appendingPathComponent("docs/adaptive-pointer.1"), encoding: .utf8)
        let section = man.components(separatedBy: ".SH EXIT STATUS").last?.components(separatedBy: ".SH ").first ?? ""
        let lines = section.split(separator: "\n").map(String.init)
        let manCodes = Set(
            zip(lines, lines.dropFirst()).compactMap { tp, code in
                tp == ".TP" && code.hasPrefix(".B ") ? Int32(code.dropFirst(3)) : nil
            })
        for status in ExitStatus.allCases {
            #expect(
                manCodes.contains(status.rawValue),
                "the man page's EXIT STATUS does not explain \(status.rawValue) (\(status))")
            // Signals end `run` with 0, so its help has no 130 or 143.
            if status != .interrupted && status != .terminated {
                #expect(
                    helpCodes.contains(status.rawValue), "run --help does not explain \(status.rawValue) (\(status))")
            }
        }
        // And nothing documented that the program does not name.
        #expect(manCodes == Set(ExitStatus.allCases.map(\.rawValue)), "man page codes \(manCodes.sorted())")
    }
}
