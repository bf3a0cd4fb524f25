/// Builds every program of the GL renderer on a context: a way to find a
/// missing or broken shader (GLError naming the file and line) before drawing.
public enum GLShaderCheck {
    public static func build(context: GLContext, shaders: ShaderSources) throws {
        try context.makeCurrent()
        _ = try context.pipeline(for: shaders)
    }
}
