import Foundation
import PointerCore
import Testing

@testable import GLRenderer
@testable import PointerRendering

/// docs/images/gpu-parity.png: for every bundled scene, the key moment where
/// GL and Cairo differ most around the pointer (among those where the pointer
/// is on a target or a menu is open, when there are any), side by side — Cairo, GL,
/// and their difference (×8; red beyond 12/255). Written when
/// AP_PARITY_SHEET names the file (scripts/make-doc-images.sh sets it).
@Suite("GL parity contact sheet", .enabled(if: ProcessInfo.processInfo.environment["AP_PARITY_SHEET"] != nil))
struct ParitySheetTests {
    @Test("writes the Cairo | GL | difference sheet of every scene's hardest key moment")
    func writeSheet() throws {
        let path = try #require(ProcessInfo.processInfo.environment["AP_PARITY_SHEET"])
        let context = try GLTestSupport.context()
        let scale = 1.0
        var rows:
            [(name: String, cell: SheetPlan.Cell, time: Double, a: ImageSurface, b: ImageSurface, c: PixelComparison)] =
                []
        for name in GLTestSupport.sceneNames {
            let played = try GLTestSupport.play(name)
            let (cairo, gl) = try GLTestSupport.renderers(played, scale: scale, context: context)
            var worst: (cell: SheetPlan.Cell, time: Double, a: ImageSurface, b: ImageSurface, c: PixelComparison)?
            let canvas = try gl.makeCanvasSurface()
            let busy = played.plan.cells.filter {
                played.frames[$0.frameIndex].target != nil || played.frames[$0.frameIndex].menu != nil
            }
            for cell in busy.isEmpty ? played.plan.cells : busy {
                let frame = played.frames[cell.frameIndex]
                let before = cell.frameIndex > 0 ? played.frames[cell.frameIndex - 1] : nil
                try gl.draw(frame: before ?? frame, into: canvas)
                for r in gl.damage(from: before, to: frame) { try gl.draw(frame: frame, into: canvas, clip: r) }
                let a = try cairo.render(frame: frame)
                let c = try PixelComparison(a, canvas, region: GLTestSupport.pixels(cell.window, scale: scale))
                if worst == nil || c.share < (worst?.c.share ?? 1) {
                    let copy = try gl.makeCanvasSurface()
                    try copy.withPixels { dst in
                        try canvas.withPixels { src in
                            dst.copyMemory(from: src, byteCount: canvas.stride * canvas.height)
                        }
                    }
                    worst = (cell, frame.time, a, copy, c)
                }
            }
            if let w = worst { rows.append((name, w.cell, w.time, w.a, w.b, w.c)) }
        }
        let window = Size(width: 360 * scale, height: 225 * scale)
        let sheet = try ContactSheet(count: rows.count * 3, thumbSize: window, maxColumns: 3)
        for (i, row) in rows.enumerated() {
            let src = Rect(
                x: row.cell.window.minX * scale, y: row.cell.window.minY * scale, width: window.width,
                height: window.height)
            try sheet.add(
                row.a, time: row.time, index: 3 * i, source: src, note: "Cairo · \(row.name) · \(row.cell.note)")
            try sheet.add(row.b, time: row.time, index: 3 * i + 1, source: src, note: "GL (llvmpipe) · \(row.name)")
            let diff = try PixelComparison.differenceImage(row.a, row.b)
            let share = String(format: "%.2f %%", row.c.share * 100)
            try sheet.add(
                diff, time: row.time, index: 3 * i + 2, source: src,
                note: "difference ×8 · \(share) within 12/255 · worst \(row.c.worst)")
        }
        try sheet.writePNG(path: path)
    }
}
