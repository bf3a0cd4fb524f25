import ArgumentParser
import CCairo
import Foundation
import GLRenderer
import PointerCore
import PointerHost
import PointerRendering
import PointerTrace
import SceneFormat

/// `adaptive-pointer render SCENE [TRACE] --out DIR [--scale S] [--fps N]` and
/// `render SCENE [TRACE] --at T --out FILE.png`: draws what a session would show.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene and trace to PNG frames and a contact sheet.",
        discussion: """
            Writes frame-00000.png, frame-00001.png, … (the frames at times i/fps, until the trace \
            has played and nothing animates) and sheet.png, a grid of thumbnails with timestamps, \
            into --out (frames an earlier render wrote there, listed in its .adaptive-pointer-render, are replaced or removed; nothing else is). With --at T, writes only the frame at \
            time T to the file --out (with --at T1,T2,… a sheet of those moments; --crop x,y,w,h \
            limits either to part of the canvas). Without TRACE, the scene's bundled demo trace is used, or a \
            single still when it has none. SCENE is a scene file or the name of a bundled scene.
            """)

    @Argument(help: "Scene file (JSON; the format: docs/scene-format.md), or the name of a bundled scene (e.g. demo).")
    var scene: String

    @Argument(help: "Input trace (JSON Lines; the format: docs/trace-format.md).")
    var trace: String?

    @Option(help: "Output directory, or the PNG file with --at.")
    var out: String

    // `.unconditional`: a value such as -1 is taken as the value (and then refused
    // with the reason) rather than mistaken for an option ("Missing value").
    @Option(parsing: .unconditional, help: "Device pixels per point (1, 1.25, 1.5, 2, …).")
    var scale: Double = 1

    @Option(parsing: .unconditional, help: "Frames per second.")
    var fps: Double = 30

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Render only the frame at this time (seconds) into the file --out; several comma-separated times make a contact sheet of those moments.",
            valueName: "T[,T…]"))
    var at: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("With --at: render only this part of the canvas, in pt.", valueName: "x,y,w,h"))
    var crop: String?

    @Option(
        help:
            "cairo (the reference), gl (GLES 3 over EGL, surfaceless; Cairo when it cannot start) or auto (GL when it starts)."
    )
    var renderer: RendererChoice = .cairo

    /// Smallest --scale (docs/limits.md).
    static let minimumScale = 0.01

    func validate() throws {
        if crop != nil, at == nil { throw ValidationError("--crop needs --at") }
        if let crop, parseCrop(crop) == nil {
            throw ValidationError(
                "--crop wants x,y,w,h in pt: finite numbers with w, h > 0 (got \(TerminalText.quoted(crop)))")
        }
        // Below 1 % Cairo cannot draw ("invalid matrix" at 1e-300, "out of memory" at 1e-9).
        guard scale >= Self.minimumScale, scale <= 8 else {
            throw ValidationError("--scale must be at least \(Self.minimumScale) and at most 8 (got \(scale))")
        }
        guard fps > 0, fps <= 1000 else { throw ValidationError("--fps must be above 0 and at most 1000 (got \(fps))") }
        if let at, parseTimes(at) == nil {
            throw ValidationError(
                "--at wants a time ≥ 0 in seconds, or several separated by commas (got \(TerminalText.quoted(at)))")
        }
    }

    func run() throws {
        do {
            try render()
        } catch let e as RenderError {
            // Scene diagnostics carry their own "file:line:column: error:" prefix.
            let prefix: String
            if case .badScene = e { prefix = "" } else { prefix = "error: " }
            Self.printError("\(prefix)\(e)")
            throw ExitCode(.failure)
        } catch let e as CairoError {
            Self.printError("error: \(Self.ourWords(e, scene: scene, scale: scale))")
            throw ExitCode(.failure)
        } catch let e as GLError {
            Self.printError("error: \(e) (--renderer cairo draws without GL)")
            throw ExitCode(.failure)
        } catch let e as OutputFile.Failure {
            Self.printError("error: \(e)")
            throw ExitCode(.failure)
        }
    }

    /// An error on standard error, each line escaped (TerminalText): whatever outside
    /// text a message carries cannot drive the terminal.
    static func printError(_ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map {
            TerminalText.escaped(String($0))
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    private func render() throws {
        let (sceneFile, loaded) = try loadScene()
        let (tracePath, events) = try loadTrace(sceneFile: sceneFile)
        // Files this command reads: never written over (whatever --out says).
        var inputs: [(path: String, what: String)] = [(sceneFile.path, "the scene file")]
        if let tracePath { inputs.append((tracePath, "the trace file")) }
        for image in Self.images(of: loaded) { inputs.append((image, "an image the scene shows")) }
        let times = at.flatMap(parseTimes)
        if times == nil, let events {
            // The replay guard (docs/limits.md): a trace ending at t = 1e6 is refused, not rendered for hours.
            let span = (events.last?.time ?? 0) + Replay.maxSettle
            if span * fps > Double(SceneLimits.renderFrames) {
                throw RenderError.tooManyFrames(trace: tracePath ?? "the trace", seconds: span, fps: fps)
            }
        }
        let factory = RendererFactory(choice: self.renderer) { Self.printError($0) }
        let renderer = try factory.makeRenderer(scene: loaded, scale: scale)
        if loaded.canvas.size == nil {
            renderer.outputSize = outputSize(for: loaded, events: events ?? [])
        }
        let box = crop.flatMap(parseCrop)
        let imagePixels =
            box.map {
                Double(max(1, Int(($0.width * scale).rounded(.up))))
                    * Double(max(1, Int(($0.height * scale).rounded(.up))))
            }
            ?? Double(renderer.pixelWidth) * Double(renderer.pixelHeight)
        let count = Double(times?.count ?? 1)
        if imagePixels * count > Double(SceneLimits.renderPixels) {
            throw RenderError.tooManyPixels(
                width: box.map { $0.width * scale } ?? Double(renderer.pixelWidth),
                height: box.map { $0.height * scale } ?? Double(renderer.pixelHeight),
                images: Int(count), scale: scale)
        }

        if let times {
            var player = Replay.Player(scene: loaded, events: events ?? [])
            var images: [(Double, ImageSurface)] = []
            for t in times {
                let frame = player.frame(at: t)
                if let box {
                    let image = try ImageSurface(
                        width: max(1, Int((box.width * scale).rounded(.up))),
                        height: max(1, Int((box.height * scale).rounded(.up))))
                    try renderer.draw(frame: frame, into: image, origin: box.origin)
                    images.append((t, image))
                } else {
                    images.append((t, try renderer.render(frame: frame)))
                }
            }
            try ensureDirectory(URL(fileURLWithPath: out).deletingLastPathComponent().path)
            if images.count == 1, let only = images.first {
                try OutputFile.write(only.1.pngData(), to: out, inputs: inputs)
            } else if let first = images.first {
                let sheet = try ContactSheet(
                    count: images.count,
                    frameSize: Size(width: Double(first.1.width), height: Double(first.1.height)),
                    thumbWidth: Double(first.1.width), backdrop: renderer.backdropColor)
                for (i, (t, image)) in images.enumerated() { try sheet.add(image, time: t, index: i) }
                try OutputFile.write(sheet.pngData(), to: out, inputs: inputs)
            }
            print(TerminalText.escaped("wrote \(out)"))
            return
        }

        var frames: [PointerFrame] = []
        if let events {
            Replay.frames(scene: loaded, events: events, fps: fps) { frames.append($0) }
        } else {
            let engine = PointerEngine(scene: loaded)
            frames = [engine.frame(at: 0)]
        }
        try ensureDirectory(out)
        let dir = URL(fileURLWithPath: out)
        // Every output is checked against every input before anything is written
        // (a later frame name may be a link to the scene).
        let names = (0..<frames.count).map(FrameManifest.frameName)
        for name in names + ["sheet.png", FrameManifest.fileName] {
            try OutputFile.refuseInputs(dir.appendingPathComponent(name).path, inputs)
        }
        // The sheet: key moments, each cropped around the pointer (SheetPlan).
        let plan = SheetPlan(
            frames: frames,
            canvas: Size(
                width: Double(renderer.pixelWidth) / scale,
                height: Double(renderer.pixelHeight) / scale))
        let sheet = try ContactSheet(
            count: plan.cells.count,
            thumbSize: Size(width: plan.windowSize.width, height: plan.windowSize.height),
            backdrop: renderer.backdropColor)
        var cellsByFrame: [Int: (Int, SheetPlan.Cell)] = [:]
        for (i, cell) in plan.cells.enumerated() { cellsByFrame[cell.frameIndex] = (i, cell) }
        // One canvas, repainted where each frame differs from the one before.
        let canvas = try renderer.makeCanvasSurface()
        var previous: PointerFrame?
        for (i, frame) in frames.enumerated() {
            for rect in renderer.damage(from: previous, to: frame) {
                try renderer.draw(frame: frame, into: canvas, clip: rect)
            }
            previous = frame
            try OutputFile.write(canvas.pngData(), to: dir.appendingPathComponent(names[i]).path, inputs: inputs)
            if let (slot, cell) = cellsByFrame[i] {
                let px = Rect(
                    x: cell.window.minX * scale, y: cell.window.minY * scale,
                    width: cell.window.width * scale, height: cell.window.height * scale)
                try sheet.add(canvas, time: frame.time, index: slot, source: px, note: cell.note)
            }
        }
        try OutputFile.write(sheet.pngData(), to: dir.appendingPathComponent("sheet.png").path, inputs: inputs)
        // Old frames are replaced one by one (each write is atomic); those past the new
        // count go only now, and only the ones the manifest says an earlier render wrote.
        let stale = FrameManifest.removeStale(in: out, keeping: Set(names), inputs: inputs.map(\.path))
        try FrameManifest.write(in: out, names: names + stale, inputs: inputs)
        print(
            TerminalText.escaped("wrote \(frames.count) frame\(frames.count == 1 ? "" : "s") and sheet.png to \(out)"))
    }

    /// A Cairo failure as the user can act on it: never Cairo's own "invalid matrix"
    /// or "out of memory", but what was being drawn and what to change.
    static func ourWords(_ e: CairoError, scene: String, scale: Double) -> String {
        guard case .status(_, let code, _) = e else { return "\(e)" }
        let what = TerminalText.escaped("cannot draw \(scene) at --scale \(String(format: "%g", scale))")
        switch UInt32(bitPattern: code) {
        case CAIRO_STATUS_INVALID_MATRIX.rawValue:
            return what
                + ": a size or scale in the scene (or --scale) is too small to draw. Check the scene's sizes and scales, or use a larger --scale."
        case CAIRO_STATUS_NO_MEMORY.rawValue:
            return what
                + ": not enough memory for the image. Lower --scale or render part of the canvas with --at T --crop x,y,w,h."
        default:
            return what
                + ": drawing failed (Cairo status \(code)). Check the scene with 'adaptive-pointer validate' and 'lint'."
        }
    }

    /// The PNG files a scene draws (canvas and region images).
    static func images(of scene: Scene) -> [String] {
        var out: [String] = []
        if let p = scene.canvas.image { out.append(p) }
        func visit(_ r: Region) {
            if let p = r.content?.image { out.append(p) }
            r.regions.forEach(visit)
        }
        scene.regions.forEach(visit)
        return out
    }

    /// An output-sized scene (no canvas size) is drawn on a stage holding its regions
    /// and everywhere the pointer goes in the trace, with a margin: at least 320 × 200 pt.
    private func outputSize(for scene: Scene, events: [InputEvent]) -> Size {
        var bounds = SceneLayout(scene: scene).regions.reduce(Rect(x: 0, y: 0, width: 320, height: 200)) {
            $0.union($1.frame)
        }
        if !events.isEmpty {
            Replay.frames(scene: scene, events: events, fps: 30) { f in
                bounds = bounds.union(f.visible.frame.insetBy(dx: -40, dy: -40))
                if let m = f.menuShown { bounds = bounds.union(m.frame.insetBy(dx: -40, dy: -40)) }
            }
        }
        // Held to the canvas limits: a trace that flings the pointer 1e9 pt away
        // makes a large stage, not a 4 GB one.
        let side = SceneLimits.canvasSide
        return Size(
            width: min(max(bounds.maxX, 1).rounded(.up), side), height: min(max(bounds.maxY, 1).rounded(.up), side))
    }

    /// Ascending times from "T" or "T1,T2,…"; nil when any is not a time ≥ 0.
    private func parseTimes(_ text: String) -> [Double]? {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let times = parts.compactMap(Double.init)
        guard !times.isEmpty, times.count == parts.count, times.allSatisfy({ $0 >= 0 && $0.isFinite }) else {
            return nil
        }
        return times.sorted()
    }

    /// x,y,w,h: finite numbers (nan and inf are refused) within the frame limits.
    private func parseCrop(_ text: String) -> Rect? {
        let v = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard v.count == 4, v.allSatisfy({ $0.isFinite && abs($0) <= SceneLimits.frameExtent }), v[2] > 0, v[3] > 0
        else { return nil }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    private func loadScene() throws -> (URL, Scene) {
        var path = scene
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || isDirectory.boolValue {
            guard !scene.contains("/"), !scene.hasSuffix(".json") else {
                // Say why (a FIFO, a symlink loop, a directory…) as validate would.
                let why: String
                do {
                    _ = try InputFile.head(path, count: 0)
                    why = "no such file"
                } catch { why = error.reason }
                throw RenderError.noSuchScene(scene, why)
            }
            do {
                path = try AssetLocator.locate().scene(named: scene).path
            } catch {
                throw RenderError.noSuchScene(scene, "\(error)")
            }
        }
        do {
            return (URL(fileURLWithPath: path), try SceneLoader.load(path: path))
        } catch {
            throw RenderError.badScene(error.diagnostics.map(\.description))
        }
    }

    /// The events to play: TRACE, else the scene's bundled demo trace, else none (nil).
    private func loadTrace(sceneFile: URL) throws -> (String?, [InputEvent]?) {
        let path = trace ?? (try? AssetLocator.locate())?.demoTrace(forScene: sceneFile)?.path
        guard let path else { return (nil, nil) }
        do {
            return (path, try TraceReader.read(path: path))
        } catch {
            throw RenderError.badTrace("\(error)")
        }
    }

    private func ensureDirectory(_ path: String) throws {
        let p = path.isEmpty ? "." : path
        do { try OutputDirectory.create(p) } catch {
            // Our words ("… is not a directory"), never Foundation's "NSCocoaErrorDomain error 512".
            throw RenderError.unwritable(p, error.reason)
        }
        guard FileManager.default.isWritableFile(atPath: p) else {
            throw RenderError.unwritable(p, "permission denied")
        }
    }
}

enum RenderError: Error, CustomStringConvertible {
    case noSuchScene(String, String)
    case badScene([String])
    case badTrace(String)
    case unwritable(String, String)
    case tooManyFrames(trace: String, seconds: Double, fps: Double)
    case tooManyPixels(width: Double, height: Double, images: Int, scale: Double)

    var description: String {
        switch self {
        case .noSuchScene(let s, let why):
            return TerminalText.escaped(
                "cannot find scene '\(s)': \(TerminalText.clause(why)). Give a scene file path or the name of a bundled scene."
            )
        case .badScene(let lines):
            return lines.joined(separator: "\n")
        case .badTrace(let why):
            return why
        case .unwritable(let p, let why):
            return TerminalText.escaped(
                "cannot write to '\(p)': \(TerminalText.clause(why)). Choose a writable --out location.")
        case .tooManyFrames(let trace, let seconds, let fps):
            let span = seconds < 1e12 ? String(Int(seconds.rounded(.up))) : String(seconds)
            return TerminalText.escaped(
                "\(trace): the trace spans \(span) s; at \(String(format: "%g", fps)) fps that is more than "
                    + "\(SceneLimits.grouped(SceneLimits.renderFrames)) frames (docs/limits.md). Lower --fps, shorten the trace, "
                    + "render chosen moments with --at T1,T2,…, or use 'replay' for the frame states.")
        case .tooManyPixels(let w, let h, let images, let scale):
            let each = "\(Int(w.rounded(.up))) × \(Int(h.rounded(.up))) px at --scale \(String(format: "%g", scale))"
            return "\(images > 1 ? "\(images) images of " : "an image of ")\(each) is more than the "
                + "\(SceneLimits.grouped(SceneLimits.renderPixels))-pixel limit (docs/limits.md). Lower --scale, "
                + "render part of the canvas with --at T --crop x,y,w,h\(images > 1 ? ", or ask for fewer times" : "")."
        }
    }
}
