import AccessibilityTargets
import ArgumentParser
import Foundation
import PointerCore
import PointerHost
import SceneFormat
import WaylandBackend
import X11Backend

/// `adaptive-pointer run`: the overlay on a real display server.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the overlay on the current Wayland or X11 session.",
        discussion: """
            Covers every output with the stage of SCENE (default: the bundled demo scene)
            and draws the adaptive pointer on it. Edits to SCENE are picked up on save;
            an edit with errors is reported and the last good scene stays up.

            A stage (a scene with regions or a painted canvas) covers the screen and
            takes the input: Ctrl+Alt+Esc always ends it (exit code 0), and a hint
            says so for its first three seconds. Ctrl-C (SIGINT) and SIGTERM stop any run
            within a second, in any state (connecting, loading or reloading a scene).

            A scene with no regions and no canvas paint (the bundled `desktop` scene)
            is the pointer alone: it runs as a pass-through overlay that never
            captures input. On X11 that is the overlay mode. On GNOME (Wayland) it
            runs through the companion Shell extension (`adaptive-pointer companion
            install gnome`, then log in again), which gives the global pointer and
            the windows, hides the system cursor and keeps the overlay on top; on KDE
            Plasma (Wayland) through the companion KWin effect (`adaptive-pointer
            companion install kde`), with the overlay on layer-shell taking no input.
            The companion passes Ctrl+Alt+Esc on, which ends the run. Without a companion
            a Wayland client cannot follow the pointer over other applications, so
            such a scene exits there with code 7 and says what to install.

            Wayland: a wlr-layer-shell overlay surface on each output (sway, Hyprland,
            KDE…); without layer-shell (weston, GNOME) a fullscreen window instead.
            Each output shows the stage from its top-left corner; the pointer is drawn
            on the output the compositor puts it on.

            Without any display (no WAYLAND_DISPLAY, no DISPLAY) it says so, renders the
            scene headless into a directory instead, tells you where, and exits with 1.

            Exit codes:
              0  stopped by Ctrl-C / SIGTERM, or the overlay window was closed
              1  no display to run on (a headless render was made instead), or the
                 chosen backend is not available
              2  the scene could not be loaded (the errors are printed)
              3  cannot connect to the display server, or it took the connection and
                 did not answer within 5 s
              4  the connection to the display server was lost (compositor exited),
                 or the companion went away (the shell restarted, it was disabled)
              5  the display server reported a protocol error
              6  the display server lacks something the overlay needs, or --output
                 names no output
              7  a pass-through scene (no regions, no canvas paint) on Wayland without
                 a running companion, where a client cannot follow the pointer over
                 other applications
              64 bad command line
            """)

    enum Backend: String, ExpressibleByArgument, CaseIterable {
        case auto, wayland, x11
    }

    @Argument(
        help:
            "Scene file (JSON; the format: docs/scene-format.md), or the name of a bundled scene (e.g. demo). Default: demo."
    )
    var scene: String?

    @Option(help: "auto (Wayland when WAYLAND_DISPLAY is set, else X11 when DISPLAY is set), wayland or x11.")
    var backend: Backend = .auto

    @Option(help: ArgumentHelp("Show the overlay on this output only (e.g. DP-1, HEADLESS-1).", valueName: "name"))
    var output: String?

    @Flag(
        help:
            "On exit, print p50/p99 of event→commit time, per-frame processing, motion→present (or →frame-done) latency, the drawn-vs-true distance of the moving pointer, the learnt repaint timing, and the poll wake-up count."
    )
    var stats = false

    @Option(
        help: ArgumentHelp(
            "When to draw after input: input (at once, whenever the compositor can take a frame; the default), deadline (at once for the first input after a repaint, again just before the next repaint with the freshest input) or callback (one frame per frame callback).",
            valueName: "input|deadline|callback"))
    var pacing: FramePacing = .onInput

    @Option(
        help: ArgumentHelp(
            "Draw a freely moving pointer where it will be when the frame reaches the screen (on), or exactly where the last input put it (off).",
            valueName: "on|off"))
    var prediction: Switch = .on

    enum Switch: String, ExpressibleByArgument, CaseIterable { case on, off }

    @Option(
        help: ArgumentHelp(
            "Write the input events received to FILE as a trace (docs/trace-format.md; modifier sets only, never keys).",
            valueName: "file"))
    var record: String?

    @Flag(
        help: ArgumentHelp(
            "Wayland: drive the engine with unaccelerated relative motion (zwp_relative_pointer_v1) so its own acceleration curve applies.",
            discussion:
                "Off by default: sway 1.7 / wlroots 0.15 crash when a pointer device is unplugged and plugged again while a client holds a relative pointer."
        ))
    var relativePointer = false

    @Option(
        help: ArgumentHelp(
            "What moves the pointer. auto: read it from each device (X11: the input driver's touchpad properties; Wayland: finger scrolling and touchpad gestures), unknown devices counting as mice. Only a touchpad's motion glides on with inertia and magnetism; a mouse stays where the hand left it.",
            valueName: "auto|mouse|touchpad|tablet|touchscreen"))
    var pointingDevice: PointingDeviceChoice = .auto

    enum PointingDeviceChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, mouse, touchpad, tablet, touchscreen
        var kind: PointingDevice.Kind? { PointingDevice.Kind(rawValue: rawValue) }
    }

    @Option(
        help:
            "X11: stage (fullscreen, input captured; Ctrl+Alt+Esc quits) or overlay (transparent, clicks pass through to the applications underneath). Default: overlay for a pass-through scene (no regions, no canvas paint, like desktop), else stage."
    )
    var mode: WindowMode?

    @Option(help: "X11: pixels per point. Default: Xft.dpi / 96 from the X resources, else 1.")
    var scale: Double?

    @Option(
        help: "cairo (the reference), gl (GLES 3 over EGL; Cairo when it cannot start) or auto (GL when it starts).")
    var renderer: RendererChoice = .cairo

    enum Targets: String, ExpressibleByArgument, CaseIterable {
        case auto, scene, accessibility, both
    }

    @Option(
        help: ArgumentHelp(
            "Where targets come from: the scene's regions, the applications' accessibility tree (the X11 overlay, or the Wayland desktop through a companion), or both. auto: the accessibility tree when the scene has no regions (desktop) and the accessibility bus answers, else the scene.",
            valueName: "auto|scene|accessibility|both"))
    var targets: Targets = .auto

    @Flag(
        help:
            "Also print the log messages of the libraries the overlay uses (GLib and libatspi warnings such as \"dbind-WARNING … unexpected role\"), which are dropped otherwise."
    )
    var verbose = false

    func validate() throws {
        // The range render takes: below 1 % Cairo cannot draw ("invalid matrix").
        if let scale, !(scale >= RenderCommand.minimumScale && scale <= 8) {
            throw ValidationError("--scale must be at least \(RenderCommand.minimumScale) and at most 8 (got \(scale))")
        }
    }

    func run() throws {
        // A run stopped by Ctrl-C or SIGTERM exits with 0 (as documented), whatever
        // state it is in. Until the event loop exists (it blocks the signals and reads
        // them from its signalfd, before any other thread starts), a signal ends the
        // process at once: loading a large scene, say.
        Termination.setExitStatus(ExitStatus.success.rawValue)
        let scenePath = try resolveScenePath()
        let loaded: Scene
        do {
            loaded = try SceneLoader.load(path: scenePath)
        } catch {
            Self.say("the scene \(TerminalText.escaped(scenePath)) has errors:\n\(error)")
            throw ExitCode(.sceneNotLoaded)
        }
        let env = ProcessInfo.processInfo.environment
        let chosen: Backend
        switch backend {
        case .auto:
            if let w = env["WAYLAND_DISPLAY"], !w.isEmpty {
                chosen = .wayland
            } else if let d = env["DISPLAY"], !d.isEmpty {
                chosen = .x11
            } else {
                return try noDisplay(scenePath: scenePath, scene: loaded)
            }
        default:
            chosen = backend
        }
        switch chosen {
        case .x11:
            try runX11(scenePath: scenePath, scene: loaded)
        default:
            if loaded.isPassThrough {
                let companion = try connectCompanion(scenePath: scenePath, scene: loaded)
                return try runWayland(scenePath: scenePath, scene: loaded, companion: companion)
            }
            if targets == .accessibility || targets == .both {
                Self.say(
                    "note: --targets \(targets.rawValue) needs the X11 overlay or the Wayland desktop (a pass-through scene); here the scene's regions are the targets "
                        + "(see docs/accessibility.md)")
            }
            try runWayland(scenePath: scenePath, scene: loaded)
        }
    }

    /// A stage must never trap the user: Ctrl+Alt+Esc ends it, and the first
    /// seconds say so on screen and in the log.
    private func offerWayOut(_ session: OverlaySession, _ loop: EventLoop) {
        session.onQuitShortcut = {
            Self.say("\(QuitShortcut.label) pressed")
            loop.stop(exitCode: 0)
        }
        session.showBanner("\(QuitShortcut.label) quits the stage", for: Self.stageHintSeconds)
    }
    static let stageHintSeconds = 3.0

    /// A pass-through scene on Wayland runs through the compositor's companion
    /// (a GNOME Shell extension, a KWin effect); without one it cannot run at all.
    private func connectCompanion(scenePath: String, scene: Scene) throws -> CompanionLink {
        guard let path = CompanionLink.defaultPath() else {
            Self.say(
                "XDG_RUNTIME_DIR is not set, so the compositor companion's socket cannot be found. "
                    + "Run adaptive-pointer from inside the graphical session.")
            throw ExitCode(.needsCompanion)
        }
        do {
            return try Termination.interruptible { try CompanionLink(path: path) }
        } catch let error as CompanionLink.LinkError {
            guard case .notRunning = error else {
                Self.say("\(error)")
                throw ExitCode(.failure)
            }
            // The desktop says what it is in XDG_CURRENT_DESKTOP ("ubuntu:GNOME", "KDE");
            // elsewhere the general message, which names both companions.
            let desktop = ProcessInfo.processInfo.environment["XDG_CURRENT_DESKTOP"] ?? ""
            let companionDesktop: (name: String, what: String, id: String, loads: String)
            if desktop.localizedCaseInsensitiveContains("gnome") {
                companionDesktop = (
                    "GNOME", "a GNOME Shell extension", "gnome", "GNOME on Wayland loads a new extension at login"
                )
            } else if desktop.localizedCaseInsensitiveContains("kde") {
                companionDesktop = ("KDE Plasma", "a KWin effect", "kde", "KWin finds a new effect at login")
            } else {
                try refusePassThroughOnWayland(scenePath: scenePath, scene: scene)
            }
            Self.say(
                """
                \(TerminalText.quoted(scene.name)) is a pass-through scene: the pointer over your applications. On \(companionDesktop.name) (Wayland)
                  that needs the AdaptivePointer companion, \(companionDesktop.what), and it is not running
                  (\(error)).
                  Install it: adaptive-pointer companion install \(companionDesktop.id)
                  then log out and back in (\(companionDesktop.loads)), and run this again.
                  Check it: adaptive-pointer companion status \(companionDesktop.id)
                """)
            throw ExitCode(.needsCompanion)
        }
    }

    private func refusePassThroughOnWayland(scenePath: String, scene: Scene) throws -> Never {
        Self.say(
            """
            \(TerminalText.quoted(scene.name)) (\(TerminalText.echo(scenePath))) is a pass-through scene: no regions and no canvas paint, just the pointer over
              your applications. Wayland cannot run it: a Wayland client only sees the pointer while it is over its own
              surfaces, so an overlay that lets clicks through to other applications never learns where the pointer is,
              and one that covers the screen to see it would take all the input.
              What works: on GNOME or KDE Plasma, the companion (`adaptive-pointer companion install gnome` or `… kde`,
              then log out and back in);
              on an X11 session, `adaptive-pointer run \(TerminalText.echo(scenePath)) --backend x11` (a pass-through overlay);
              on Wayland, a stage scene such as `adaptive-pointer run demo` (Ctrl+Alt+Esc quits it).
            """)
        throw ExitCode(.needsCompanion)
    }

    private func resolveScenePath() throws -> String {
        do {
            return try AssetLocator.resolveScene(scene ?? "demo")
        } catch {
            Self.say("\(error)")
            throw ExitCode(.sceneNotLoaded)
        }
    }

    /// One message to the terminal. Whatever outside text it holds (a DISPLAY value in
    /// a backend's error, a path) is escaped line by line, so it cannot move the
    /// cursor or reorder the text; the line breaks the message itself makes stay.
    static func say(_ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map {
            TerminalText.escaped(String($0))
        }
        FileHandle.standardError.write(Data(("adaptive-pointer: " + lines.joined(separator: "\n") + "\n").utf8))
    }

    // MARK: shared by both backends

    /// What every backend runs on: the event loop, the session (engine + renderer,
    /// recorder) and the scene watcher for hot reload.
    private func makeSession(scenePath: String, scene: Scene) throws -> (EventLoop, OverlaySession, SceneWatcher?) {
        let loop: EventLoop
        do { loop = try EventLoop() } catch {
            Self.say("\(error)")
            throw ExitCode(.failure)
        }
        let sessionRenderer: OverlayRenderer
        do {
            sessionRenderer = try OverlayParts.renderer(for: scene, choice: renderer, log: { Self.say($0) })
        } catch {
            Self.say("the scene \(TerminalText.escaped(scenePath)) cannot be drawn: \(error)")
            throw ExitCode(.sceneNotLoaded)
        }
        let session = OverlaySession(
            logic: OverlayParts.logic(for: scene, predict: prediction == .on), renderer: sessionRenderer)
        session.pacing = pacing
        session.log = { Self.say($0) }
        if let record {
            do {
                let recorder = try TraceRecorder(path: record, inputs: [scenePath])
                recorder.log = { Self.say($0) }
                session.recorder = recorder
            } catch {
                Self.say("\(error)")
                throw ExitCode(.failure)
            }
        }
        do {
            // An edit loads on the watcher's own thread: the overlay keeps drawing and
            // the loop reads signals meanwhile. Preparing the loaded scene for drawing
            // runs on the loop's thread, so a signal then ends the process at once.
            let watcher = try SceneWatcher(path: scenePath) { path in try SceneLoader.load(path: path) }
            watcher.onScene = { scene in
                do {
                    try Termination.interruptible { try session.replace(scene: scene) }
                    Self.say("reloaded \(TerminalText.escaped(scenePath))")
                } catch {
                    Self.say("the edited scene cannot be drawn (\(error)); keeping the last good one")
                }
            }
            watcher.onError = { error in
                // Also a deleted, half-written or swapped-out file: the error says which.
                Self.say(
                    "the scene file changed and cannot be loaded; keeping the last good one until it loads again:\n\(error)"
                )
            }
            watcher.attach(to: loop)
            return (loop, session, watcher)
        } catch {
            Self.say("not watching \(TerminalText.escaped(scenePath)) for edits: \(error)")
            return (loop, session, nil)
        }
    }

    /// Runs the loop until a signal or failure; then flushes the recording, prints
    /// stats and turns the outcome into an exit code. `shutdown` runs first.
    private func runLoop(
        _ loop: EventLoop, _ session: OverlaySession, watcher: SceneWatcher?,
        failure: () -> (message: String, status: ExitStatus)?, shutdown: () -> Void = {}
    ) throws {
        let code: Int32
        do { code = try loop.run() } catch {
            Self.say("\(error)")
            throw ExitCode(.connectionLost)
        }
        shutdown()
        session.recorder?.flush()
        withExtendedLifetime(watcher) {}
        if stats {
            let lines = session.statsSummary.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
            Self.say("stats:\n\(lines)\n  poll wake-ups: \(loop.wakeups)")
        }
        if let failure = failure() {
            Self.say(failure.message)
            throw ExitCode(failure.status)
        }
        Self.say("stopped")
        if code != 0 { throw ExitCode(code) }
    }

    // MARK: Wayland

    private func runWayland(scenePath: String, scene: Scene, companion: CompanionLink? = nil) throws {
        // Nothing given on the command line is dropped without a word (--targets is noted in run()).
        let x11Only = [mode.map { _ in "--mode" }, scale.map { _ in "--scale" }].compactMap { $0 }
        if !x11Only.isEmpty {
            Self.say("note: \(x11Only.joined(separator: " and ")) only applies on X11; ignored on Wayland")
        }
        let (loop, session, watcher) = try makeSession(scenePath: scenePath, scene: scene)
        let overlay: WaylandOverlay
        do {
            // Connecting can wait on a compositor that never answers (up to the
            // handshake timeout): a signal meanwhile ends the process at once.
            overlay = try Termination.interruptible {
                try WaylandOverlay(
                    session: session, loop: loop,
                    options: WaylandOptions(
                        outputName: output, absolutePointer: !relativePointer,
                        title: "AdaptivePointer — \(TerminalText.escaped(scene.name))",
                        pointingDevice: pointingDevice.kind),
                    companion: companion, log: { Self.say($0) })
            }
        } catch let error as WaylandError {
            Self.say("\(error)")
            throw ExitCode(error.exitStatus)
        }
        var feed: AccessibilityFeed?
        if let companion {
            // The companion catches the shortcut (the overlay never has the keyboard).
            session.onQuitShortcut = {
                Self.say("\(QuitShortcut.label) pressed")
                loop.stop(exitCode: 0)
            }
            feed = accessibilityFeed(session: session, desktop: overlay, loop: loop, scene: scene)
            Self.say(
                "running \(TerminalText.escaped(scene.name)) on Wayland, a pass-through overlay; the pointer is followed through "
                    + "the \(companion.shell == "kwin" ? "KWin" : TerminalText.escaped(companion.shell)) "
                    + "\(TerminalText.escaped(companion.shellVersion)) companion; "
                    + "\(QuitShortcut.label) or Ctrl-C to stop")
        } else {
            offerWayOut(session, loop)
            Self.say(
                "running \(TerminalText.escaped(scene.name)) on Wayland (\(overlay.usesLayerShell ? "layer-shell" : "xdg-shell fallback")); \(QuitShortcut.label) or Ctrl-C to stop"
            )
        }
        defer { withExtendedLifetime(feed) {} }
        try runLoop(
            loop, session, watcher: watcher,
            failure: { overlay.failure.map { ("\($0)", $0.exitStatus) } })
    }

    // MARK: X11

    private func runX11(scenePath: String, scene: Scene) throws {
        if relativePointer { Self.say("note: --relative-pointer only applies on Wayland; ignored on X11") }
        let mode = self.mode ?? (scene.isPassThrough ? .overlay : .stage)
        if mode == .overlay && (scene.canvas.color != nil || scene.canvas.image != nil) {
            Self.say(
                "note: \(TerminalText.escaped(scenePath)) paints a canvas (color or image); in overlay mode it covers the desktop "
                    + "(clicks still pass through). Remove canvas.color and canvas.image to see the applications underneath."
            )
        }
        let (loop, session, watcher) = try makeSession(scenePath: scenePath, scene: scene)
        let overlay: X11Overlay
        do {
            // As on Wayland: an X server that never answers is given up on after the
            // handshake timeout, and a signal meanwhile ends the process at once.
            overlay = try Termination.interruptible {
                try X11Overlay(
                    session: session, loop: loop,
                    options: X11Options(
                        mode: mode, output: output, scale: scale,
                        title: "AdaptivePointer — \(TerminalText.escaped(scene.name))",
                        pointingDevice: pointingDevice.kind),
                    log: { Self.say($0) })
            }
        } catch let error as X11Error {
            Self.say("\(error)")
            throw ExitCode(error.exitStatus)
        }
        if mode == .stage { offerWayOut(session, loop) }
        let feed = accessibilityFeed(session: session, desktop: overlay, loop: loop, scene: scene)
        defer { withExtendedLifetime(feed) {} }
        Self.say(
            "running \(TerminalText.escaped(scene.name)) on X11 (\(mode.rawValue)\(mode == .overlay ? (overlay.usesCompositor ? ", composited" : ", shaped: no compositing manager") : "")); \(mode == .stage ? "\(QuitShortcut.label) or " : "")Ctrl-C to stop"
        )
        // Cursor back and windows gone before anything else (also after SIGTERM).
        try runLoop(
            loop, session, watcher: watcher,
            failure: { overlay.failure.map { ("\($0)", $0.exitStatus) } },
            shutdown: { overlay.shutdown() })
    }

    /// The applications' accessibility trees as targets, when asked for (or by
    /// default for a scene without regions, like desktop).
    private func accessibilityFeed(
        session: OverlaySession, desktop: TargetDesktop, loop: EventLoop,
        scene: Scene
    ) -> AccessibilityFeed? {
        let wantsAccessibility =
            targets == .accessibility || targets == .both || (targets == .auto && scene.regions.isEmpty)
        guard wantsAccessibility else { return nil }
        // libatspi and GLib log through us: dropped unless --verbose.
        if verbose {
            LibraryLog.route(to: { @Sendable line in RunCommand.say(line) })
        } else {
            LibraryLog.route(to: nil)
        }
        var base = scene
        if targets == .accessibility { base.regions = [] }
        do {
            return try AccessibilityFeed(
                session: session, desktop: desktop, loop: loop, base: base, log: { Self.say($0) })
        } catch {
            Self.say("accessibility targets are off: \(error)")
            return nil
        }
    }

    // MARK: no display

    private func noDisplay(scenePath: String, scene: Scene) throws {
        Self.say(
            """
            no display to run on: neither WAYLAND_DISPLAY nor DISPLAY is set.
              Start it from a graphical session (a terminal inside sway, GNOME, KDE, …),
              or point WAYLAND_DISPLAY (Wayland) or DISPLAY (X11) at a running display server.
              To render the scene without a display: adaptive-pointer render \(TerminalText.escaped(scenePath)) --out DIR
            """)
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let name = URL(fileURLWithPath: scenePath).deletingPathExtension().lastPathComponent
        let out = URL(fileURLWithPath: base).appendingPathComponent("adaptive-pointer-\(name)-render").path
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let render = try RenderCommand.parse([scenePath, "--out", out])
            try render.run()
            Self.say(
                "rendered \(TerminalText.escaped(scene.name)) headless instead: \(TerminalText.escaped(out)) (sheet.png is a contact sheet of the frames)"
            )
        } catch {
            Self.say("the headless render did not work either: \(String(describing: error))")
        }
        throw ExitCode(.failure)
    }
}

extension WindowMode: ExpressibleByArgument {}
extension FramePacing: ExpressibleByArgument {}
