/// The one limits policy (docs/limits.md): how large a scene, an image, a trace and
/// what the tool makes from them may be. The scene loader and trace reader enforce it,
/// so every command (`validate`, `lint`, `render`, `replay`, `run`) agrees on what is
/// valid, and a scene that loads can never make any of them trap, hang or run out of
/// memory. Each limit is far beyond a real scene and small enough to keep the work
/// per frame, per lint and per render bounded.
public enum SceneLimits {
    // MARK: files

    /// Largest scene file read (bytes). A 20 000-region scene is about 3 MB.
    public static let sceneFileBytes = 32 << 20
    /// Largest trace file read (bytes): about 10 million events.
    public static let traceFileBytes = 1 << 30
    /// Largest autostart entry read (bytes); ours is under 1 KB.
    public static let autostartEntryBytes = 64 << 10
    /// Longest trace line (bytes); a real event line is under 200.
    public static let traceLineBytes = 64 << 10

    // MARK: scene

    /// Any number in a scene (pt, seconds, scale factors), in magnitude.
    public static let number = 1e9
    /// Each side of `canvas.size` (pt).
    public static let canvasSide = 16384.0
    /// `canvas.size` width × height (pt²): an 8K display (7680 × 4320) fits.
    public static let canvasArea = 33_554_432.0
    /// Every edge of every region's frame, in canvas coordinates (parents' origins
    /// added), and every side of `scroll.contentSize` (pt), in magnitude.
    public static let frameExtent = 1_000_000.0
    /// Regions in a scene, nested ones included.
    public static let regions = 20_000
    /// Items of one region's `menu`: a context menu shows a few dozen; a million
    /// made `replay` take over 40 s (issue 39).
    public static let menuItems = 1_000
    /// Characters of one menu item title: a title is a few words.
    public static let menuTitleCharacters = 1_000
    /// Modifier rules of a scene (`modifiers`): one per key combination.
    public static let modifierRules = 1_000
    /// Region ids one modifier rule lists (`modifiers[].regions`): a scene has no more regions.
    public static let ruleRegions = regions
    /// Segments of one custom path shape, after arcs are split into ≤ 90° cubics
    /// (so an arc counts up to 4).
    public static let pathSegments = 4096
    /// Segments of all custom path shapes of a scene together (lint rasterises each).
    public static let scenePathSegments = 65_536
    /// Any coordinate or radius in path data, and each side of a pointer shape's
    /// `size` (pt), in magnitude. A pointer is a few dozen pt.
    public static let shapeExtent = 10_000.0
    /// Smallest side of a pointer shape's `size`, beam `length` and `pointer.diameter`
    /// (pt): a shape is scaled to its size, and 1e-306 made Cairo fail.
    public static let shapeMinimum = 0.01
    /// Pixels (width × height) of each image a scene names (`canvas.image`,
    /// `content.image`), read from the PNG header before anything is decoded.
    public static let imagePixels = 33_554_432
    /// Each side of an image (Cairo's limit).
    public static let imageSide = 32767
    /// Largest image file read (bytes), checked with stat before reading: a PNG of
    /// the largest allowed size compresses far below it.
    public static let imageFileBytes = 64 << 20
    /// Smallest snap grid step (`snap.x`, `snap.y`, pt): the engine divides by it, and
    /// a step of 1e-306 made the pointer NaN for the rest of the session.
    public static let snapStepMinimum = 0.01
    /// Scale factors (`zoom.min`, `zoom.max`, a hover `scale`): 1 % to 100 ×. A tiny
    /// scale made Cairo fail ("invalid matrix"); a huge zoom put region offsets
    /// past the ±1e9 number limit.
    public static let scaleFactors = 0.01...100.0
    /// How far a pinch may move a zoomed region's children (pt, each axis): far past
    /// anything visible, and ten times inside the ±1e9 number limit.
    public static let zoomOffset = 1e8

    // MARK: traces and what is made from them

    /// Events in one trace.
    public static let traceEvents = 10_000_000
    /// Largest event time `t` (s): a day.
    public static let traceTime = 86_400.0
    /// Frames `replay` writes (trace span plus settle time, times --fps).
    public static let replayFrames = 5_000_000
    /// Frames `render` writes as PNGs (use `--at` for moments of a longer trace).
    public static let renderFrames = 10_000
    /// Device pixels of one rendered image (`render`, at --scale): 64 Mpx, 256 MB.
    public static let renderPixels = 67_108_864

    // MARK: lint output

    /// Findings of one rule printed per scene; the rest are summed up in one line.
    public static let lintFindingsPerRule = 100

    /// `32 MB`, `64 KB`: a byte count as people read it.
    public static func bytes(_ n: Int) -> String {
        if n >= 1 << 30 && n % (1 << 30) == 0 { return "\(n >> 30) GB" }
        if n >= 1 << 20 && n % (1 << 20) == 0 { return "\(n >> 20) MB" }
        if n >= 1 << 10 && n % (1 << 10) == 0 { return "\(n >> 10) KB" }
        return "\(n) bytes"
    }

    /// `33554432` → `33 554 432`: large limits readable in messages.
    public static func grouped(_ n: Int) -> String {
        let digits = Array(String(n.magnitude))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(" ") }
            out.append(d)
        }
        return n < 0 ? "-" + out : out
    }

    /// A value past `limit` as written in "… is beyond the limit" messages: rounded
    /// like `rounded` writes it, unless that reads as the limit itself (86400.0004
    /// is not "86400 … beyond the 86400 s limit"), then every digit it has.
    public static func past(_ value: Double, limit: Double, rounded: (Double) -> String) -> String {
        let short = rounded(value)
        return short == points(limit) || short == rounded(limit) ? "\(value)" : short
    }

    /// A limit in pt as written in messages: `16384`, `1000000`.
    package static func points(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}
