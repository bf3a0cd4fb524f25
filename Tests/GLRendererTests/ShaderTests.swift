import Foundation
import PointerCore
import PointerHost
import Testing

@testable import GLRenderer
@testable import PointerRendering

/// The shaders in Shaders/: every program compiles (glslangValidator, the
/// reference GLSL ES front end, and the EGL driver), the binary's built-in copy
/// is the folder's, and a missing or broken shader makes the renderer Cairo
/// with a message naming the file and line.
@Suite("Shaders")
struct ShaderTests {
    static func glslang() -> String? {
        ["/usr/bin/glslangValidator", "/usr/local/bin/glslangValidator"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static func temporaryDirectory(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("every program's stages compile with glslangValidator as GLSL ES 3.00")
    func glslangValidates() throws {
        let tool = try #require(
            Self.glslang(), "glslangValidator (glslang-tools) is not installed: scripts/install-deps.sh installs it")
        let sources = try ShaderSources.folder(GLTestSupport.shaderFolder)
        let dir = try Self.temporaryDirectory("shaders")
        defer { try? FileManager.default.removeItem(at: dir) }
        var checked = 0
        for program in ShaderProgram.all {
            for (stage, files, defines) in [
                ("vert", [program.vertex], [String]()), ("frag", program.fragment, program.defines),
            ] {
                let (text, order) = try ShaderProgram.assemble(files, defines: defines, from: sources)
                let file = dir.appendingPathComponent("\(program.name).\(stage)")
                try text.write(to: file, atomically: true, encoding: .utf8)
                let p = Process()
                p.executableURL = URL(fileURLWithPath: tool)
                p.arguments = [file.path]
                let out = Pipe()
                p.standardOutput = out
                p.standardError = out
                try p.run()
                let log = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                p.waitUntilExit()
                let (index, line, message) = CompilerLog.firstError(log)
                let at = index.map { order.indices.contains($0) ? "\(order[$0]):\(line ?? 0)" : "?" } ?? "?"
                #expect(p.terminationStatus == 0, "\(program.name).\(stage): \(at): \(message)")
                checked += 1
            }
        }
        // Every file in the folder is part of some program.
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: GLTestSupport.shaderFolder.path)
            .filter { $0.hasSuffix(".glsl") || $0.hasSuffix(".vert") || $0.hasSuffix(".frag") }
        #expect(Set(onDisk) == Set(ShaderProgram.files), "files in Shaders/ that no program uses, or used but missing")
        #expect(checked == 2 * ShaderProgram.all.count)
    }

    @Test("every program compiles and links on the EGL driver")
    func driverCompiles() throws {
        let context = try GLTestSupport.context()
        try GLShaderCheck.build(context: context, shaders: try ShaderSources.folder(GLTestSupport.shaderFolder))
    }

    @Test("the shaders built into the binary are the Shaders folder's (scripts/embed-shaders.sh regenerates them)")
    func embeddedCopyIsCurrent() throws {
        for file in ShaderProgram.files {
            let disk = try String(contentsOf: GLTestSupport.shaderFolder.appendingPathComponent(file), encoding: .utf8)
            let embedded = try #require(EmbeddedShaders.files[file], "\(file) is not built in")
            #expect(
                embedded.trimmingCharacters(in: .newlines) == disk.trimmingCharacters(in: .newlines),
                "the built-in \(file) differs from Shaders/\(file): run scripts/embed-shaders.sh")
        }
    }

    @Test("a shader that does not compile: Cairo draws, and one log line names the file and the compiler's line")
    func brokenShaderFallsBack() throws {
        let dir = try Self.temporaryDirectory("broken-shaders")
        defer { try? FileManager.default.removeItem(at: dir) }
        for f in ShaderProgram.files {
            try FileManager.default.copyItem(
                at: GLTestSupport.shaderFolder.appendingPathComponent(f), to: dir.appendingPathComponent(f))
        }
        // Line 12 of pointer.frag becomes a syntax error.
        let file = dir.appendingPathComponent("pointer.frag")
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        lines[11] = "    this is not GLSL;"
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)

