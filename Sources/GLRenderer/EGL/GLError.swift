/// Why the GL renderer cannot draw: each message says what failed and what
/// happens instead (the Cairo renderer takes over; see docs/gpu-renderer.md).
public enum GLError: Error, CustomStringConvertible, Equatable {
    /// EGL could not give a GLES 3 context on this platform.
    case unavailable(String)
    /// A shader file is missing from the shader folder.
    case missingShader(file: String, directory: String)
    /// A shader does not compile or a program does not link: the file and line
    /// the compiler names, and its message.
    case shaderCompile(file: String, line: Int?, program: String, message: String)
    /// A GL call failed (out of memory, an incomplete framebuffer…).
    case gl(operation: String, code: UInt32)
    /// The target is larger than this GPU's textures allow.
    case tooLarge(width: Int, height: Int, limit: Int)

    public var description: String {
        switch self {
        case .unavailable(let why):
            return "EGL/GLES 3 unavailable: \(why)"
        case .missingShader(let file, let dir):
            return
                "shader \(file) is missing from \(dir) (reinstall with 'make install', or unset ADAPTIVE_POINTER_SHADERS to use the built-in shaders)"
        case .shaderCompile(let file, let line, let program, let message):
            let at = line.map { "\(file):\($0)" } ?? file
            return
                "\(at): \(message) (in program '\(program)'; fix the shader, or unset ADAPTIVE_POINTER_SHADERS to use the built-in shaders)"
        case .gl(let op, let code):
            return "GL error 0x\(String(code, radix: 16)) in \(op)"
        case .tooLarge(let w, let h, let limit):
            return "a \(w)×\(h) px target exceeds this GPU's \(limit) px texture limit"
        }
    }
}
