import Foundation
import PointerCore

@testable import PointerRendering

/// Renders every frame of a session into a crop around the pointer and checks
/// the four frame invariants (issue 9):
///
/// - (a) **content stays on top**: a highlighted or lifted control's content (a
///   lifted element's whole body), and an open menu's text, is never covered by
///   pointer material — during enter, exit and menu transitions too. Measured
///   against the same frame drawn without the pointer: a content pixel of
///   coverage `m` may change by at most what shows through it, `(1 − m)·255`,
///   plus `contentTolerance`.
/// - (b) **the circle contrasts**: wherever the plain circle is visible on top,
///   the mean colour inside it and the mean of the same pixels without it differ
///   by a WCAG contrast ratio of at least `minimumContrast`
///   (less `contrastTolerance` for the sampler's coarse estimate), and no pixel
///   along its edge goes beyond what its fill does there (no outline).
/// - (c) **hidden means no effect**: a hidden pointer leaves no region
///   highlighted, lifted or hovered (emphasis and effect scale at rest).
/// - (d) **no jumps in what does not move**: the colour of an involved control's
///   content (its mean over its own pixels, so it follows the content as it
///   scales; its opaque pixels only, and not in the frame a menu starts or stops
///   being drawn over it; a menu's text once it has faded in) changes by at most `contentStep` per frame; the circle's
///   material (its fill as seen over mid-grey) by at most `materialStep` plus what
///   its motion (`materialStepPerDiameter` per diameter travelled), press
///   feedback and the change of the backdrop under it (1:1) explain. A switch
///   between the dark and the light look is a cross-fade (D20, MaterialMemory):
///   the share of the light look moves at most at the fade's pace per frame,
///   and the material by at most `fadeStep` per unit of that share. While the
///   looks cross-fade, (b) is not asked of the circle: a fade from darker than
///   the backdrop to lighter passes through it.
final class FrameInvariantChecker {
    /// The material's documented minimum contrast (docs/engine.md, "Material").
    static let minimumContrast = 3.0
    static let contentTolerance: Float = 6
    static let contrastTolerance = 0.1
    static let outlineTolerance: Float = 6
    static let contentStep = 24.0 / 255
    static let materialStep = 0.03
    static let materialStepPerDiameter = 0.2
    static let materialStepPerScale = 2.0
    /// The most the seen material (over mid-grey) differs between the dark and the light look.
    static let fadeStep = 0.75

    struct Finding: CustomStringConvertible {
        var rule: String
        var time: Double
        var detail: String
        var description: String { "(\(rule)) t=\(String(format: "%.3f", time)): \(detail)" }
    }

    let name: String
    let scene: Scene
    let renderer: SceneRenderer
    let scale: Double
    private(set) var findings: [Finding] = []
    private(set) var counts: [String: Int] = [:]
    private(set) var frameCount = 0
    /// Frames of each rule that had something to check.
    private(set) var checked: [String: Int] = [:]

    private var previousContent: [String: RGBA] = [:]
    private var previousMenuOpen = false
    private var previousMaterial:
        (seen: Double, lightShare: Double, visible: VisiblePointer, under: RGBA, time: Double)?
    /// The frame being checked is drawn mid cross-fade.
    private var crossFading = false

    init(name: String, scene: Scene, scale: Double = 1) throws {
        self.name = name
        self.scene = scene
        self.scale = scale
        renderer = try SceneRenderer(scene: scene, scale: scale)
        if scene.canvas.size == nil { renderer.outputSize = Size(width: 1280, height: 800) }
    }

    /// Set INVARIANT_DUMP=DIR to keep the crops (with and without the pointer) of reported frames.
    private let dumpDirectory = ProcessInfo.processInfo.environment["INVARIANT_DUMP"]
    private var crops: (with: ImageSurface, without: ImageSurface)?

    private func note(_ rule: String, _ time: Double, _ detail: String) {
        counts[rule, default: 0] += 1
        guard findings.filter({ $0.rule == rule }).count < 3 else { return }
        findings.append(Finding(rule: rule, time: time, detail: detail))
        if let dir = dumpDirectory, let c = crops {
            let stem =
                dir + "/" + name.replacingOccurrences(of: " ", with: "_") + "-\(rule)-" + String(format: "%.3f", time)
            try? c.with.writePNG(path: stem + "-with.png")
            try? c.without.writePNG(path: stem + "-without.png")
        }
    }

