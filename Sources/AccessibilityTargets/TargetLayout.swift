import PointerCore

/// Turns a snapshot of the accessibility tree into the regions of one
/// monitor's canvas. Pure, so every rule is tested without a bus:
/// - each AT-SPI window is matched to the X window that shows it, which also
///   tells the toolkit's scale (logical extents under GDK_SCALE or Xft.dpi
///   scaling are converted to pixels);
/// - minimised windows, elements outside their window, and elements whose
///   centre another window covers (X stacking order) are left out;
/// - controls get the automatic effect that works over a live application
///   (highlight for small ones, an overlay hover for large ones: lift would
///   need to redraw the application's pixels); text gets the I-beam snapped
///   to its lines.
public enum TargetLayout {
    /// Scales a toolkit may report logical coordinates at.
    static let candidateScales: [Double] = [1, 1.25, 1.5, 1.75, 2, 2.5, 3]
    /// Up to this size (pt) a control gets highlight (the pointer becomes its
    /// platter); larger ones (a list row across a window) hover.
    static let highlightLimit = Size(width: 240, height: 64)

    public struct Monitor: Sendable, Equatable {
        /// Root pixels.
        public var frame: Rect
        /// Pixels per point on this monitor (the overlay's scale).
        public var scale: Double
        public init(frame: Rect, scale: Double) {
            self.frame = frame
            self.scale = scale
        }
    }

    /// Which X window shows each AT-SPI window, and at what scale: the
    /// smallest stacked window containing the scaled frame (a window
    /// manager's frame adds decorations around the client). nil: unmatched.
    public static func match(_ windows: [AccessibleWindow], stack: [ScreenWindow]) -> [(
        stackIndex: Int, scale: Double
    )?] {
        windows.map { w in
            var best: (stackIndex: Int, scale: Double, slack: Double)?
            for s in candidateScales {
                let r = scaled(w.frame, s)
                for (i, x) in stack.enumerated() where contains(x.frame, r, tolerance: 2) {
                    let slack = x.frame.width * x.frame.height - r.width * r.height
                    if best == nil || slack < best!.slack - 0.5
                        || (abs(slack - best!.slack) <= 0.5 && i > best!.stackIndex)
                    {
                        best = (i, s, slack)
                    }
                }
            }
            return best.map { ($0.stackIndex, $0.scale) }
        }
    }

    /// The regions on `monitor` (canvas pt, the monitor's top-left at 0,0).
    public static func regions(for snapshot: AccessibilitySnapshot, stack: [ScreenWindow], monitor: Monitor) -> [Region]
    {
        let matches = match(snapshot.windows, stack: stack)
        var out: [Region] = []
        for e in snapshot.elements {
            guard snapshot.windows.indices.contains(e.window), !snapshot.windows[e.window].minimised else { continue }
            // Without a matching X window (no stacking information) take the frame as reported.
            let (level, scale) = matches[e.window] ?? (nil, 1)
            let windowFrame = scaled(snapshot.windows[e.window].frame, scale)
            guard let px = intersection(scaled(e.frame, scale), windowFrame) else { continue }
            if let level, stack[(level + 1)...].contains(where: { $0.frame.contains(px.center) }) { continue }
            guard monitor.frame.contains(px.center) else { continue }
            let pt = Rect(
                x: (px.minX - monitor.frame.minX) / monitor.scale, y: (px.minY - monitor.frame.minY) / monitor.scale,
                width: px.width / monitor.scale, height: px.height / monitor.scale)
            guard pt.width >= 2, pt.height >= 2 else { continue }
            out.append(region(e, frame: pt, toPoints: { ($0 * scale - monitor.frame.minY) / monitor.scale }))
        }
        return out
    }

    static func region(_ e: AccessibleElement, frame: Rect, toPoints y: (Double) -> Double) -> Region {
        let id = "a11y." + e.id
        switch e.kind {
        case .control:
            let small = frame.width <= highlightLimit.width && frame.height <= highlightLimit.height
            let effect: EffectSpec = small ? .highlight : .hover(HoverStyle())
            return Region(
                id: id, frame: frame, cornerRadius: .points(min(8, frame.height / 2)), effect: effect, group: e.group)
        case .text(let singleLine, let top, let height):
            // Line geometry from the Text interface, relative to the element (pt).
            let line: (top: Double, height: Double)? = {
                guard let top, let height, height > 2 else { return nil }
                return (y(top) - frame.minY, y(top + height) - y(top))
            }()
            let lineHeight = min(line?.height ?? min(frame.height, 20), frame.height)
            let lineTop = min(max(0, line?.top ?? (frame.height - lineHeight) / 2), frame.height - lineHeight)
            let beam = ShapeSpec.verticalBeam(length: lineHeight)
            if singleLine {
                // The region is the line itself; the rest of the field is hit area,
                // so the beam is held on the line wherever the field is entered (A3).
                let band = Rect(x: frame.minX, y: frame.minY + lineTop, width: frame.width, height: lineHeight)
                return Region(
                    id: id, frame: band, shape: beam, constrainedAxes: [.vertical],
                    hitPadding: EdgeInsets(top: lineTop, right: 0, bottom: frame.height - lineTop - lineHeight, left: 0)
                )
            }
            var origin = lineTop.truncatingRemainder(dividingBy: lineHeight)
            if origin < 0 { origin += lineHeight }
            return Region(
                id: id, frame: frame, shape: beam, snap: SnapGrid(y: lineHeight, origin: Point(x: 0, y: origin)),
                hitPadding: EdgeInsets(top: 0, right: 0, bottom: 0, left: 0))
        }
    }

    /// The scene for `monitor`: the pointer alone plus the targets.
    public static func scene(
        _ snapshot: AccessibilitySnapshot, stack: [ScreenWindow], monitor: Monitor,
        base: Scene
    ) -> Scene {
        var scene = base
        scene.regions = base.regions + regions(for: snapshot, stack: stack, monitor: monitor)
        return scene
    }

    static func scaled(_ r: Rect, _ s: Double) -> Rect {
        Rect(x: r.minX * s, y: r.minY * s, width: r.width * s, height: r.height * s)
    }

    static func contains(_ outer: Rect, _ inner: Rect, tolerance t: Double) -> Bool {
        inner.minX >= outer.minX - t && inner.minY >= outer.minY - t && inner.maxX <= outer.maxX + t
            && inner.maxY <= outer.maxY + t
    }

    static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let x0 = max(a.minX, b.minX)
        let y0 = max(a.minY, b.minY)
        let x1 = min(a.maxX, b.maxX)
        let y1 = min(a.maxY, b.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
