/// A loaded scene (docs/scene-format.md, version 1): canvas, pointer tuning, the region
/// tree and modifier rules. Values here are as written; `SceneLayout` resolves them.
public struct Scene: Sendable, Equatable {
    public var version: Int
    public var name: String
    public var appearance: Appearance
    public var canvas: Canvas
    public var pointer: PointerSettings
    public var regions: [Region]
    public var modifiers: [ModifierRule]
    /// Absolute path of the file this scene was loaded from, when it came from a file.
    public var sourcePath: String?

    public init(
        version: Int = 1, name: String = "Untitled", appearance: Appearance = .light,
        canvas: Canvas = Canvas(), pointer: PointerSettings = PointerSettings(),
        regions: [Region] = [], modifiers: [ModifierRule] = [], sourcePath: String? = nil
    ) {
        self.version = version
        self.name = name
        self.appearance = appearance
        self.canvas = canvas
        self.pointer = pointer
        self.regions = regions
        self.modifiers = modifiers
        self.sourcePath = sourcePath
    }
}

public enum Appearance: String, Sendable, Equatable, CaseIterable {
    case light, dark
}

public struct Canvas: Sendable, Equatable {
    /// nil = output-sized.
    public var size: Size?
    /// nil and no image = transparent: the desktop shows through.
    public var color: RGBA?
    /// Absolute path of the PNG drawn under everything (resolved against the scene file).
    public var image: String?

    public init(size: Size? = nil, color: RGBA? = nil, image: String? = nil) {
        self.size = size
        self.color = color
        self.image = image
    }
}

public struct PointerSettings: Sendable, Equatable {
    public var diameter: Double
    /// Seconds of stillness before the pointer fades; 0 = never.
    public var autoHideDelay: Double
    public var inertia: Bool
    /// Magnetism scan radius in pt; 0 = off.
    public var magnetismRadius: Double
    /// Seconds without motion taken as a lifted finger when the device does not say so.
    public var liftDelay: Double

    public init(
        diameter: Double = 19, autoHideDelay: Double = 1.5, inertia: Bool = true,
        magnetismRadius: Double = 160, liftDelay: Double = 0.05
    ) {
        self.diameter = diameter
        self.autoHideDelay = autoHideDelay
        self.inertia = inertia
        self.magnetismRadius = magnetismRadius
        self.liftDelay = liftDelay
    }
}

public struct ModifierRule: Sendable, Equatable {
    public var keys: Set<ModifierKey>
    public var shape: ShapeSpec
    /// nil = everywhere.
    public var regions: [String]?

    public init(keys: Set<ModifierKey>, shape: ShapeSpec, regions: [String]? = nil) {
        self.keys = keys
        self.shape = shape
        self.regions = regions
    }
}

public enum ModifierKey: String, Sendable, Hashable, CaseIterable, Comparable {
    case shift, ctrl, alt, `super`

    public static func < (a: ModifierKey, b: ModifierKey) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
