/// The programs the GL renderer builds, and which files of Shaders/ make each:
/// a vertex file, and a fragment file preceded by the library files it uses.
/// Every source starts with `#version 300 es` and prelude.glsl.
struct ShaderProgram: Hashable, Sendable {
    let name: String
    let vertex: String
    /// Library files, then the fragment file itself (last).
    let fragment: [String]
    /// Preprocessor symbols defined for this build of the files.
    var defines: [String] = []

    static let fill = ShaderProgram(
        name: "fill", vertex: "transform.vert",
        fragment: ["coverage.glsl", "rounded_rect.glsl", "clip.glsl", "fill.frag"])
    static let layer = ShaderProgram(
        name: "layer", vertex: "transform.vert",
        fragment: ["coverage.glsl", "rounded_rect.glsl", "clip.glsl", "layer.frag"])
    static let sharpLayer = ShaderProgram(
        name: "sharp_layer", vertex: "transform.vert",
        fragment: ["coverage.glsl", "rounded_rect.glsl", "clip.glsl", "layer.frag"],
        defines: ["SHARP"])
    static let maskedLayer = ShaderProgram(
        name: "masked_layer", vertex: "transform.vert",
        fragment: ["coverage.glsl", "rounded_rect.glsl", "clip.glsl", "pointer_shape.glsl", "layer.frag"],
        defines: ["POINTER_MASK"])
    static let pointer = ShaderProgram(
        name: "pointer", vertex: "transform.vert",
        fragment: ["coverage.glsl", "rounded_rect.glsl", "clip.glsl", "pointer_shape.glsl", "pointer.frag"])
    static let material = ShaderProgram(
        name: "material", vertex: "transform.vert",
        fragment: ["material.glsl", "material_resolve.frag"])
    static let highlightLight = ShaderProgram(
        name: "highlight_light", vertex: "transform.vert",
        fragment: [
            "coverage.glsl", "rounded_rect.glsl", "clip.glsl", "pointer_shape.glsl",
            "highlight_light.frag",
        ])
    static let specular = ShaderProgram(
        name: "specular", vertex: "transform.vert",
        fragment: ["coverage.glsl", "rounded_rect.glsl", "clip.glsl", "specular.frag"])
    static let shadow = ShaderProgram(name: "shadow", vertex: "transform.vert", fragment: ["shadow.frag"])
    static let blur = ShaderProgram(name: "blur", vertex: "transform.vert", fragment: ["blur.frag"])

    static let all: [ShaderProgram] = [
        .fill, .layer, .sharpLayer, .maskedLayer, .pointer, .material, .highlightLight, .specular, .shadow, .blur,
    ]

    /// Every file the renderer reads from Shaders/.
    static var files: [String] {
        var seen: [String] = ["prelude.glsl"]
        for p in all { for f in [p.vertex] + p.fragment where !seen.contains(f) { seen.append(f) } }
        return seen
    }

    /// One stage's complete source: the files in order, each announced with
    /// `#line 1 <n>` so the compiler's messages name source string n = files[n].
    static func assemble(_ files: [String], defines: [String] = [], from sources: ShaderSources) throws -> (
        source: String, files: [String]
    ) {
        let all = ["prelude.glsl"] + files
        var text = "#version 300 es\n" + defines.map { "#define \($0) 1\n" }.joined()
        for (n, f) in all.enumerated() {
            text += "#line 1 \(n)\n" + (try sources.text(of: f)) + "\n"
        }
        return (text, all)
    }
}
