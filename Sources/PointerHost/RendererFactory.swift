import Foundation
import GLRenderer
import PointerCore
import PointerRendering

/// `--renderer`: which renderer draws.
public enum RendererChoice: String, CaseIterable, Sendable {
    /// GL when EGL and GLES 3 start (and the shaders build), else Cairo.
    case auto
    /// GL; when it cannot start, Cairo, saying why.
    case gl
    /// The Cairo renderer (the reference the GL renderer is measured against, and its fallback).
    case cairo
}

/// Makes the renderers of one command or session: GL renderers on one context
/// made on first use, or Cairo ones. The choice is made once, on the first
/// renderer, and logged in one line ("renderer: gl (…)" or "renderer: cairo
/// (…why…)"); a shader that is missing or does not compile makes it Cairo, the
/// message naming the file and the compiler's line.
public final class RendererFactory {
    public let choice: RendererChoice
    private let platform: () throws -> GLContext
    private let shaderFolders: [URL]
    private let log: (String) -> Void
    private var decided = false
    private var gl: (context: GLContext, shaders: ShaderSources)?
    /// Why GL is not used, once decided against.
    public private(set) var fallbackReason: String?

    /// `platform` makes the context (default: surfaceless, for drawing into CPU
    /// buffers); `shaderFolders` are where Shaders/ may be, before the built-in copy.
    public init(
        choice: RendererChoice, shaderFolders: [URL] = RendererFactory.defaultShaderFolders(),
        platform: @escaping () throws -> GLContext = { try GLContext(platform: .surfaceless) },
        log: @escaping (String) -> Void
    ) {
        self.choice = choice
        self.platform = platform
        self.shaderFolders = shaderFolders
        self.log = log
    }

    /// Next to the installed assets (`<prefix>/share/adaptive-pointer/Shaders`), or
    /// the source tree's top-level Shaders/ beside its Assets/.
    public static func defaultShaderFolders() -> [URL] {
        guard let root = try? AssetLocator.locate().root else { return [] }
        return [
            root.appendingPathComponent("Shaders"), root.deletingLastPathComponent().appendingPathComponent("Shaders"),
        ]
    }

    /// "gl" or "cairo" once decided (nil before the first renderer).
    public var activeRenderer: String? { decided ? (gl != nil ? "gl" : "cairo") : nil }

    /// The GL context in use, when GL was chosen.
    public var context: GLContext? { gl?.context }

    /// A renderer for `scene` at `scale`. Throws only what makes the scene
    /// undrawable for either renderer (an unreadable image).
    public func makeRenderer(scene: Scene, scale: Double, backgroundSampler: BackgroundSampler? = nil) throws
        -> FrameRenderer
    {
        try make(scene: scene, scale: scale, backgroundSampler: backgroundSampler).renderer
    }

    /// `makeRenderer`, keeping what only GL can do within reach without a downcast.
    public func make(scene: Scene, scale: Double, backgroundSampler: BackgroundSampler? = nil) throws
        -> MadeRenderer
    {
        let planner = try ScenePlanner(scene: scene, scale: scale, backgroundSampler: backgroundSampler)
        guard choice != .cairo, let gl = startGL() else { return MadeRenderer(SceneRenderer(planner: planner)) }
        do {
            return MadeRenderer(try GLSceneRenderer(planner: planner, context: gl.context, shaders: gl.shaders))
        } catch {
            // Decided for GL, but this renderer cannot build: Cairo from here on.
            self.gl = nil
            fallbackReason = "\(error)"
            log("renderer: cairo (the GL renderer failed: \(error))")
            return MadeRenderer(SceneRenderer(planner: planner))
        }
    }

    /// A GL context on a window system's `platform`, for canvases that present
    /// through EGL window surfaces: asked by a backend before the first frame. nil
    /// when the choice is Cairo, GL was already decided on another platform, or GL
    /// cannot start there (then the first renderer decides as usual, surfaceless,
    /// and its log line says why windows were not used).
    public func windowContext(platform windowPlatform: GLContext.Platform) -> GLContext? {
        guard choice != .cairo, !decided else { return nil }
        do {
            let shaders = try ShaderSources.locate(candidates: shaderFolders)
            let context = try GLContext(platform: windowPlatform)
            try GLShaderCheck.build(context: context, shaders: shaders)
            decided = true
            gl = (context, shaders)
            onWindowPlatform = true
            log("renderer: gl (\(context.summary); shaders: \(shaders.origin))")
            return context
        } catch {
            windowFailure = "\(error)"
            return nil
        }
    }

    private var windowFailure: String?
    private var onWindowPlatform = false

    /// Ends the window system's context (after every renderer on it is gone):
    /// renderers made from now on are Cairo's.
    public func closeWindowContext() {
        guard onWindowPlatform, let context = gl?.context else { return }
        gl = nil
        onWindowPlatform = false
        fallbackReason = "the window system closed"
        context.terminate()
    }

    private func startGL() -> (context: GLContext, shaders: ShaderSources)? {
        if decided { return gl }
        decided = true
        do {
            let shaders = try ShaderSources.locate(candidates: shaderFolders)
            let context = try platform()
            // Build the programs now, so a broken shader shows here, once.
            try GLShaderCheck.build(context: context, shaders: shaders)
            gl = (context, shaders)
            let windows =
                windowFailure.map { "; frames read back into shared memory, no EGL window surfaces: \($0)" } ?? ""
            log("renderer: gl (\(context.summary); shaders: \(shaders.origin)\(windows))")
        } catch {
            fallbackReason = "\(error)"
            log(
                choice == .gl
                    ? "renderer: cairo (--renderer gl could not start: \(error))"
                    : "renderer: cairo (GL unavailable: \(error))")
        }
        return gl
    }
}

/// A renderer as made: what every renderer does, and, when GL draws, the same
/// renderer for what only GL does (draw a canvas's EGL window, its own framebuffer).
public struct MadeRenderer {
    public let renderer: FrameRenderer
    public let gl: GLSceneRenderer?

    public init(_ cairo: SceneRenderer) {
        renderer = cairo
        gl = nil
    }

    public init(_ gl: GLSceneRenderer) {
        renderer = gl
        self.gl = gl
    }
}
