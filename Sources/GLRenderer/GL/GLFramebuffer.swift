import CGLES

/// A framebuffer drawing into its own texture: the canvas every frame is
/// drawn into (its pixels persist, so a frame repaints only its damage), an
/// opacity group, a cached layer, the material's 2×1 target.
final class GLFramebuffer {
    let id: GLuint
    let texture: GLTexture

    init(
        width: Int, height: Int, internalFormat: GLenum = GLenum(GL_RGBA8), format: GLenum = GLenum(GL_RGBA),
        type: GLenum = GLenum(GL_UNSIGNED_BYTE), linear: Bool = true
    ) throws {
        texture = GLTexture(
            width: width, height: height, internalFormat: internalFormat, format: format, type: type,
            linear: linear)
        var f: GLuint = 0
        glGenFramebuffers(1, &f)
        id = f
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), f)
        glFramebufferTexture2D(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture.id, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            glDeleteFramebuffers(1, &f)
            throw GLError.gl(operation: "a \(width)×\(height) framebuffer", code: UInt32(status))
        }
    }

    deinit {
        var f = id
        glDeleteFramebuffers(1, &f)
    }

    var width: Int { texture.width }
    var height: Int { texture.height }

    /// Draws go here, over all of it (the scissor still limits them).
    func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), id)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }
}