    var summary: String {
        let parts = ["a", "b", "c", "d"].map { "(\($0)) \(counts[$0] ?? 0)/\(checked[$0] ?? 0)" }
        return "\(name): \(frameCount) frames; failing/checked frames " + parts.joined(separator: ", ")
    }

    // MARK: per frame

    func check(_ frame: PointerFrame) throws {
        frameCount += 1
        checkHidden(frame)
        let layout = renderer.layout
        let placements = renderer.planner.placementCache.placements(for: frame)
        let involved = involvedRegions(frame)

        // The crop: the pointer and what its material reads, the involved regions, the menu.
        var crop = renderer.planner.materialRing(frame)
        if let pb = renderer.pointerBounds(frame) { crop = crop.union(pb) }
        for i in involved { crop = crop.union(placements[i].bounds) }
        if let m = frame.menu { crop = crop.union(m.frame) }
        crop = crop.insetBy(dx: -2, dy: -2).intersection(renderer.canvasRect)
        let px = renderer.pixelRect(for: crop)
        guard px.width > 0, px.height > 0 else { return }
        let origin = Point(x: Double(px.x) / scale, y: Double(px.y) / scale)

        let with = try ImageSurface(width: px.width, height: px.height)
        try renderer.draw(frame: frame, into: with, origin: origin)
        crossFading = renderer.materialMemory.map { $0.light > 0 && $0.light < 1 } ?? false
        var bare = frame
        bare.hidden = true
        let without = try ImageSurface(width: px.width, height: px.height)
        try renderer.draw(frame: bare, into: without, origin: origin)
        crops = (with, without)
        let backdrop = renderer.backdropColor
        let a = try CropRaster(with, over: backdrop)
        let b = try CropRaster(without, over: backdrop)

        // Content masks: each involved region's content, and the menu's text.
        var masks: [(String, CropMask)] = []
        for i in involved where layout.regions[i].region.content != nil {
            let m = try contentMask(i, placements: placements, origin: origin, size: (px.width, px.height))
            if m.alpha.contains(where: { $0 > 0.02 }) { masks.append((layout.regions[i].id, m)) }
        }
        // The menu as drawn. While it scales and fades in or out (E26) its text is
        // not yet, or no longer, content the pointer must keep clear of: not checked.
        if let menu = frame.menuShown {
            // The menu lies over every region: their content under it is not theirs to keep.
            for k in masks.indices {
                let f = menu.frame
                let x0 = max(0, Int(((f.minX - origin.x) * scale).rounded()))
                let x1 = min(px.width, Int(((f.maxX - origin.x) * scale).rounded()))
                let y0 = max(0, Int(((f.minY - origin.y) * scale).rounded()))
                let y1 = min(px.height, Int(((f.maxY - origin.y) * scale).rounded()))
                if x1 > x0 && y1 > y0 {
                    for y in y0..<y1 { for x in x0..<x1 { masks[k].1.alpha[y * px.width + x] = 0 } }
                }
            }
            if menu.opacity >= 1 {
                let s = try ImageSurface(width: px.width, height: px.height)
                let ctx = try CairoContext(surface: s)
                ctx.setMatrix(AffineTransform.scaling(scale).concatenating(.translation(-origin.x, -origin.y)))
                MenuPainter(palette: renderer.palette).drawText(menu, color: renderer.palette.label, ctx: ctx)
                masks.append(("menu text", try CropMask(s)))
            }
        }

        let pointerShown = !frame.hidden && frame.visible.opacity > 0.001
        if pointerShown { checkCovered(frame, a, b, masks, origin: origin) }
        var covered = CropMask(empty: px.width, px.height)
        for (_, m) in masks { covered.formUnion(m) }
        let under = checkCircle(frame, a, b, covered: covered, origin: origin)
        // A menu over the controls changes what they show: not a jump, from its first
        // frame shown to its last.
        let menuShown = frame.menuShown != nil
        if menuShown != previousMenuOpen { previousContent = [:] }
        previousMenuOpen = menuShown
        checkContentSteps(frame, a, masks)
        try checkMaterialStep(
            frame, under: under, stage: renderer.drawnSampler(ctx: try CairoContext(surface: without), origin: origin))
    }

