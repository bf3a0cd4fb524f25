import CGLES
import PointerCore
import PointerRendering

/// The compiled programs and the unit quad every draw uses, for one context.
final class GLPipeline {
    let sources: ShaderSources
    let fill: GLProgram
    let layer: GLProgram
    let sharpLayer: GLProgram
    let maskedLayer: GLProgram
    let pointer: GLProgram
    let material: GLProgram
    let highlightLight: GLProgram
    let specular: GLProgram
    let shadow: GLProgram
    let blur: GLProgram
    private var vao: GLuint = 0
    private var vbo: GLuint = 0

    /// Compiles and links every program now, so a broken shader is found at start.
    init(sources: ShaderSources) throws {
        self.sources = sources
        fill = try GLProgram(.fill, sources: sources)
        layer = try GLProgram(.layer, sources: sources)
        sharpLayer = try GLProgram(.sharpLayer, sources: sources)
        maskedLayer = try GLProgram(.maskedLayer, sources: sources)
        pointer = try GLProgram(.pointer, sources: sources)
        material = try GLProgram(.material, sources: sources)
        highlightLight = try GLProgram(.highlightLight, sources: sources)
        specular = try GLProgram(.specular, sources: sources)
        shadow = try GLProgram(.shadow, sources: sources)
        blur = try GLProgram(.blur, sources: sources)
        glGenVertexArrays(1, &vao)
        glBindVertexArray(vao)
        glGenBuffers(1, &vbo)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vbo)
        let corners: [GLfloat] = [0, 0, 1, 0, 0, 1, 1, 1]
        glBufferData(
            GLenum(GL_ARRAY_BUFFER), corners.count * MemoryLayout<GLfloat>.size, corners, GLenum(GL_STATIC_DRAW))
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
    }

    deinit {
        glDeleteBuffers(1, &vbo)
        glDeleteVertexArrays(1, &vao)
    }

    /// Draws the quad covering `rect` (local units) through `toDevice` with `program`,
    /// whose other uniforms the caller has set.
    func drawQuad(_ program: GLProgram, rect: Rect, toDevice: AffineTransform, viewport: (Int, Int)) {
        program.set("u_rect", rect.minX, rect.minY, rect.width, rect.height)
        program.set("u_toDevice", toDevice)
        program.set("u_viewport", Double(viewport.0), Double(viewport.1))
        glBindVertexArray(vao)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }
}

extension RGBA {
    /// Premultiplied components for a uniform.
    var premultiplied: (Double, Double, Double, Double) { (r * a, g * a, b * a, a) }
    var straight: (Double, Double, Double, Double) { (r, g, b, a) }
}
