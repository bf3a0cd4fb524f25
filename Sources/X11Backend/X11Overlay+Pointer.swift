import CXCB
import Foundation
import PointerCore
import PointerHost

/// The real pointer: where it is (canvas pt), leaving every monitor, and warps.
extension X11Overlay {
    /// Overlay: where is the pointer now? One QueryPointer per batch of raw motion;
    /// a batch read late is handed over as the steps it was made of (`RawMotionSteps`).
    func pointerMoved(now: Double, absolute: Bool = false) {
        defer { intake.rawSteps.removeAll() }
        guard let p = connection.queryPointer() else { return }
        let end = (x: Double(p.x), y: Double(p.y))
        guard !absolute, !intake.rawSteps.isEmpty,
            let monitor = canvas(atRootX: p.x, y: p.y)?.monitor
        else {
            return pointer(atRootX: end.x, y: end.y, absolute: absolute, now: now)
        }
        let bounds = (
            minX: Double(monitor.x), minY: Double(monitor.y),
            maxX: Double(monitor.x + monitor.width - 1), maxY: Double(monitor.y + monitor.height - 1)
        )
        for s in intake.rawSteps.samples(endingAt: end, time: now, within: bounds) {
            pointer(atRootX: s.x, y: s.y, absolute: false, now: s.time)
        }
    }

    /// The real pointer is at a root position; `HostPointerSteps` decides between
    /// motion and placement (arriving on a canvas, or moved by a device that places
    /// the pointer, is a placement).
    func pointer(atRootX x: Double, y: Double, absolute: Bool, now: Double) {
        guard let canvas = canvas(atRootX: Int(x.rounded(.down)), y: Int(y.rounded(.down))) else {
            left(now: now)
            return
        }
        let point = Point(x: (x - Double(canvas.monitor.x)) / scale, y: (y - Double(canvas.monitor.y)) / scale)
        if intake.pointerCanvas !== canvas {
            intake.pointerCanvas = canvas
            session.pointerMoved(toCanvas: canvas.canvasID)
            intake.steps.reset()
            onPointerMonitorChanged(canvas.monitor)
        }
        if let event = intake.steps.event(at: point, absolute: absolute) {
            intake.lastMotionDelivered = now
            deliver(event, now: now)
        }
        if options.mode == .overlay { cursor.hide() }
    }

    func left(now: Double) {
        intake.rawSteps.removeAll()
        guard intake.pointerCanvas != nil else { return }
        intake.pointerCanvas = nil
        intake.steps.reset()
        session.pointerMoved(toCanvas: nil)
        deliver(.leave, now: now)
        cursor.show()
    }

    func deliver(_ kind: InputEvent.Kind, now: Double) {
        if Self.debug { log("input \(kind)") }
        session.handle(kind, at: now)
        wake.needsService = true
    }

    /// Recentering, magnetism, constrained axes: move the real pointer to where
    /// the drawn one is, so a click lands there.
    func warp(to p: Point) {
        guard let canvas = intake.pointerCanvas else { return }
        let x = Int((p.x * scale + Double(canvas.monitor.x)).rounded())
        let y = Int((p.y * scale + Double(canvas.monitor.y)).rounded())
        connection.warpPointer(toRootX: x, y: y)
        if Self.debug { log("warp to \(x),\(y) (model \(p))") }
        // Motion waiting from before the warp: ask the server where the pointer is now.
        // Its steps cannot be walked back across the warp.
        intake.pendingMotion?.at = nil
        intake.pendingMotion?.earlier = []
        intake.rawSteps.removeAll()
        intake.steps.placed(
            at: Point(
                x: (Double(x) - Double(canvas.monitor.x)) / scale, y: (Double(y) - Double(canvas.monitor.y)) / scale))
    }
}
