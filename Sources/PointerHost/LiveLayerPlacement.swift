import PointerCore

/// Where a layered canvas's live layer goes (LayeredCanvas).
public enum LiveLayerPlacement {
    /// The layer over `need` (canvas pt) on a canvas of `size`: the current one
    /// when it still covers it and is not far too big, else one with room
    /// around it, in whole `granule`s, inside the canvas.
    public static func placement(for need: Rect, current: Rect, canvas size: Size, margin: Double = 24, granule: Double = 32) -> Rect {
        let canvas = Rect(x: 0, y: 0, width: size.width.rounded(.down), height: size.height.rounded(.down))
        let x0 = max(need.minX, 0), y0 = max(need.minY, 0)
        let wanted = Rect(x: x0, y: y0, width: min(need.maxX, canvas.maxX) - x0, height: min(need.maxY, canvas.maxY) - y0)
        guard !wanted.isEmpty, !canvas.isEmpty else { return current }
        func roundedUp(_ v: Double) -> Double { max(granule, (v / granule).rounded(.up) * granule) }
        let width = min(canvas.width, roundedUp(wanted.width + 2 * margin))
        let height = min(canvas.height, roundedUp(wanted.height + 2 * margin))
        let fits = current.minX <= wanted.minX && current.minY <= wanted.minY
            && current.maxX >= wanted.maxX && current.maxY >= wanted.maxY
        let farTooBig = current.width * current.height > 4 * width * height
        if fits && !farTooBig { return current }
        let x = min(max(0, (wanted.midX - width / 2).rounded(.down)), canvas.width - width)
        let y = min(max(0, (wanted.midY - height / 2).rounded(.down)), canvas.height - height)
        return Rect(x: x, y: y, width: width, height: height)
    }
}