    /// Highlight and lift regions the pointer is in or leaving: the target, and
    /// those whose effect is still fading while the pointer has not yet turned
    /// back into the plain circle (after that the circle is on top by design).
    func involvedRegions(_ frame: PointerFrame) -> [Int] {
        let layout = renderer.layout
        var out: Set<Int> = []
        func snaps(_ i: Int) -> Bool {
            switch layout.regions[i].effect {
            case .highlight, .lift: return true
            default: return false
            }
        }
        if let id = frame.target, let i = layout.indexByID[id], snaps(i) { out.insert(i) }
        if !isRestingCircle(frame.visible) {
            for (id, s) in frame.regions where s.emphasis > 0.001 {
                if let i = layout.indexByID[id], snaps(i) { out.insert(i) }
            }
        }
        return out.sorted()
    }

    func isRestingCircle(_ v: VisiblePointer) -> Bool {
        let d = scene.pointer.diameter
        return v.kind == .circle && v.transition == nil && abs(v.frame.width - d) < 0.5 && abs(v.frame.height - d) < 0.5
    }

    private func contentMask(_ i: Int, placements: FramePlacements, origin: Point, size: (Int, Int)) throws -> CropMask
    {
        let layout = renderer.layout
        let r = layout.regions[i]
        let pl = placements[i]
        let s = try ImageSurface(width: size.0, height: size.1)
        let ctx = try CairoContext(surface: s)
        let base = AffineTransform.scaling(scale).concatenating(.translation(-origin.x, -origin.y))
        for c in pl.clippers {
            let cr = layout.regions[c]
            ctx.setMatrix(base.concatenating(placements[c].own))
            ctx.newPath()
            ctx.roundedRect(Rect(x: 0, y: 0, width: cr.frame.width, height: cr.frame.height), radius: cr.cornerRadius)
            ctx.clip()
        }
        ctx.setMatrix(base.concatenating(pl.own))
        ctx.pushGroup()
        // A lifted element's whole body stays over the pointer; a highlight's fill is under it.
        if case .lift = r.effect { renderer.content.drawFill(r, ctx: ctx) }
        renderer.content.drawContent(r, ctx: ctx)
        ctx.popGroupToSource()
        ctx.setMatrix(.identity)
        ctx.paint(alpha: min(max(pl.opacity, 0), 1))
        try ctx.checkStatus("content mask")
        return try CropMask(s)
    }

    // MARK: (a)

    private func checkCovered(
        _ frame: PointerFrame, _ a: CropRaster, _ b: CropRaster, _ masks: [(String, CropMask)],
        origin: Point
    ) {
        guard !masks.isEmpty else { return }
        checked["a", default: 0] += 1
        var worst: (excess: Float, what: String, diff: Float, cover: Float, at: Int) = (0, "", 0, 0, 0)
        for (what, m) in masks {
            for i in m.alpha.indices where m.alpha[i] > 0.02 {
                let allowed = (1 - m.alpha[i]) * 255 + Self.contentTolerance
                let d = a.difference(b, at: i)
                if d - allowed > worst.excess { worst = (d - allowed, what, d, m.alpha[i], i) }
            }
        }
        if worst.excess > 0 {
            let at = Point(
                x: origin.x + (Double(worst.at % a.width) + 0.5) / scale,
                y: origin.y + (Double(worst.at / a.width) + 0.5) / scale)
            note(
                "a", frame.time,
                "pointer material over \(worst.what)'s content at (\(Int(at.x)), \(Int(at.y))): a pixel of coverage "
                    + "\(String(format: "%.2f", worst.cover)) changed by \(Int(worst.diff))/255 "
                    + "(target \(frame.target ?? "none"), pointer \(frame.visible.kind.rawValue) "
                    + "\(Int(frame.visible.frame.width))×\(Int(frame.visible.frame.height)))")
        }
    }

    // MARK: (b)

    /// The plain circle, fully shown (not morphing, fading, pressed into something
    /// else, or still wearing the look of a control it has just left).
    func isPlainCircle(_ frame: PointerFrame) -> Bool {
        !frame.hidden && frame.visible.opacity >= 0.99 && isRestingCircle(frame.visible)
            && renderer.planner.pointerLayering(
                frame, placements: renderer.planner.placementCache.placements(for: frame)
            ).owner == nil
    }

