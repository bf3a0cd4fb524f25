import PointerCore
import Testing

@testable import PointerRendering

/// The contact sheet a design review looks at: key moments, cropped around the pointer.
@Suite struct SheetPlanTests {
    func frame(_ t: Double, at p: Point, target: String? = nil, kind: ShapeKind = .circle) -> PointerFrame {
        PointerFrame(
            time: t, pointer: p,
            visible: VisiblePointer(
                kind: kind, frame: Rect(center: p, size: Size(width: 19, height: 19)),
                cornerRadius: 9.5, geometry: .roundedRect(size: Size(width: 19, height: 19), cornerRadius: 9.5)),
            target: target, effect: target == nil ? nil : .highlight)
    }

    @Test("the sheet shows the moment the pointer settles on a new target, cropped around it")
    func keyMomentsAreShownAroundThePointer() {
        var frames: [PointerFrame] = []
        for i in 0..<300 {
            let t = Double(i) / 30
            let p = Point(x: 100 + Double(i) * 3, y: 400)
            frames.append(
                frame(
                    t, at: p, target: (150..<200).contains(i) ? "button" : nil,
                    kind: (150..<200).contains(i) ? .roundedRect : .circle))
        }
        let plan = SheetPlan(frames: frames, canvas: Size(width: 1280, height: 800))
        #expect(plan.cells.count <= SheetPlan.maxCells)
        let onButton = plan.cells.first { $0.note.hasPrefix("button") }
        #expect(onButton != nil, "a frame on the new target is on the sheet")
        if let cell = onButton {
            #expect(cell.window.contains(frames[cell.frameIndex].visible.frame.center))
            #expect(cell.window.width == 360 && cell.window.height == 225)
            #expect(cell.note.contains("highlight") && cell.note.contains("roundedRect"))
        }
        #expect(plan.cells.allSatisfy { $0.window.minX >= 0 && $0.window.maxX <= 1280 && $0.window.maxY <= 800 })
    }

    @Test("the sheet also shows the pointer leaving a control, mid-morph")
    func exitMomentsAreShown() {
        var frames: [PointerFrame] = []
        for i in 0..<300 {
            let p = Point(x: 100 + Double(i) * 3, y: 400)
            frames.append(
                frame(
                    Double(i) / 30, at: p, target: (150..<200).contains(i) ? "button" : nil,
                    kind: (150..<200).contains(i) ? .roundedRect : .circle))
        }
        let plan = SheetPlan(frames: frames, canvas: Size(width: 1280, height: 800))
        let leaving = plan.cells.first { $0.note.hasPrefix("leaving button") }
        #expect(leaving != nil, "cells: \(plan.cells.map(\.note))")
        if let cell = leaving {
            // Within a few frames of the target dropping (frame 200), before the morph has settled.
            #expect((200...203).contains(cell.frameIndex), "leaving at frame \(cell.frameIndex)")
            #expect(cell.window.contains(frames[cell.frameIndex].visible.frame.center))
        }
    }
}
