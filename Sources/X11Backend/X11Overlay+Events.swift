import CXCB
import Foundation
import PointerCore
import PointerHost

/// X events read from the connection and translated into the session's input.
extension X11Overlay {
    func dispatch(queuedOnly: Bool) {
        let now = MonotonicClock.now()
        var moved = Moved()
        intake.readingBatch = true
        while let event = queuedOnly ? xcb_poll_for_queued_event(connection.raw) : xcb_poll_for_event(connection.raw) {
            defer { free(event) }
            handle(UnsafePointer(event), now: now, moved: &moved)
        }
        intake.readingBatch = false
        if moved.any { motion(atRootX: nil, y: nil, absolute: moved.absolute, now: now, sampledAt: moved.time) }
        if wake.needsService {
            wake.needsService = false
            service()
        }
    }

    /// Raw motion seen in one batch of events: one QueryPointer answers it.
    struct Moved {
        var any = false
        /// Some of it came from a device that places the pointer (tablet, touchscreen).
        var absolute = false
        /// When the newest of it happened (the server's time, on the monotonic clock).
        var time: Double?
    }

    func handle(_ e: UnsafePointer<xcb_generic_event_t>, now: Double, moved: inout Moved) {
        let type = e.pointee.response_type & 0x7f
        if Self.debug { log("event \(type)") }
        if input.isEvent(e) {
            let natives = input.handle(e)
            let happened = input.motionTime.map { intake.serverClock.time(ofServer: $0, readAt: now) }
            for native in natives { translate(native, now: now, happened: happened, moved: &moved) }
        } else if sampler.handleDamage(e) {
            // Where the desktop changed: the sampler keeps its capture or not.
        } else if let keyboard, keyboard.isEvent(e) {
            if let mods = keyboard.handle(e) { deliver(.modifiers(mods), now: now) }
        } else if connection.shmAvailable && type == connection.shmFirstEvent + UInt8(XCB_SHM_COMPLETION) {
            let seg = UnsafeRawPointer(e).assumingMemoryBound(to: xcb_shm_completion_event_t.self).pointee.shmseg
            if canvases.contains(where: { $0.uploadCompleted(seg: seg) }) && session.hasPendingDraws {
                wake.needsService = true
            }
        } else if compositor.isOwnerChange(e) {
            let composited = compositor.isComposited
            guard options.mode == .overlay else { return }
            sampler.desktopRearranged()
            log(
                composited
                    ? "a compositing manager started: ARGB overlay" : "the compositing manager went away: shaped window"
            )
            for c in canvases {
                do { try c.setComposited(composited) } catch {
                    log("cannot follow the compositor on \(c.monitor.name): \(error)")
                }
                session.invalidate(canvasID: c.canvasID)
            }
            wake.needsService = true
        } else if type == connection.randrFirstEvent + UInt8(XCB_RANDR_SCREEN_CHANGE_NOTIFY)
            || type == connection.randrFirstEvent + UInt8(XCB_RANDR_NOTIFY)
        {
            monitorsChanged()
        } else if type == UInt8(XCB_MAP_NOTIFY) || type == UInt8(XCB_CONFIGURE_NOTIFY)
            || type == UInt8(XCB_UNMAP_NOTIFY)
        {
            // Same layout for all three: response, pad, sequence, event, window.
            let w = UnsafeRawPointer(e).assumingMemoryBound(to: xcb_map_notify_event_t.self).pointee.window
            if options.mode == .overlay && !canvases.contains(where: { $0.window.id == w }) {
                sampler.desktopRearranged()
                if type != UInt8(XCB_UNMAP_NOTIFY) { for c in canvases { c.window.raise() } }
                onDesktopWindowsChanged()
            }
        } else if type == UInt8(XCB_EXPOSE) {
            let x = UnsafeRawPointer(e).assumingMemoryBound(to: xcb_expose_event_t.self).pointee
            if let canvas = canvases.first(where: { $0.window.id == x.window }),
                canvas.exposed(
                    PixelRect(x: Int(x.x), y: Int(x.y), width: Int(x.width), height: Int(x.height)),
                    sequence: x.sequence, remaining: x.count)
            {
                tallies.exposedCopies += 1
            }
        } else if type == 0 {
            let err = UnsafeRawPointer(e).assumingMemoryBound(to: xcb_generic_error_t.self).pointee
            log("X error \(err.error_code) (request \(err.major_code).\(err.minor_code))")
        }
    }

    /// `happened`: when the server says the motion happened (nil: now).
    func translate(_ native: PointerNative, now: Double, happened: Double? = nil, moved: inout Moved) {
        switch native {
        case .moved(let absolute, let dx, let dy):
            moved.any = true
            moved.absolute = moved.absolute || absolute
            if let happened { moved.time = max(moved.time ?? happened, happened) }
            if absolute {
                intake.rawSteps.removeAll()
            } else {
                intake.rawSteps.append(dx: dx, dy: dy, time: happened ?? now)
            }
        case .at(let x, let y, let absolute):
            // Device motion says where the pointer is: the raw motion before it needs no query.
            moved = Moved()
            intake.rawSteps.removeAll()
            motion(atRootX: x, y: y, absolute: absolute, now: now, sampledAt: happened)
        case .button(let b, let s):
            flushMotion()
            deliver(.button(b, s), now: now)
        case .scroll(let dx, let dy, let src):
            flushMotion()
            // X counts scrolling down as +; a trace's scroll is how far the content moves
            // (docs/trace-format.md: dy −12 → offset −12), so wheel-down moves the content up.
            deliver(.scroll(dx: -dx / scale, dy: -dy / scale, source: src, phase: nil), now: now)
        case .pinch(let phase, let s, let r):
            flushMotion()
            deliver(.pinch(phase: phase, scale: s, rotation: r), now: now)
        case .swipe(let phase, let f, let dx, let dy):
            flushMotion()
            deliver(.swipe(phase: phase, fingers: f, dx: dx / scale, dy: dy / scale), now: now)
        case .leave:
            flushMotion()
            left(now: now)
        case .device(let kind):
            flushMotion()
            deliver(.device(touchpadContact?.device(kind) ?? PointingDevice(kind)), now: now)
        case .key(let keycode):
            flushMotion()
            if let name = keyboard?.reportedKeyName(keycode: keycode) { deliver(.key(name), now: now) }
        }
    }
}