    /// Returns the mean backdrop under the circle, when it was checked.
    @discardableResult
    private func checkCircle(_ frame: PointerFrame, _ a: CropRaster, _ b: CropRaster, covered: CropMask, origin: Point)
        -> RGBA?
    {
        guard isPlainCircle(frame), !crossFading else { return nil }
        let v = frame.visible
        let c = v.frame.center
        let r = v.frame.width / 2 * max(v.scale, 0) * scale
        let cx = (c.x - origin.x) * scale
        let cy = (c.y - origin.y) * scale
        var inner: [Int] = []
        var edge: [Int] = []
        for y in max(0, Int(cy - r - 2))..<min(a.height, Int(cy + r + 3)) {
            for x in max(0, Int(cx - r - 2))..<min(a.width, Int(cx + r + 3)) {
                let i = y * a.width + x
                guard covered.alpha[i] < 0.02 else { continue }
                let d =
                    ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy))
                    .squareRoot()
                if d <= r - 1.5 { inner.append(i) } else if d <= r + 1 { edge.append(i) }
            }
        }
        guard inner.count >= 12 else { return nil }
        checked["b", default: 0] += 1
        var sa = (0.0, 0.0, 0.0)
        var sb = (0.0, 0.0, 0.0)
        for i in inner {
            let ca = a.color(at: i)
            let cb = b.color(at: i)
            sa.0 += ca.r
            sa.1 += ca.g
            sa.2 += ca.b
            sb.0 += cb.r
            sb.1 += cb.g
            sb.2 += cb.b
        }
        let n = Double(inner.count)
        let fill = RGBA(r: sa.0 / n, g: sa.1 / n, b: sa.2 / n)
        let under = RGBA(r: sb.0 / n, g: sb.1 / n, b: sb.2 / n)
        let ratio = contrastRatio(fill, under)
        if ratio < Self.minimumContrast - Self.contrastTolerance {
            note(
                "b", frame.time,
                "circle at (\(Int(c.x)), \(Int(c.y))) contrasts \(String(format: "%.2f", ratio)):1 "
                    + "with what is under it (\(under.hex) → \(fill.hex)); minimum \(Self.minimumContrast):1")
            return under
        }
        // No outline, judged where the backdrop under the circle is near-uniform (an
        // outline is the material's, whatever the backdrop): an edge pixel changes at
        // most as much as a full-coverage fill
        // pixel over the same colour would, in the same direction. The fill's effect
        // u = A − B = β − α·B is fitted over the interior (ridge towards α = 0.5).
        var lo: [Float] = [255, 255, 255]
        var hi: [Float] = [0, 0, 0]
        for i in inner + edge {
            for ch in 0..<3 {
                lo[ch] = min(lo[ch], b.rgb[i * 3 + ch])
                hi[ch] = max(hi[ch], b.rgb[i * 3 + ch])
            }
        }
        guard (0..<3).allSatisfy({ hi[$0] - lo[$0] <= 24 }) else { return under }
        var sxx = 0.0
        var sx = 0.0
        var sxu = 0.0
        var su = 0.0
        var m = 0.0
        for i in inner {
            for ch in 0..<3 {
                let bv = Double(b.rgb[i * 3 + ch]) / 255
                let u = Double(a.rgb[i * 3 + ch] - b.rgb[i * 3 + ch]) / 255
                sxx += bv * bv
                sx += bv
                sxu += bv * u
                su += u
                m += 1
            }
        }
        // Minimise Σ(u − β + α·x)² + λ(α − 0.5)²: two linear equations in α, β.
        let lambda = 0.01 * m
        let a11 = sxx + lambda
        let a12 = -sx
        let b1 = -sxu + lambda * 0.5
        let a21 = -sx
        let a22 = m
        let b2 = su
        let det = a11 * a22 - a12 * a21
        guard abs(det) > 1e-9 else { return under }
        let alpha = (b1 * a22 - a12 * b2) / det
        let beta = (a11 * b2 - a21 * b1) / det
        var worst: (excess: Float, at: Int) = (0, -1)
        for i in edge {
            for ch in 0..<3 {
                let bv = Double(b.rgb[i * 3 + ch]) / 255
                let full = Float((beta - alpha * bv) * 255)
                let u = a.rgb[i * 3 + ch] - b.rgb[i * 3 + ch]
                // u should lie between 0 and `full`.
                let lo = min(0, full) - Self.outlineTolerance
                let hi = max(0, full) + Self.outlineTolerance
                let excess = max(lo - u, u - hi)
                if excess > worst.excess { worst = (excess, i) }
            }
        }
        if worst.excess > 0 {
            note(
                "b", frame.time,
                "circle at (\(Int(c.x)), \(Int(c.y))) has an outline: an edge pixel goes "
                    + "\(Int(worst.excess))/255 beyond its fill (\(b.color(at: worst.at).hex) → \(a.color(at: worst.at).hex))"
            )
        }
        return under
    }

    // MARK: (c)

    private func checkHidden(_ frame: PointerFrame) {
        guard frame.hidden else { return }
        checked["c", default: 0] += 1
        let layout = renderer.layout
        for (id, s) in frame.regions.sorted(by: { $0.key < $1.key }) {
            guard let i = layout.indexByID[id] else { continue }
            let r = layout.regions[i]
            guard r.region.zoom == nil, r.region.scroll == nil else { continue }
            let effect: Bool
            switch r.effect {
            case .highlight, .lift, .hover: effect = true
            case .none: effect = false
            }
            if effect && (s.emphasis > 0.01 || abs(s.scale - 1) > 0.002) {
                note(
                    "c", frame.time,
                    "pointer hidden but \(id) still shows its effect "
                        + "(emphasis \(String(format: "%.2f", s.emphasis)), scale \(String(format: "%.3f", s.scale)))")
                return
            }
        }
    }

    // MARK: (d)

    private func checkContentSteps(_ frame: PointerFrame, _ a: CropRaster, _ masks: [(String, CropMask)]) {
        var current: [String: RGBA] = [:]
        for (what, m) in masks {
            var s = (0.0, 0.0, 0.0)
            var w = 0.0
            // Opaque content pixels only: what shows through edges is (a)'s business.
            for i in m.alpha.indices where m.alpha[i] >= 0.95 {
                let c = a.color(at: i)
                let k = Double(m.alpha[i])
                s.0 += c.r * k
                s.1 += c.g * k
                s.2 += c.b * k
                w += k
            }
            guard w >= 4 else { continue }
            current[what] = RGBA(r: s.0 / w, g: s.1 / w, b: s.2 / w)
        }
        var any = false
        for (what, c) in current.sorted(by: { $0.key < $1.key }) {
            guard let p = previousContent[what] else { continue }
            any = true
            let step = max(abs(c.r - p.r), abs(c.g - p.g), abs(c.b - p.b))
            if step > Self.contentStep {
                note("d", frame.time, "\(what)'s content jumped from \(p.hex) to \(c.hex) in one frame")
            }
        }
        if any { checked["d", default: 0] += 1 }
        previousContent = current
    }

    private func checkMaterialStep(_ frame: PointerFrame, under: RGBA?, stage: @escaping (Rect) -> RGBA?) throws {
        guard isPlainCircle(frame), frame.menuShown == nil, case .top = renderer.planner.pointerSlot(frame), let under
        else {
            previousMaterial = nil
            return
        }
        // The material the renderer used for this frame (just drawn).
        let m = try renderer.material(for: frame, highlight: 0, drawn: stage)
        let seen = m.fill.r * m.fill.a + (1 - m.fill.a) * 0.5
        let v = frame.visible
        defer { previousMaterial = (seen, m.lightShare, v, under, frame.time) }
        guard let p = previousMaterial, frame.time - p.time < 0.05 else { return }
        let moved = p.visible.frame.center.distance(to: v.frame.center)
        // Press feedback animates the material with the pointer's scale.
        let pressing = abs(p.visible.scale - v.scale)
        let backdropStep = max(abs(under.r - p.under.r), abs(under.g - p.under.g), abs(under.b - p.under.b))
        // The cross-fade's pace: smoothstep's steepest slope is 1.5.
        let shareStep = abs(m.lightShare - p.lightShare)
        let fastestShareStep = 1.5 * (frame.time - p.time) / MaterialMemory.fade + 1e-9
        if shareStep > fastestShareStep {
            note(
                "d", frame.time,
                "the look switched in one frame: light share \(String(format: "%.2f", p.lightShare)) → "
                    + "\(String(format: "%.2f", m.lightShare)) (at most \(String(format: "%.2f", fastestShareStep)) per frame)"
            )
        }
        let allowed =
            Self.materialStep + Self.materialStepPerDiameter * moved / scene.pointer.diameter
            + Self.materialStepPerScale * pressing + backdropStep + Self.fadeStep * min(shareStep, fastestShareStep)
        let step = abs(seen - p.seen)
        if step > allowed {
            note(
                "d", frame.time,
                "circle's material jumped \(String(format: "%.3f", step)) (allowed "
                    + "\(String(format: "%.3f", allowed)) for \(String(format: "%.1f", moved)) pt of motion and a backdrop "
                    + "change of \(String(format: "%.3f", backdropStep)))")
        }
    }
}
