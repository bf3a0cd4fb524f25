/// One layout region as written in the scene (frame in the parent's coordinates).
public struct Region: Sendable, Equatable {
    public var id: String
    /// In the parent's coordinates (top level: canvas).
    public var frame: Rect
    public var cornerRadius: CornerRadius
    /// nil = not written: `automatic` when the region has no `shape`, else none.
    public var effect: EffectSpec?
    public var shape: ShapeSpec?
    public var constrainedAxes: Set<Axis>
    public var snap: SnapGrid?
    /// nil = not written: 12 pt with a background (`content.fill`), else 24 pt.
    public var hitPadding: EdgeInsets?
    public var group: String?
    public var selected: Bool
    public var content: RegionContent?
    public var menu: [String]?
    public var scroll: ScrollSpec?
    public var zoom: ZoomSpec?
    public var reveal: Reveal?
    /// Ids faded out while the pointer is in this region, each once (in the order
    /// first listed): a scene may list one id a million times.
    public var hides: [String]
    /// How often the scene listed an id of `hides`, for ids listed more than once
    /// (lint names the count).
    public var hidesListed: [String: Int] = [:]
    public var regions: [Region]
    /// Where the region's object starts in the scene file, for diagnostics.
    public var location: SourceLocation?

    public init(
        id: String, frame: Rect, cornerRadius: CornerRadius = .points(8),
        effect: EffectSpec? = nil, shape: ShapeSpec? = nil, constrainedAxes: Set<Axis> = [],
        snap: SnapGrid? = nil, hitPadding: EdgeInsets? = nil, group: String? = nil,
        selected: Bool = false, content: RegionContent? = nil, menu: [String]? = nil,
        scroll: ScrollSpec? = nil, zoom: ZoomSpec? = nil, reveal: Reveal? = nil,
        hides: [String] = [], regions: [Region] = [], location: SourceLocation? = nil
    ) {
        self.id = id
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.effect = effect
        self.shape = shape
        self.constrainedAxes = constrainedAxes
        self.snap = snap
        self.hitPadding = hitPadding
        self.group = group
        self.selected = selected
        self.content = content
        self.menu = menu
        self.scroll = scroll
        self.zoom = zoom
        self.reveal = reveal
        self.hides = hides
        self.regions = regions
        self.location = location
    }

    /// A region "has a background" (a bezel) when its content has a fill.
    public var hasBackground: Bool { content?.fill != nil }
}

public enum CornerRadius: Sendable, Equatable {
    case points(Double)
    /// Half the shorter side.
    case capsule

    public func resolved(for size: Size) -> Double {
        switch self {
        case .points(let r): return Swift.min(r, Swift.min(size.width, size.height) / 2)
        case .capsule: return Swift.min(size.width, size.height) / 2
        }
    }
}

public enum Axis: String, Sendable, Hashable, CaseIterable {
    case horizontal, vertical
}

/// Adaptive-precision grid: the visible pointer snaps to cell centres on each given axis.
public struct SnapGrid: Sendable, Equatable {
    public var x: Double?
    public var y: Double?
    /// In the region's own coordinates; default (0, 0) = the region's top-left.
    public var origin: Point
    /// What the pointer rests on: cell centres (text lines, A3) or the grid lines
    /// at the start of each cell (calendar slots, A4). Scene key `"to"`.
    public var to: SnapTarget

    public init(x: Double? = nil, y: Double? = nil, origin: Point = .zero, to: SnapTarget = .centers) {
        self.x = x
        self.y = y
        self.origin = origin
        self.to = to
    }
}

/// `snap.to`: `"centers"` (default) or `"lines"`.
public enum SnapTarget: String, Sendable, Equatable, CaseIterable {
    /// The centre of the cell under the pointer (a line of text).
    case centers
    /// The grid line where the cell under the pointer starts (a 15-minute slot's start).
    case lines
}

public struct RegionContent: Sendable, Equatable {
    public var fill: RGBA?
    /// Absolute path of a PNG (resolved against the scene file).
    public var image: String?
    public var symbol: String?
    public var label: String?
    /// Glyph and label colour.
    public var color: RGBA?

    public init(
        fill: RGBA? = nil, image: String? = nil, symbol: String? = nil,
        label: String? = nil, color: RGBA? = nil
    ) {
        self.fill = fill
        self.image = image
        self.symbol = symbol
        self.label = label
        self.color = color
    }
}

public struct ScrollSpec: Sendable, Equatable {
    public var contentSize: Size
    public init(contentSize: Size) { self.contentSize = contentSize }
}

public struct ZoomSpec: Sendable, Equatable {
    public var min: Double
    public var max: Double
    public var rotate: Bool

    public init(min: Double = 0.5, max: Double = 4, rotate: Bool = false) {
        self.min = min
        self.max = max
        self.rotate = rotate
    }
}

public enum Reveal: String, Sendable, Equatable {
    case hover
}
