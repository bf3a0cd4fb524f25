import Foundation
import PointerRendering
import TestSupport
import Testing

/// End to end: `adaptive-pointer render` as a designer runs it.
@Suite
struct RenderCommandTests {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String]) throws -> (Int32, String) {
        let r = try ChildRun(try BuiltProducts.executable(), ["render"] + arguments)
        return (r.status, r.stderr)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("render writes numbered frames at i/fps and a contact sheet")
    func framesAndSheet() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try write(
            "s.json",
            """
            {"version": 1, "canvas": {"size": [200, 120], "color": "#FFFFFF"},
             "pointer": {"autoHideDelay": 0},
             "regions": [{"id": "b", "frame": [20, 20, 37, 37], "effect": "highlight", "content": {"symbol": "plus"}}]}
            """)
        let trace = try write(
            "t.jsonl",
            """
            {"t":0,"type":"position","x":150,"y":80}
            {"t":0.1,"type":"position","x":40,"y":40}
            {"t":0.2,"type":"lift"}
            """)
        let out = dir.appendingPathComponent("out").path
        let (status, stderr) = try run([scene, trace, "--out", out, "--fps", "10", "--scale", "2"])
        #expect(status == 0, "\(stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(names.contains("frame-00000.png") && names.contains("frame-00002.png") && names.contains("sheet.png"))
        let first = try ImageSurface.loadPNG(path: out + "/frame-00000.png")
        #expect(first.width == 400 && first.height == 240)
    }

    @Test("render --at T --crop writes one PNG of part of the canvas")
    func singleFrame() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("still.png").path
        let (status, stderr) = try run(["demo", "--at", "1.5", "--crop", "0,0,120,64", "--scale", "2", "--out", file])
        #expect(status == 0, "\(stderr)")
        let image = try ImageSurface.loadPNG(path: file)
        #expect(image.width == 240 && image.height == 128)
    }

    @Test("bad inputs are clear errors with exit status 1")
    func badInputs() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let (s1, e1) = try run(["no-such-scene", "--out", dir.path])
        #expect(s1 == 1 && e1.contains("no-such-scene"))

        let trace = try write(
            "bad.jsonl", "{\"t\":0,\"type\":\"position\",\"x\":1,\"y\":1}\n{\"t\":0.1,\"type\":\"wiggle\"}\n")
        let (s2, e2) = try run(["demo", trace, "--out", dir.appendingPathComponent("o").path])
        #expect(s2 == 1 && e2.contains(":2"), "\(e2)")

        let scene = try write(
            "img.json",
            #"{"version": 1, "regions": [{"id": "a", "frame": [0, 0, 10, 10], "content": {"image": "gone.png"}}]}"#)
        let (s3, e3) = try run([scene, "--at", "0", "--out", dir.appendingPathComponent("x.png").path])
        #expect(s3 == 1 && e3.contains("gone.png"), "\(e3)")

        let blocker = try write("file", "not a directory")
        let (s4, e4) = try run(["demo", "--at", "0", "--out", blocker + "/x.png"])
        #expect(s4 == 1 && e4.contains("cannot write"), "\(e4)")
    }

    @Test("render S T --at 1 --out S refuses (the scene would be replaced by a PNG), S intact, exit 1")
    func neverOverwritesInputs() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = ##"{"version": 1, "canvas": {"size": [100, 80], "color": "#FFFFFF"}}"##
        let scene = try write("s.json", text)
        let trace = try write("t.jsonl", "{\"t\":0,\"type\":\"position\",\"x\":5,\"y\":5}\n")
        for target in [scene, trace] {
            let (status, stderr) = try run([scene, trace, "--at", "1", "--out", target])
            #expect(status == 1)
            #expect(
                stderr.contains("this command reads; writing the output there would destroy the input"), "\(stderr)")
        }
        #expect(try String(contentsOfFile: scene, encoding: .utf8) == text)
    }

    @Test("--crop nan,… or inf,… is a usage error (it trapped in SceneRenderer.pixelRect)")
    func nonFiniteCrop() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try write("s.json", #"{"version": 1, "canvas": {"size": [100, 80]}}"#)
        for crop in ["nan,0,10,10", "inf,0,10,10", "0,0,inf,10", "0,-nan,10,10"] {
            let (status, stderr) = try run([
                scene, "--at", "1", "--crop", crop, "--out", dir.appendingPathComponent("c.png").path,
            ])
            #expect(status == 64, "\(crop)")
            #expect(stderr.contains("--crop wants x,y,w,h in pt: finite numbers with w, h > 0"), "\(crop): \(stderr)")
        }
    }

    @Test("a trace ending at 86000 s is refused by the frame limit at once (render ran for minutes and 6.4 GB)")
    func longTraceRefused() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try write("s.json", #"{"version": 1, "canvas": {"size": [100, 80]}}"#)
        let trace = try write("t.jsonl", "{\"t\":0,\"type\":\"lift\"}\n{\"t\":86000,\"type\":\"lift\"}\n")
        let out = dir.appendingPathComponent("frames").path
        let (status, stderr) = try run([scene, trace, "--out", out])
        #expect(status == 1)
        #expect(stderr.contains("the trace spans 86010 s; at 30 fps that is more than 10 000 frames"), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/frame-00000.png"))
        // One moment of it is fine.
        let (atStatus, atError) = try run([
            scene, trace, "--at", "86000", "--out", dir.appendingPathComponent("m.png").path,
        ])
        #expect(atStatus == 0, "\(atError)")
    }

    @Test("a render image beyond 64 Mpx is refused with what to do; the scene canvas limit is the loader's")
    func pixelLimit() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try write("s.json", #"{"version": 1, "canvas": {"size": [7680, 4320]}}"#)
        let (status, stderr) = try run([
            scene, "--at", "0", "--scale", "2", "--out", dir.appendingPathComponent("big.png").path,
        ])
        #expect(status == 1)
        #expect(
            stderr.contains("an image of 15360 × 8640 px at --scale 2 is more than the 67 108 864-pixel limit"),
            "\(stderr)")
        let huge = try write("huge.json", #"{"version": 1, "canvas": {"size": [30000, 30000]}}"#)
        let (s2, e2) = try run([huge, "--at", "0", "--out", dir.appendingPathComponent("h.png").path])
        #expect(s2 == 1)
        #expect(e2.contains("canvas.size: a canvas of 30000 × 30000 pt is too large"), "\(e2)")
    }

    @Test("a PNG whose header claims 20000 × 20000 px is refused before decoding; so is a text file named .png")
    func imageHeaderChecked() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        header += [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0]
        let png = dir.appendingPathComponent("huge.png").path
        try Data(header).write(to: URL(fileURLWithPath: png))
        #expect(
            throws: CairoError.pngRead(
                path: png,
                message: "the image is 20000 × 20000 = 400 000 000 pixels, more than the 33 554 432-pixel limit")
        ) {
            _ = try ImageSurface.loadPNG(path: png)
        }
        let text = try write("text.png", "hello")
        #expect(throws: CairoError.pngRead(path: text, message: "it does not start with the PNG signature")) {
            _ = try ImageSurface.loadPNG(path: text)
        }
    }

    /// A valid 4 × 4 PNG, as Cairo writes it (signature, IHDR at byte 8, IDAT…, IEND).
    func smallPNG() throws -> [UInt8] { try ImageSurface(width: 4, height: 4).pngData() }

    @Test(
        "a PNG with a bad CRC, or a chunk claiming 2 GB in a 100-byte file, is refused in our words naming the file (Cairo said \"out of memory\")"
    )
    func damagedPNG() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        var crc = try smallPNG()
        crc[crc.count - 13] ^= 0xFF // the last byte of the chunk before IEND: its CRC
        let bad = dir.appendingPathComponent("crc.png").path
        try Data(crc).write(to: URL(fileURLWithPath: bad))
        #expect {
            _ = try ImageSurface.loadPNG(path: bad)
        } throws: { error in
            let text = "\(error)"
            return text.contains("cannot read image '\(bad)': its IDAT chunk at byte")
                && text.contains("fails its CRC check")
                && !text.contains("out of memory")
        }
        // A chunk after IHDR (8 + 25 bytes) claiming 0x7FFFFFF0 bytes.
        let png = try smallPNG()
        let claim: [UInt8] = [0x7F, 0xFF, 0xFF, 0xF0] + Array("zTXt".utf8) + Array(repeating: 0x41, count: 20)
        let huge = dir.appendingPathComponent("huge-chunk.png").path
        try Data(Array(png.prefix(33)) + claim + Array(png.dropFirst(33))).write(to: URL(fileURLWithPath: huge))
        #expect(
            throws: CairoError.pngRead(
                path: huge,
                message: "its zTXt chunk at byte 33 claims 2 147 483 632 bytes, more than the "
                    + "\(png.count + claim.count - 33 - 12) left in the file (the file is damaged or cut short)")
        ) {
            _ = try ImageSurface.loadPNG(path: huge)
        }
        // render and validate say the same, naming the scene key.
        let scene = try write("s.json", #"{"version": 1, "canvas": {"size": [40, 40], "image": "crc.png"}}"#)
        let (status, stderr) = try run([scene, "--at", "0", "--out", dir.appendingPathComponent("o.png").path])
        #expect(status == 1)
        #expect(stderr.contains("canvas.image: image file \"crc.png\" is a damaged PNG: its IDAT chunk"), "\(stderr)")
        #expect(!stderr.contains("out of memory"), "\(stderr)")
    }

    @Test("a sparse 3 GB file that starts like a PNG is refused by its size before it is read (64 MB limit)")
    func sparseImageRefused() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("sparse.png").path
        try Data(try smallPNG()).write(to: URL(fileURLWithPath: path))
        #expect(truncate(path, 3 << 30) == 0)
        #expect(throws: CairoError.pngRead(path: path, message: "the file is 3 GB, larger than the 64 MB limit")) {
            _ = try ImageSurface.loadPNG(path: path)
        }
    }

    @Test(
        "messages in our words: --scale 1e-9 is a usage error (Cairo said \"out of memory\"/\"invalid matrix\"), --out under a file names it (Foundation said \"NSCocoaErrorDomain error 512\")"
    )
    func libraryMessagesReplaced() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try write(
            "s.json",
            ##"{"version": 1, "canvas": {"size": [100, 80]}, "regions": [{"id": "a", "frame": [10, 10, 20, 20], "effect": "lift", "content": {"fill": "#FF0000"}}]}"##
        )
        for tiny in ["1e-9", "1e-300"] {
            let (status, stderr) = try run([
                scene, "--at", "0", "--scale", tiny, "--out", dir.appendingPathComponent("t.png").path,
            ])
            #expect(status == 64, "\(tiny): \(stderr)")
            #expect(stderr.contains("--scale must be at least 0.01 and at most 8"), "\(stderr)")
            #expect(!stderr.contains("matrix") && !stderr.contains("out of memory"), "\(stderr)")
        }
        let file = try write("plain", "x")
        let (status, stderr) = try run([scene, "--out", file + "/frames"])
        #expect(status == 1)
        #expect(stderr.contains("cannot write to '\(file)/frames': \(file) is not a directory"), "\(stderr)")
        #expect(!stderr.contains("NSCocoaErrorDomain"), "\(stderr)")
    }

    /// A scene and a three-event trace; `render … --fps N` writes a few dozen frames.
    func sceneAndTrace() throws -> (String, String) {
        let scene = try write(
            "s.json", #"{"version": 1, "canvas": {"size": [60, 40]}, "pointer": {"autoHideDelay": 0}}"#)
        let trace = try write(
            "t.jsonl",
            """
            {"t":0,"type":"position","x":50,"y":30}
            {"t":0.1,"type":"position","x":10,"y":10}
            {"t":0.2,"type":"lift"}
            """)
        return (scene, trace)
    }

    func frames(in out: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter { $0.hasPrefix("frame-") }.sorted()
    }

    @Test(
        "render --out DIR removes only the frames its manifest lists: frame-abc.png, a directory named like a frame and a stranger's frame stay"
    )
    func removesOnlyItsOwnFrames() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let (scene, trace) = try sceneAndTrace()
        let out = dir.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: out + "/frame-09990.png", withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: out + "/frame-09990.png/inside.txt"))
        try Data("keep".utf8).write(to: URL(fileURLWithPath: out + "/frame-abc.png"))
        try Data("keep".utf8).write(to: URL(fileURLWithPath: out + "/frame-09991.png"))
        let (s1, e1) = try run([scene, trace, "--out", out, "--fps", "20"])
        #expect(s1 == 0, "\(e1)")
        let many = frames(in: out).filter { $0 < "frame-09990.png" }
        #expect(FileManager.default.fileExists(atPath: out + "/.adaptive-pointer-render"))
        // Fewer frames: the extra ones this command wrote go, everything else stays.
        let (s2, e2) = try run([scene, trace, "--out", out, "--fps", "5"])
        #expect(s2 == 0, "\(e2)")
        let few = frames(in: out).filter { $0 < "frame-09990.png" }
        #expect(few.count < many.count && !few.isEmpty, "\(many.count) then \(few.count)")
        #expect(FileManager.default.fileExists(atPath: out + "/frame-09990.png/inside.txt"))
        #expect(FileManager.default.fileExists(atPath: out + "/frame-abc.png"))
        #expect(FileManager.default.fileExists(atPath: out + "/frame-09991.png"))
        // A listed frame replaced by a directory is not removed either.
        let (s3, _) = try run([scene, trace, "--out", out, "--fps", "20"])
        #expect(s3 == 0)
        let last = frames(in: out).filter { $0 < "frame-09990.png" }.last ?? "none"
        try FileManager.default.removeItem(atPath: out + "/" + last)
        try FileManager.default.createDirectory(atPath: out + "/" + last, withIntermediateDirectories: true)
        let (s4, e4) = try run([scene, trace, "--out", out, "--fps", "5"])
        #expect(s4 == 0, "\(e4)")
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: out + "/" + last, isDirectory: &isDirectory) && isDirectory.boolValue
        )
    }

    @Test(
        "a later frame name that is a link to the scene is refused before any frame is written (frame 0 was rewritten first)"
    )
    func checksAllOutputsFirst() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let (scene, trace) = try sceneAndTrace()
        let out = dir.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Data("old frame".utf8).write(to: URL(fileURLWithPath: out + "/frame-00000.png"))
        try FileManager.default.createSymbolicLink(atPath: out + "/frame-00002.png", withDestinationPath: scene)
        let (status, stderr) = try run([scene, trace, "--out", out, "--fps", "10"])
        #expect(status == 1)
        #expect(stderr.contains("frame-00002.png: it is the scene file this command reads"), "\(stderr)")
        #expect(try String(contentsOfFile: out + "/frame-00000.png", encoding: .utf8) == "old frame")
        #expect(try String(contentsOfFile: scene, encoding: .utf8).hasPrefix("{"))
        #expect(!FileManager.default.fileExists(atPath: out + "/sheet.png"))
    }
}
