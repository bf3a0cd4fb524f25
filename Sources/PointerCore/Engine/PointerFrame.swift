/// Everything a renderer needs to draw one moment: the engine's output for `frame(at:)`.
/// `replay` serializes these (docs/trace-format.md "Frame dumps").
public struct PointerFrame: Sendable, Equatable {
    public var time: Double
    /// The model pointer: follows the input exactly (canvas pt).
    public var pointer: Point
    /// What is drawn.
    public var visible: VisiblePointer
    /// Region the pointer is snapped to or hovering.
    public var target: String?
    /// The target's resolved effect.
    public var effect: PointerEffect?
    public var pressed: Bool
    /// Fully faded out (auto-hide or left the overlay).
    public var hidden: Bool
    /// The open context menu. Setting it (a host hiding the menu from a layer)
    /// sets `menuShown` to match.
    public var menu: ContextMenu? { didSet { menuShown = menu } }
    /// Extension (E26), never dumped: the menu as drawn. The open one, or one
    /// still closing; while it opens or closes, its frame is scaled about where
    /// it opened and its `opacity` is below 1. Renderers draw this, not `menu`.
    public var menuShown: ContextMenu?
    /// Only regions whose drawn state differs from rest.
    public var regions: [String: RegionState]
    /// Modifier keys held.
    public var modifiers: Set<ModifierKey>
    /// Extension (E28): the primary button is down and the pointer has moved
    /// past the drag slop; the target stays the pressed region until release.
    public var dragging: Bool
    /// Extension, set by hosts only (never by the engine, never dumped): where
    /// the specular light of lifted regions other than the target is, when a
    /// frame shows them as an earlier frame drew them (nil: at `pointer`).
    public var heldLight: Point?

    public init(
        time: Double, pointer: Point, visible: VisiblePointer, target: String? = nil,
        effect: PointerEffect? = nil, pressed: Bool = false, hidden: Bool = false,
        menu: ContextMenu? = nil, regions: [String: RegionState] = [:],
        modifiers: Set<ModifierKey> = [], dragging: Bool = false, heldLight: Point? = nil
    ) {
        self.menuShown = menu
        self.time = time
        self.pointer = pointer
        self.visible = visible
        self.target = target
        self.effect = effect
        self.pressed = pressed
        self.hidden = hidden
        self.menu = menu
        self.regions = regions
        self.modifiers = modifiers
        self.dragging = dragging
        self.heldLight = heldLight
    }

    /// Where the specular light of lifted region `id` is: the model pointer on
    /// the target, the held light (if any) on the others.
    public func light(for id: String) -> Point {
        id == target ? pointer : heldLight ?? pointer
    }
}

/// The drawn pointer after morph, parallax, press and fade.
public struct VisiblePointer: Sendable, Equatable {
    public var kind: ShapeKind
    /// Built-in or custom shape name, when there is one.
    public var name: String?
    /// Bounding box in canvas pt (animated; includes parallax).
    public var frame: Rect
    /// For rounded shapes (circle: half the diameter).
    public var cornerRadius: Double
    public var opacity: Double
    /// Press feedback: < 1 while pressed.
    public var scale: Double
    /// The shape being morphed towards, as geometry; drawn scaled into `frame`.
    public var geometry: ShapeGeometry
    /// Set while a morph involving a path is under way.
    public var transition: ShapeTransition?

    public init(
        kind: ShapeKind, name: String? = nil, frame: Rect, cornerRadius: Double,
        opacity: Double = 1, scale: Double = 1, geometry: ShapeGeometry,
        transition: ShapeTransition? = nil
    ) {
        self.kind = kind
        self.name = name
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.opacity = opacity
        self.scale = scale
        self.geometry = geometry
        self.transition = transition
    }
}

public enum ShapeKind: String, Sendable, Equatable, CaseIterable {
    case circle, roundedRect, verticalBeam, horizontalBeam, path
}

/// Resolved shape geometry, independent of position.
public enum ShapeGeometry: Sendable, Equatable {
    /// Circles and beams are rounded rects too.
    case roundedRect(size: Size, cornerRadius: Double)
    case path(PathShape)
}

/// A morph from one geometry to the current one, `progress` 0 → 1.
public struct ShapeTransition: Sendable, Equatable {
    public var from: ShapeGeometry
    public var fromKind: ShapeKind
    public var progress: Double

    public init(from: ShapeGeometry, fromKind: ShapeKind, progress: Double) {
        self.from = from
        self.fromKind = fromKind
        self.progress = progress
    }
}

/// A region's drawn state where it differs from rest. Transform: a child point `c`
/// (region coordinates) is drawn at `frame.origin + offset + rotate(rotation) · (scale · c)`.
/// The same transform applies to the region's own content (its fill, symbol,
/// label), so an effect that scales a region about its centre (lift, highlight
/// content, hover) reports `offset = (1 − scale)·size/2 + parallax`.
public struct RegionState: Sendable, Equatable {
    public var offset: Point
    public var scale: Double
    /// Degrees, clockwise on screen.
    public var rotation: Double
    public var opacity: Double
    /// Effect progress 0 (rest) → 1 (fully highlighted / lifted / hovered): fades
    /// shadows, specular and tint in and out.
    public var emphasis: Double

    public init(
        offset: Point = .zero, scale: Double = 1, rotation: Double = 0,
        opacity: Double = 1, emphasis: Double = 0
    ) {
        self.offset = offset
        self.scale = scale
        self.rotation = rotation
        self.opacity = opacity
        self.emphasis = emphasis
    }

    public static let rest = RegionState()
}

public struct ContextMenu: Sendable, Equatable {
    public var region: String
    public var items: [String]
    /// Canvas pt.
    public var frame: Rect
    /// 1 once open; below 1 while it fades in or out (`PointerFrame.menuShown`).
    public var opacity: Double
    /// 1 once open; below 1 while it opens or closes, drawn scaled by this about
    /// `scaleAnchor` (the pointer where it opened). `frame` stays the open menu's.
    public var scale: Double
    public var scaleAnchor: Point

    public init(
        region: String, items: [String], frame: Rect, opacity: Double = 1, scale: Double = 1, scaleAnchor: Point = .zero
    ) {
        self.region = region
        self.items = items
        self.frame = frame
        self.opacity = opacity
        self.scale = scale
        self.scaleAnchor = scaleAnchor
    }

    /// Where it is drawn: `frame` scaled about `scaleAnchor`.
    public var drawnFrame: Rect {
        guard scale != 1 else { return frame }
        let a = scaleAnchor
        return Rect(
            x: a.x + (frame.minX - a.x) * scale, y: a.y + (frame.minY - a.y) * scale,
            width: frame.width * scale, height: frame.height * scale)
    }

    /// The open menu, as it looks once it has opened.
    public var settled: ContextMenu { ContextMenu(region: region, items: items, frame: frame) }

    /// The rows in canvas pt: `ContextMenuLayout` stacks them inside the padding.
    public var rows: [Rect] {
        let n = Swift.max(items.count, 1)
        let padding =
            frame.height >= Double(n) * ContextMenuLayout.rowHeight + 2 * ContextMenuLayout.verticalPadding
            ? (frame.height - Double(n) * ContextMenuLayout.rowHeight) / 2 : 0
        let h = (frame.height - 2 * padding) / Double(n)
        return items.indices.map {
            Rect(x: frame.minX, y: frame.minY + padding + Double($0) * h, width: frame.width, height: h)
        }
    }
}
