/// A layered canvas's parts (docs/wayland-backend.md): the still stage in the
/// surface itself, and above it subsurfaces for the pointer with what moves
/// and for the banner.
struct SplitStage {
    /// The pointer with what moves (LiveLayerPlacement.layerCount layers).
    var lives: [SubsurfaceLayer] = []
    var banner: SubsurfaceLayer?
    /// Whether the still stage drawn last is opaque everywhere (nil: none drawn yet).
    var stillOpaque: Bool?
    var drawingStill: ShmBuffer?
    /// The still stage attached to the surface, committed with the next frame.
    var pendingStill: ShmBuffer?
    /// The still stage on screen (gone when the compositor gave it back and it was freed).
    var shownStill: CommittedPixels?
    /// The live layers' buffers on screen when this frame's layers were placed.
    var shownLayers: [CommittedPixels] = []
}
