import CGLES
import PointerRendering

/// A GL texture this renderer owns (deleted with it). Cairo images are uploaded
/// as they lie in memory (B, G, R, A bytes) and swizzled on sampling, so shaders
/// always see premultiplied RGBA.
final class GLTexture {
    let id: GLuint
    let width: Int
    let height: Int

    /// Storage of `format` (GL_RGBA8, GL_RGBA32F…), uninitialised.
    init(
        width: Int, height: Int, internalFormat: GLenum = GLenum(GL_RGBA8), format: GLenum = GLenum(GL_RGBA),
        type: GLenum = GLenum(GL_UNSIGNED_BYTE), linear: Bool = true
    ) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        var t: GLuint = 0
        glGenTextures(1, &t)
        id = t
        glBindTexture(GLenum(GL_TEXTURE_2D), t)
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GLint(internalFormat), GLsizei(self.width), GLsizei(self.height), 0,
            format, type, nil)
        let filter = linear ? GL_LINEAR : GL_NEAREST
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }

    /// A copy of a Cairo image (premultiplied ARGB32).
    convenience init(image: ImageSurface) throws {
        self.init(width: image.width, height: image.height)
        try upload(image)
    }

    deinit {
        var t = id
        glDeleteTextures(1, &t)
    }

    /// Replaces the pixels with `image`'s (same size).
    func upload(_ image: ImageSurface) throws {
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        // B, G, R, A in memory: sample red from blue and blue from red.
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_R), GL_BLUE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_SWIZZLE_B), GL_RED)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(image.stride / 4))
        let w = min(width, image.width)
        let h = min(height, image.height)
        try image.withPixels { raw in
            glTexSubImage2D(
                GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(w), GLsizei(h), GLenum(GL_RGBA),
                GLenum(GL_UNSIGNED_BYTE), raw)
        }
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
    }

    var byteCount: Int { width * height * 4 }
}
