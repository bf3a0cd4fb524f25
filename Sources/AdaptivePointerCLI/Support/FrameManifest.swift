import PointerCore
import PointerHost
import SceneFormat

#if canImport(Glibc)
    import Glibc
#endif

/// `render --out DIR` keeps a list of the frames it wrote in DIR
/// (`.adaptive-pointer-render`), so a later render removes only its own earlier
/// frames: a name the list holds that still has the exact frame pattern and is still
/// a regular file. Nothing else in DIR is ever removed (a `frame-abc.png`, a
/// directory named like a frame, a frame some other program wrote).
enum FrameManifest {
    static let fileName = ".adaptive-pointer-render"
    static let header =
        "adaptive-pointer render: frames written here (one per line); the next render removes only these"
    /// Largest manifest read: 10 000 frame names take 160 KB.
    static let byteLimit = 1 << 20

    /// `frame-00042.png`.
    static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Exactly `frame-` + five digits + `.png`, as `frameName` writes them.
    static func isFrameName(_ name: String) -> Bool {
        let u = Array(name.utf8)
        guard u.count == 15, name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        return u[6..<11].allSatisfy { (0x30...0x39).contains($0) }
    }

    /// The frame names the manifest in `directory` lists; none when there is no
    /// manifest or it is not one of ours.
    static func listed(in directory: String) -> [String] {
        guard let bytes = try? InputFile.read(directory + "/" + fileName, limit: byteLimit),
            let text = String(validating: bytes, as: UTF8.self)
        else { return [] }
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.first == header else { return [] }
        return lines.dropFirst().filter(isFrameName)
    }

    /// Removes the frames an earlier render listed that this one did not write,
    /// when each is still a regular file and not one of `inputs`. Returns the names
    /// that could not be removed (kept in the new manifest, to try again next time).
    static func removeStale(in directory: String, keeping written: Set<String>, inputs: [String]) -> [String] {
        var kept: [String] = []
        for name in listed(in: directory) where !written.contains(name) {
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if inputs.contains(where: { OutputFile.sameFile($0, path) }) { continue }
            if unlink(path) != 0 && errno != ENOENT { kept.append(name) }
        }
        return kept
    }

    /// Writes the manifest listing `names` (atomically, like every output).
    static func write(in directory: String, names: [String], inputs: [(path: String, what: String)]) throws(OutputFile
        .Failure)
    {
        let text = ([header] + names).joined(separator: "\n") + "\n"
        try OutputFile.write(Array(text.utf8), to: directory + "/" + fileName, inputs: inputs)
    }
}
