import ArgumentParser
import PointerHost

extension ExitCode {
    /// Every status the commands exit with is named in `ExitStatus`.
    init(_ status: ExitStatus) { self.init(status.rawValue) }
}
