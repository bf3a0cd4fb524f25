import PointerCore

/// One draw call, as data: the operations in painting order, with every
/// parameter they use. `ScenePlanner.drawPlan` (ScenePlanner+DrawPlan.swift) is
/// the only walk over the scene; Cairo (SceneRenderer+Execute.swift) and GLES
/// (GLSceneRenderer+Execute.swift) each execute its ops, and the parity tests
/// check that both draw the same pixels.
///
/// Transforms map to device pixels of the target surface (its top-left pixel
/// is canvas point `origin`): `base` takes canvas pt there, a region's `local`
/// takes its own pt (0…w, 0…h) there.
package struct DrawPlan {
    /// The repainted device pixels of the target: x, y, width, height.
    package var pixelClip: (x: Int, y: Int, width: Int, height: Int)
    /// The clip in canvas pt (whole device pixels).
    package var clipRect: Rect
    /// What the clip is cleared to: the opaque canvas colour, else transparent.
    package var clearColor: RGBA
    /// Canvas pt → device pixels.
    package var base: AffineTransform
    /// The canvas point the target's top-left pixel shows.
    package var origin: Point
    package var ops: [DrawOp]
}

/// A rounded rect that clips a region: a scroll/zoom viewport around it.
package struct ClipShape: Equatable {
    /// Its own pt → device pixels.
    package var transform: AffineTransform
    package var size: Size
    package var radius: Double
}

/// The pointer's outline in canvas pt, as `PointerPainter.addPath` traces it.
package enum PointerOutline: Equatable {
    case roundedRect(Rect, radius: Double)
    /// Closed polygons (curves flattened), filled with the non-zero rule.
    case polygons([[Point]])
}

/// One fill of the pointer with its material (D20): one solid shape, no outline.
package struct PointerDraw {
    package var visible: VisiblePointer
    /// `visible` traced for the GPU (empty in a plan made without outlines: Cairo traces `visible` itself).
    package var outline: PointerOutline
    /// The extra opacity (lift fades the pointer out as the element rises); the
    /// drawn opacity is this times `visible.opacity`.
    package var opacity: Double
    package var material: MaterialInputs
    /// Draw with the material resolved for the previous pointer op, not from what
    /// is drawn now (the part of the pointer over an open menu's panel).
    package var reusesMaterial: Bool
}

package enum DrawOp {
    /// The canvas colour over the clip (when it is not opaque).
    case canvasColor(RGBA)
    /// The canvas image stretched over the canvas rect (canvas pt).
    case canvasImage(ImageSurface, canvas: Rect)
    /// A region starts: clipped by its viewport ancestors, drawn into a group
    /// composited at `opacity` when that is below 0.999. Index -1: no region (the
    /// pointer's part over an open menu, clipped to the menu).
    case beginRegion(index: Int, clip: [ClipShape], opacity: Double)
    case endRegion
    /// A lifted element's shadow and radiosity (C15), composited at `alpha`.
    case liftLayer(index: Int, local: AffineTransform, alpha: Double)
    /// A soft rounded-rect shadow below region `index` (hover with scale, C16).
    case shadow(index: Int, size: Size, radius: Double, local: AffineTransform, alpha: Double, offset: Point)
    case pointer(PointerDraw)
    /// A solid rounded rect (region fill, hover tint), in local pt.
    case fill(Rect, radius: Double, color: RGBA, local: AffineTransform)
    /// The region's image, symbol and label (Cairo's `drawContent`).
    case content(index: Int, local: AffineTransform)
    /// Lift's specular (C15): a radial white gradient (canvas pt), inside the rounded box.
    case specular(
        box: Rect, radius: Double, local: AffineTransform, center: Point, gradientRadius: Double, strength: Double)
    /// Highlight's light (C14): a radial white gradient (canvas pt), inside the pointer
    /// (`visible`, traced as `outline`), under the content; its strength lightens the
    /// platter just drawn (the last resolved material) by
    /// `ScenePlanner.highlightLightStep`, times `emphasis`.
    case highlightLight(
        PointerOutline, visible: VisiblePointer, center: Point, gradientRadius: Double, emphasis: Double)
    /// A region's layers that lie above the pointer, repainted over it (C14, C15):
    /// the ops up to `endRepaint` draw into a group limited to `bounds` (device
    /// px, whole pixels), which is then laid down through the viewport `clip` and
    /// the pointer's outline grown by a device pixel (`mask`), at `opacity`.
    case beginRepaint(bounds: Rect)
    case endRepaint(clip: [ClipShape], mask: PointerOutline, opacity: Double)
    /// The open context menu (E26): its panel (shadow, rows, separators), then,
    /// over the pointer (the row's highlight), its text. An opening or closing
    /// menu carries its scale and opacity.
    case menuPanel(ContextMenu)
    case menuText(ContextMenu)
}