        var messages: [String] = []
        let factory = RendererFactory(choice: .gl, shaderFolders: [dir]) { messages.append($0) }
        let renderer = try factory.makeRenderer(
            scene: Scene(canvas: Canvas(size: Size(width: 40, height: 30), color: .white)), scale: 1)
        #expect(renderer is SceneRenderer, "a broken shader must leave the Cairo renderer drawing")
        #expect(factory.activeRenderer == "cairo")
        #expect(messages.count == 1, "one log line: \(messages)")
        let line = messages.first ?? ""
        #expect(line.hasPrefix("renderer: cairo"), "\(line)")
        #expect(line.contains(file.path + ":12"), "the message names the file and line: \(line)")
    }

    @Test("a shader missing from the folder: Cairo draws, and the message names it")
    func missingShaderFallsBack() throws {
        let dir = try Self.temporaryDirectory("missing-shaders")
        defer { try? FileManager.default.removeItem(at: dir) }
        for f in ShaderProgram.files where f != "material.glsl" {
            try FileManager.default.copyItem(
                at: GLTestSupport.shaderFolder.appendingPathComponent(f), to: dir.appendingPathComponent(f))
        }
        var messages: [String] = []
        let factory = RendererFactory(choice: .auto, shaderFolders: [dir]) { messages.append($0) }
        let renderer = try factory.makeRenderer(
            scene: Scene(canvas: Canvas(size: Size(width: 40, height: 30), color: .white)), scale: 1)
        #expect(renderer is SceneRenderer)
        #expect(
            messages.count == 1 && (messages.first ?? "").contains("material.glsl is missing from \(dir.path)"),
            "\(messages)")
    }

    @Test("auto takes GL when EGL and GLES 3 start, in one log line; cairo asks nothing of EGL")
    func autoTakesGL() throws {
        var messages: [String] = []
        let factory = RendererFactory(choice: .auto, shaderFolders: [GLTestSupport.shaderFolder]) {
            messages.append($0)
        }
        let renderer = try factory.makeRenderer(
            scene: Scene(canvas: Canvas(size: Size(width: 40, height: 30), color: .white)), scale: 1)
        #expect(renderer is GLSceneRenderer)
        #expect(messages.count == 1 && (messages.first ?? "").hasPrefix("renderer: gl (OpenGL ES 3"), "\(messages)")
        _ = try factory.makeRenderer(scene: Scene(canvas: Canvas(size: Size(width: 40, height: 30))), scale: 2)
        #expect(messages.count == 1, "the choice is logged once: \(messages)")

        var cairoMessages: [String] = []
        let cairo = RendererFactory(
            choice: .cairo, platform: { throw GLError.unavailable("must not be asked") },
            log: { cairoMessages.append($0) })
        #expect(
            try cairo.makeRenderer(scene: Scene(canvas: Canvas(size: Size(width: 40, height: 30))), scale: 1)
                is SceneRenderer)
        #expect(cairoMessages.isEmpty)
    }

    @Test("without EGL, auto and gl fall back to Cairo and say why")
    func noEGLFallsBack() throws {
        for choice in [RendererChoice.auto, .gl] {
            var messages: [String] = []
            let factory = RendererFactory(
                choice: choice, platform: { throw GLError.unavailable("no EGL display on the surfaceless platform") },
                log: { messages.append($0) })
            let r = try factory.makeRenderer(scene: Scene(canvas: Canvas(size: Size(width: 40, height: 30))), scale: 1)
            #expect(r is SceneRenderer)
            #expect(
                messages == [
                    choice == .gl
                        ? "renderer: cairo (--renderer gl could not start: EGL/GLES 3 unavailable: no EGL display on the surfaceless platform)"
                        : "renderer: cairo (GL unavailable: EGL/GLES 3 unavailable: no EGL display on the surfaceless platform)"
                ])
        }
    }

    @Test("compiler logs: the source string and line of Mesa's and glslang's messages")
    func compilerLogParsing() {
        let mesa = CompilerLog.firstError("2:14(5): error: syntax error, unexpected IDENTIFIER")
        #expect(
            mesa.sourceIndex == 2 && mesa.line == 14 && mesa.message == "error: syntax error, unexpected IDENTIFIER")
        let glslang = CompilerLog.firstError(
            "x.frag\nERROR: 3:7: 'foo' : undeclared identifier\nERROR: 1 compilation errors.")
        #expect(glslang.sourceIndex == 3 && glslang.line == 7)
        #expect(CompilerLog.firstError("something odd").line == nil)
    }
}
