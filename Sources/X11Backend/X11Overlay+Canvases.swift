import CXCB
import Foundation
import PointerCore
import PointerHost

/// A window per monitor: opened, followed through RandR changes, closed when it goes away.
extension X11Overlay {
    func addCanvas(_ monitor: Monitor, composited: Bool) throws {
        let window = try X11Window(
            connection: connection, monitor: monitor, mode: options.mode,
            composited: composited, title: options.title)
        let canvas = try X11Canvas(id: tallies.canvasesMade + 1, window: window, scale: scale, gl: glContext)
        tallies.canvasesMade += 1
        try input.selectWindowEvents(window.id)
        canvas.hooks.willDraw = { [unowned self, unowned canvas] in sampler.beginFrame(on: canvas) }
        canvas.hooks.beforePresent = { [unowned self, unowned canvas] buffer, damage in
            if canvas.window.shaped { sampler.composite(buffer, damage, on: canvas) }
        }
        canvas.hooks.backdropUnchanged = { [unowned self, unowned canvas] offset in
            sampler.backdropUnchanged(movedBy: offset, on: canvas)
        }
        canvas.hooks.shapedMoveUnchanged = { [unowned self, unowned canvas] offset, dx, dy in
            sampler.shapedMoveUnchanged(movedBy: offset, pixels: dx, dy, on: canvas)
        }
        window.onFrameShape = { [unowned self] sent in
            if sent { tallies.shapesSent += 1 } else { tallies.shapesUnchanged += 1 }
        }
        canvas.hooks.didShow = { [unowned self, unowned canvas] in
            if canvas.window.shaped { sampler.ownWindowShown(canvas.rootContent) }
        }
        canvases.append(canvas)
        session.add(canvas)
        log(
            "\(options.mode.rawValue) on \(monitor.name) \(monitor.width)x\(monitor.height)+\(monitor.x)+\(monitor.y) scale \(scale)"
                + ", frames paced to "
                + (monitor.refresh.map { String(format: "%.2f Hz (RandR)", $0) } ?? "60 Hz (no refresh rate from RandR)")
                + (canvas.usesEGL ? " (EGL)" : canvas.usesSharedMemory ? "" : " (no MIT-SHM: PutImage)"))
    }

    func canvas(atRootX x: Int, y: Int) -> X11Canvas? {
        canvases.first { $0.monitor.contains(x: x, y: y) }
    }

    func monitorsChanged() {
        let monitors = connection.monitors()
        var kept: [X11Canvas] = []
        for c in canvases {
            if let m = monitors.first(where: { $0.name == c.monitor.name }) {
                if m != c.monitor {
                    log("monitor \(m.name) is now \(m.width)x\(m.height)+\(m.x)+\(m.y)")
                    do { try c.reconfigure(monitor: m, scale: scale) } catch {
                        log("cannot follow \(m.name): \(error)")
                    }
                    session.invalidate(canvasID: c.canvasID)
                }
                kept.append(c)
            } else {
                log("monitor \(c.monitor.name) went away")
                session.remove(canvasID: c.canvasID)
                if intake.pointerCanvas === c { intake.pointerCanvas = nil }
            }
        }
        canvases = kept
        for m in monitors
        where !canvases.contains(where: { $0.monitor.name == m.name })
            && (options.output == nil || m.name == options.output)
        {
            do { try addCanvas(m, composited: compositor.isComposited) } catch {
                log("cannot open a window on \(m.name): \(error)")
            }
        }
        pointerMoved(now: MonotonicClock.now())
        wake.needsService = true
    }
}
