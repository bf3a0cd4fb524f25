import ArgumentParser
import Foundation
import GLRenderer
import PointerCore
import PointerHost
import PointerRendering

/// `adaptive-pointer render SCENE [TRACE] --out DIR [--scale S] [--fps N]` and
/// `render SCENE [TRACE] --at T --out FILE.png`: draws what a session would show.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene and trace to PNG frames and a contact sheet.",
        discussion: """
            Writes frame-00000.png, frame-00001.png, … (the frames at times i/fps, until the trace \
            has played and nothing animates) and sheet.png, a grid of thumbnails with timestamps, \
            into --out (old frame-*.png there are replaced). With --at T, writes only the frame at \
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

    @Option(help: "Device pixels per point (1, 1.25, 1.5, 2, …).")
    var scale: Double = 1

    @Option(help: "Frames per second.")
    var fps: Double = 30

    @Option(help: ArgumentHelp("Render only the frame at this time (seconds) into the file --out; several comma-separated times make a contact sheet of those moments.", valueName: "T[,T…]"))
    var at: String?

    @Option(help: ArgumentHelp("With --at: render only this part of the canvas, in pt.", valueName: "x,y,w,h"))
    var crop: String?

    @Option(help: "cairo (the reference), gl (GLES 3 over EGL, surfaceless; Cairo when it cannot start) or auto (GL when it starts).")
    var renderer: RendererChoice = .cairo

    func validate() throws {
        if crop != nil, at == nil { throw ValidationError("--crop needs --at") }
        if let crop, parseCrop(crop) == nil { throw ValidationError("--crop wants x,y,w,h in pt with w, h > 0 (got '\(crop)')") }
        guard scale > 0, scale <= 8 else { throw ValidationError("--scale must be above 0 and at most 8 (got \(scale))") }
        guard fps > 0, fps <= 1000 else { throw ValidationError("--fps must be above 0 and at most 1000 (got \(fps))") }
        if let at, parseTimes(at) == nil {
            throw ValidationError("--at wants a time ≥ 0 in seconds, or several separated by commas (got '\(at)')")
        }
    }

    func run() throws {
        do {
            try render()
        } catch let e as RenderError {
            // Scene diagnostics carry their own "file:line:column: error:" prefix.
            let prefix: String
            if case .badScene = e { prefix = "" } else { prefix = "error: " }
            FileHandle.standardError.write(Data("\(prefix)\(e)\n".utf8))
            throw ExitCode(1)
        } catch let e as CairoError {
            FileHandle.standardError.write(Data("error: \(e)\n".utf8))
            throw ExitCode(1)
        } catch let e as GLError {
            FileHandle.standardError.write(Data("error: \(e) (--renderer cairo draws without GL)\n".utf8))
            throw ExitCode(1)
        }
    }

    private func render() throws {
        let (sceneFile, loaded) = try loadScene()
        let events = try loadTrace(sceneFile: sceneFile)
        let factory = RendererFactory(choice: self.renderer) { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
        let renderer = try factory.makeRenderer(scene: loaded, scale: scale)
        if loaded.canvas.size == nil {
            renderer.outputSize = outputSize(for: loaded, events: events ?? [])
        }

        if let times = at.flatMap(parseTimes) {
            var player = Replay.Player(scene: loaded, events: events ?? [])
            var images: [(Double, ImageSurface)] = []
            for t in times {
                let frame = player.frame(at: t)
                if let box = crop.flatMap(parseCrop) {
                    let image = try ImageSurface(width: max(1, Int((box.width * scale).rounded(.up))),
                                                 height: max(1, Int((box.height * scale).rounded(.up))))
                    try renderer.draw(frame: frame, into: image, origin: box.origin)
                    images.append((t, image))
                } else {
                    images.append((t, try renderer.render(frame: frame)))
                }
            }
            try ensureDirectory(URL(fileURLWithPath: out).deletingLastPathComponent().path)
            if images.count == 1, let only = images.first {
                try only.1.writePNG(path: out)
            } else if let first = images.first {
                let sheet = try ContactSheet(count: images.count,
                                             frameSize: Size(width: Double(first.1.width), height: Double(first.1.height)),
                                             thumbWidth: Double(first.1.width), backdrop: renderer.backdropColor)
                for (i, (t, image)) in images.enumerated() { try sheet.add(image, time: t, index: i) }
                try sheet.writePNG(path: out)
            }
            print("wrote \(out)")
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
        for old in (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        where old.hasPrefix("frame-") && old.hasSuffix(".png") {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent(old))
        }
        // The sheet: key moments, each cropped around the pointer (SheetPlan).
        let plan = SheetPlan(frames: frames, canvas: Size(width: Double(renderer.pixelWidth) / scale,
                                                          height: Double(renderer.pixelHeight) / scale))
        let sheet = try ContactSheet(count: plan.cells.count,
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
            try canvas.writePNG(path: dir.appendingPathComponent(String(format: "frame-%05d.png", i)).path)
            if let (slot, cell) = cellsByFrame[i] {
                let px = Rect(x: cell.window.minX * scale, y: cell.window.minY * scale,
                              width: cell.window.width * scale, height: cell.window.height * scale)
                try sheet.add(canvas, time: frame.time, index: slot, source: px, note: cell.note)
            }
        }
        try sheet.writePNG(path: dir.appendingPathComponent("sheet.png").path)
        print("wrote \(frames.count) frame\(frames.count == 1 ? "" : "s") and sheet.png to \(out)")
    }

    /// An output-sized scene (no canvas size) is drawn on a stage holding its regions
    /// and everywhere the pointer goes in the trace, with a margin: at least 320 × 200 pt.
    private func outputSize(for scene: Scene, events: [InputEvent]) -> Size {
        var bounds = SceneLayout(scene: scene).regions.reduce(Rect(x: 0, y: 0, width: 320, height: 200)) { $0.union($1.frame) }
        if !events.isEmpty {
            Replay.frames(scene: scene, events: events, fps: 30) { f in
                bounds = bounds.union(f.visible.frame.insetBy(dx: -40, dy: -40))
                if let m = f.menu { bounds = bounds.union(m.frame.insetBy(dx: -40, dy: -40)) }
            }
        }
        return Size(width: max(bounds.maxX, 1).rounded(.up), height: max(bounds.maxY, 1).rounded(.up))
    }

    /// Ascending times from "T" or "T1,T2,…"; nil when any is not a time ≥ 0.
    private func parseTimes(_ text: String) -> [Double]? {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let times = parts.compactMap(Double.init)
        guard !times.isEmpty, times.count == parts.count, times.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        return times.sorted()
    }

    private func parseCrop(_ text: String) -> Rect? {
        let v = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard v.count == 4, v[2] > 0, v[3] > 0 else { return nil }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    private func loadScene() throws -> (URL, Scene) {
        let path: String
        do { path = try AssetLocator.resolveScene(scene) } catch {
            throw RenderError.noSuchScene(scene, "\(error)")
        }
        do {
            return (URL(fileURLWithPath: path), try SceneLoader.load(path: path))
        } catch {
            throw RenderError.badScene(error.diagnostics.map(\.description))
        }
    }

    /// The events to play: TRACE, else the scene's bundled demo trace, else none (nil).
    private func loadTrace(sceneFile: URL) throws -> [InputEvent]? {
        let path = trace ?? (try? AssetLocator.locate())?.demoTrace(forScene: sceneFile)?.path
        guard let path else { return nil }
        do {
            return try TraceReader.read(path: path)
        } catch {
            throw RenderError.badTrace("\(error)")
        }
    }

    private func ensureDirectory(_ path: String) throws {
        let p = path.isEmpty ? "." : path
        do {
            try FileManager.default.createDirectory(atPath: p, withIntermediateDirectories: true)
        } catch {
            throw RenderError.unwritable(p, error.localizedDescription)
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

    var description: String {
        switch self {
        case .noSuchScene(let s, let why):
            return "cannot find scene '\(s)': \(why). Give a scene file path or the name of a bundled scene."
        case .badScene(let lines):
            return lines.joined(separator: "\n")
        case .badTrace(let why):
            return why
        case .unwritable(let p, let why):
            return "cannot write to '\(p)': \(why). Choose a writable --out location."
        }
    }
}
