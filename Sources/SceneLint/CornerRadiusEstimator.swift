import PointerCore
import SceneFormat

/// Estimates the corner radius of the shape drawn in (part of) an image, so the linter
/// can compare a region's `cornerRadius` with what the designer actually drew.
///
/// Method: the shape must reach the middle of all four edges of the rectangle examined
/// (otherwise it is inset or not a bezel, and nothing is claimed). From each corner, walk
/// the diagonal inward to the first pixel that belongs to the shape; a rounded corner of
/// radius r leaves r·(1 − 1/√2) pixels of background along each axis, so
/// r = steps / (1 − 1/√2). The four corners must agree within 2 px.
public enum CornerRadiusEstimator {
    /// How pixels are told apart from the background.
    public enum Mode: Sendable {
        /// Opaque (alpha ≥ 50%) = shape: a content image with transparent corners.
        case alpha
        /// Closer in colour to the shape (sampled just inside the middle of the top edge)
        /// than to the corner's colour: a region drawn over a mockup (canvas image).
        case colour
    }

    /// Radius in pixels of the image, nil when no rounded shape fills the rectangle.
    /// `rect` is in pixels: x, y, width, height (clamped to the image).
    public static func estimate(
        _ image: RasterImage, x: Int = 0, y: Int = 0, width: Int? = nil,
        height: Int? = nil, mode: Mode
    ) -> Double? {
        let x0 = max(x, 0)
        let y0 = max(y, 0)
        let x1 = min(x + (width ?? image.width), image.width)
        let y1 = min(y + (height ?? image.height), image.height)
        let w = x1 - x0
        let h = y1 - y0
        guard w >= 8, h >= 8 else { return nil }

        let isShape: (Int, Int) -> Bool
        switch mode {
        case .alpha:
            isShape = { px, py in image.pixel(px, py).a >= 128 }
        case .colour:
            let inset = min(3, h / 4)
            let shape = image.pixel(x0 + w / 2, y0 + inset)
            let corner = image.pixel(x0, y0)
            func dist(_ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ b: (r: UInt8, g: UInt8, b: UInt8, a: UInt8))
                -> Int
            {
                abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
            }
            // No contrast between the bezel and the background: nothing to measure.
            guard dist(shape, corner) >= 48 else { return nil }
            isShape = { px, py in
                let p = image.pixel(px, py)
                return dist(p, shape) < dist(p, corner)
            }
        }

        // The shape must touch the middle of every edge (allowing a 1 px antialiased rim).
        let edgeMids = [(x0 + w / 2, y0 + 1), (x0 + w / 2, y1 - 2), (x0 + 1, y0 + h / 2), (x1 - 2, y0 + h / 2)]
        guard edgeMids.allSatisfy({ isShape($0.0, $0.1) }) else { return nil }

        let limit = min(w, h) / 2
        let corners = [(x0, y0, 1, 1), (x1 - 1, y0, -1, 1), (x0, y1 - 1, 1, -1), (x1 - 1, y1 - 1, -1, -1)]
        var radii: [Double] = []
        for (cx, cy, sx, sy) in corners {
            var steps = 0
            while steps < limit && !isShape(cx + sx * steps, cy + sy * steps) { steps += 1 }
            radii.append(Double(steps) / (1 - 1 / 2.0.squareRoot()))
        }
        guard let lo = radii.min(), let hi = radii.max(), hi - lo <= 2 / (1 - 1 / 2.0.squareRoot()) + 0.01 else {
            return nil
        }
        return min(radii.reduce(0, +) / 4, Double(min(w, h)) / 2)
    }
}
