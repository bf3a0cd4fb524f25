import PointerCore

#if canImport(Glibc)
    import Glibc
#endif

/// Makes the directory an output goes into (`mkdir -p`), with the reason in our
/// words when it cannot ("a part of the path is a file"), never Foundation's
/// "NSCocoaErrorDomain error 512".
public enum OutputDirectory {
    /// Creates `path` and its missing parents; fine when it already is a directory.
    public static func create(_ path: String) throws(OutputFile.Failure) {
        let p = path.isEmpty ? "." : path
        var prefix = p.hasPrefix("/") ? "/" : ""
        for part in p.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            var info = stat()
            if stat(prefix, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw OutputFile.Failure(
                        path: p,
                        reason: prefix == p
                            ? "it exists and is not a directory"
                            : "\(prefix) is not a directory", code: ENOTDIR)
                }
                continue
            }
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                throw OutputFile.failure(p, errno, creating: true)
            }
        }
    }
}
