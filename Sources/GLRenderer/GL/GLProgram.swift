import CGLES
import PointerRendering

/// A linked GL program and its uniform locations (looked up once by name).
/// A compile or link failure is a `GLError.shaderCompile` naming the file and
/// line the compiler reports.
final class GLProgram {
    let name: String
    let id: GLuint
    private var locations: [String: GLint] = [:]

    init(_ spec: ShaderProgram, sources: ShaderSources) throws {
        name = spec.name
        let vs = try Self.compile(
            GLenum(GL_VERTEX_SHADER), files: [spec.vertex], defines: [], program: spec.name, sources: sources)
        defer { glDeleteShader(vs) }
        let fs = try Self.compile(
            GLenum(GL_FRAGMENT_SHADER), files: spec.fragment, defines: spec.defines, program: spec.name,
            sources: sources)
        defer { glDeleteShader(fs) }
        let p = glCreateProgram()
        glAttachShader(p, vs)
        glAttachShader(p, fs)
        glLinkProgram(p)
        var ok: GLint = 0
        glGetProgramiv(p, GLenum(GL_LINK_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = Self.infoLog(p, program: true)
            glDeleteProgram(p)
            throw GLError.shaderCompile(
                file: sources.displayName(spec.fragment.last ?? spec.vertex), line: nil,
                program: spec.name, message: "link failed: \(log)")
        }
        id = p
    }

    deinit { glDeleteProgram(id) }

    private static func compile(
        _ kind: GLenum, files: [String], defines: [String], program: String,
        sources: ShaderSources
    ) throws -> GLuint {
        let (text, order) = try ShaderProgram.assemble(files, defines: defines, from: sources)
        let s = glCreateShader(kind)
        text.withCString { cs in
            var p: UnsafePointer<GLchar>? = cs
            glShaderSource(s, 1, &p, nil)
        }
        glCompileShader(s)
        var ok: GLint = 0
        glGetShaderiv(s, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = infoLog(s, program: false)
            glDeleteShader(s)
            let (index, line, message) = CompilerLog.firstError(log)
            let file = index.flatMap { order.indices.contains($0) ? order[$0] : nil } ?? files.last ?? "?"
            throw GLError.shaderCompile(file: sources.displayName(file), line: line, program: program, message: message)
        }
        return s
    }

    private static func infoLog(_ object: GLuint, program: Bool) -> String {
        var length: GLint = 0
        if program {
            glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        } else {
            glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        }
        guard length > 1 else { return "(no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        if program {
            glGetProgramInfoLog(object, length, nil, &buffer)
        } else {
            glGetShaderInfoLog(object, length, nil, &buffer)
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func use() { glUseProgram(id) }

    func location(_ uniform: String) -> GLint {
        if let l = locations[uniform] { return l }
        let l = glGetUniformLocation(id, uniform)
        locations[uniform] = l
        return l
    }

    func set(_ u: String, _ x: Double) { glUniform1f(location(u), GLfloat(x)) }
    func set(_ u: String, _ x: Double, _ y: Double) { glUniform2f(location(u), GLfloat(x), GLfloat(y)) }
    func set(_ u: String, _ x: Double, _ y: Double, _ z: Double) {
        glUniform3f(location(u), GLfloat(x), GLfloat(y), GLfloat(z))
    }
    func set(_ u: String, _ x: Double, _ y: Double, _ z: Double, _ w: Double) {
        glUniform4f(location(u), GLfloat(x), GLfloat(y), GLfloat(z), GLfloat(w))
    }
    func set(_ u: String, int x: Int) { glUniform1i(location(u), GLint(x)) }
    /// An affine map as the mat3 the shaders multiply `vec3(p, 1)` by.
    func set(_ u: String, _ t: AffineTransform) {
        let m: [GLfloat] = [
            GLfloat(t.a), GLfloat(t.b), 0, GLfloat(t.c), GLfloat(t.d), 0, GLfloat(t.tx), GLfloat(t.ty), 1,
        ]
        glUniformMatrix3fv(location(u), 1, GLboolean(GL_FALSE), m)
    }
    func set(_ u: String, matrices: [AffineTransform]) {
        guard !matrices.isEmpty else { return }
        let m: [GLfloat] = matrices.flatMap { t in
            [GLfloat(t.a), GLfloat(t.b), 0, GLfloat(t.c), GLfloat(t.d), 0, GLfloat(t.tx), GLfloat(t.ty), 1]
        }
        glUniformMatrix3fv(location(u), GLsizei(matrices.count), GLboolean(GL_FALSE), m)
    }
    func set(_ u: String, vec4s: [(Double, Double, Double, Double)]) {
        guard !vec4s.isEmpty else { return }
        let v: [GLfloat] = vec4s.flatMap { [GLfloat($0.0), GLfloat($0.1), GLfloat($0.2), GLfloat($0.3)] }
        glUniform4fv(location(u), GLsizei(vec4s.count), v)
    }
}

/// Reads a GLSL compiler's log: Mesa writes "2:14(5): error: …", glslang and
/// others "ERROR: 2:14: …", where 2 is the source string (a `#line` number)
/// and 14 the line in it.
enum CompilerLog {
    static func firstError(_ log: String) -> (sourceIndex: Int?, line: Int?, message: String) {
        let lines = log.split(whereSeparator: \.isNewline).map(String.init)
        let pick = lines.first { $0.lowercased().contains("error") } ?? lines.first ?? log
        var rest = Substring(pick)
        if rest.hasPrefix("ERROR: ") { rest = rest.dropFirst(7) }
        // <source>:<line>[(<column>)]:
        let digits1 = rest.prefix { $0.isNumber }
        guard !digits1.isEmpty, rest.dropFirst(digits1.count).first == ":" else { return (nil, nil, pick) }
        let afterColon = rest.dropFirst(digits1.count + 1)
        let digits2 = afterColon.prefix { $0.isNumber }
        guard !digits2.isEmpty else { return (nil, nil, pick) }
        var tail = afterColon.dropFirst(digits2.count)
        if tail.first == "(" { tail = tail.drop { $0 != ")" }.dropFirst() }
        if tail.first == ":" { tail = tail.dropFirst() }
        return (Int(digits1), Int(digits2), tail.trimmingCharacters(in: .whitespaces))
    }
}
