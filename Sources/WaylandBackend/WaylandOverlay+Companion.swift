import Foundation
import PointerCore
import PointerHost

/// What the companion last said: the layout, and the pointer's buttons,
/// modifiers and cursor request (to send changes only).
struct CompanionState {
    var monitors: [CompanionMonitor] = []
    var windows: [CompanionWindow] = []
    var buttons = 0
    var modifiers: Set<ModifierKey> = []
    var cursorHidden: Bool?
    var onLayoutChanged: () -> Void = {}
    var onPointerMonitorChanged: () -> Void = {}
}

/// The pass-through overlay on GNOME and KDE: the companion's global pointer
/// becomes the session's input on the canvas of the monitor it is on; the
/// cursor requests go back to the companion, and so do warps, except on KWin,
/// where they go through its fake-input protocol.
extension WaylandOverlay {
    /// `AP_COMPANION_DEBUG=1`: log every message from the companion.
    static let debugCompanion = !(ProcessInfo.processInfo.environment["AP_COMPANION_DEBUG"] ?? "").isEmpty

    /// The windows the compositor shows, bottom to top (the overlay's own left out).
    public var companionWindows: [CompanionWindow] { companionState.windows.filter { !$0.isOverlay } }
    /// The monitor the pointer is on, else the first.
    public var pointerMonitor: CompanionMonitor? {
        pointerSurface.flatMap { id in monitor(of: id) } ?? companionState.monitors.first
    }
    /// The windows or monitors changed.
    public var onCompanionLayoutChanged: () -> Void {
        get { companionState.onLayoutChanged }
        set { companionState.onLayoutChanged = newValue }
    }
    public var onPointerMonitorChanged: () -> Void {
        get { companionState.onPointerMonitorChanged }
        set { companionState.onPointerMonitorChanged = newValue }
    }

    func attach(_ link: CompanionLink) {
        link.log = { [unowned self] in log($0) }
        link.onMessage = { [unowned self] in companionSaid($0) }
        link.onBatchEnd = { [unowned self] in serviceAfterBatch() }
        link.onClosed = { [unowned self] reason in
            failure = .companionLost(reason: reason)
            loop.stop(.connectionLost)
        }
        if let fakeInput = registry.fakeInput, fakeInput.canMoveAbsolutely {
            // KWin: an effect cannot move the pointer, a client with fake input can.
            // Weak: the registry owns it and goes with the connection, before the session.
            session.warpPointer = { [unowned self, weak fakeInput] in
                warp(to: $0) { fakeInput?.moveTo(x: $0.x, y: $0.y) }
            }
        } else {
            if link.shell == "kwin" {
                // KWin shows its fake input only to programs its desktop entries name.
                log(
                    "KWin does not let this program move the pointer (no org_kde_kwin_fake_input), so resting in a "
                        + "control's padding will not move the real pointer onto it. `adaptive-pointer companion install kde` "
                        + "writes the desktop entry KWin wants for the binary that runs it; run that binary, or install again "
                        + "with this one, and log in again.")
            }
            session.warpPointer = { [unowned self] in warp(to: $0) { companion?.send("warp \($0.x) \($0.y)") } }
        }
        link.attach(to: loop)
    }

    private func companionSaid(_ message: CompanionMessage) {
        if Self.debugCompanion { log("companion: \(message)") }
        switch message {
        case .pointer(let time, let at, let buttons, let modifiers):
            companionPointer(at: at, time: time, buttons: buttons, modifiers: modifiers)
        case .monitors(let monitors):
            companionState.monitors = monitors
            companionState.onLayoutChanged()
        case .windows(let windows):
            companionState.windows = windows
            companionState.onLayoutChanged()
        case .quit:
            log("\(QuitShortcut.label) pressed (through the companion)")
            if let quit = session.onQuitShortcut { quit() } else { loop.stop(.success) }
        case .hello, .busy:
            break
        }
    }

    private func companionPointer(at global: Point, time: Double, buttons: Int, modifiers: Set<ModifierKey>) {
        if modifiers != companionState.modifiers {
            companionState.modifiers = modifiers
            input(.modifiers(modifiers), at: time)
        }
        if let (id, origin) = canvas(containing: global) {
            let local = Point(x: global.x - origin.x, y: global.y - origin.y)
            if pointerSurface != id {
                deliverPendingMotion()
                pointerSurface = id
                session.pointerMoved(toCanvas: Int(id))
                intake.steps.placed(at: local)
                input(.position(local), at: time)
                companionState.onPointerMonitorChanged()
            } else {
                absoluteMotion(to: local)
            }
            setCursorHidden(true)
        } else {
            pointerLeft()
            setCursorHidden(false)
        }
        let was = companionState.buttons
        companionState.buttons = buttons
        for (bit, button) in [(1, PointerButton.primary), (2, .middle), (4, .secondary)]
        where (was ^ buttons) & bit != 0 {
            input(.button(button, buttons & bit != 0 ? .pressed : .released), at: time)
        }
    }

    private func setCursorHidden(_ hidden: Bool) {
        guard companionState.cursorHidden != hidden else { return }
        companionState.cursorHidden = hidden
        companion?.send(hidden ? "cursor hidden" : "cursor shown")
    }

    /// Recentering, magnetism and constrained axes move the real pointer to
    /// the drawn one, so a click lands there.
    private func warp(to p: Point, through move: (Point) -> Void) {
        guard let id = pointerSurface, let origin = monitor(of: id)?.frame.origin else { return }
        deliverPendingMotion()
        move(Point(x: origin.x + p.x, y: origin.y + p.y))
        intake.steps.placed(at: p)
    }

    /// The surface showing the monitor that holds `global`, and that monitor's origin.
    private func canvas(containing global: Point) -> (UInt32, Point)? {
        for (id, _) in surfaces {
            if let m = monitor(of: id), m.frame.contains(global) { return (id, m.frame.origin) }
        }
        return nil
    }

    /// The companion's monitor an overlay surface covers: the same connector,
    /// else the one at the output's position, else (one output, one monitor)
    /// the only one.
    private func monitor(of id: UInt32) -> CompanionMonitor? {
        let monitors = companionState.monitors
        guard let output = surfaces[id]?.output else { return nil }
        if let name = output.name, let m = monitors.first(where: { $0.connector == name }) { return m }
        let at = Point(x: Double(output.position.x), y: Double(output.position.y))
        let placed = monitors.filter { $0.frame.origin == at }
        if placed.count == 1 { return placed[0] }
        return surfaces.count == 1 && monitors.count == 1 ? monitors[0] : nil
    }
}
