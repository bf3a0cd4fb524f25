import AccessibilityTargets
import ArgumentParser
import Foundation
import PointerCore
import PointerHost
import SceneFormat
import X11Backend

/// `adaptive-pointer capture`: today's targets of real applications, as a
/// scene a designer can start from.
struct CaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Write the targets of the applications on screen (accessibility tree, X11) as a scene.",
        discussion: """
            Reads roles, states and geometry from the accessibility bus (never any text) and the
            X11 window stacking, and writes the controls and text areas as regions, in the
            window's coordinates with --window, else the screen's. The scene validates and lints.
            """)

    @Option(help: ArgumentHelp("Only the window whose title contains TITLE (case-insensitive).", valueName: "title"))
    var window: String?

    @Option(help: ArgumentHelp("The scene file to write (the format: docs/scene-format.md).", valueName: "file"))
    var out: String

    func run() throws {
        if let why = AtspiLibraries.loadFailure {
            RunCommand.say("capture reads the accessibility tree through libatspi: \(why)")
            throw ExitCode(.failure)
        }
        guard let snapshot = AccessibilityCapture.snapshot(windowTitle: window) else {
            RunCommand.say(
                "the accessibility bus (AT-SPI) does not answer: start at-spi2-core's bus and the applications "
                    + "with accessibility on (GTK_A11Y=atspi, QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1)")
            throw ExitCode(.failure)
        }
        let desktop: (stack: [StackedWindow], width: Int, height: Int)
        do { desktop = try DesktopWindows.read() } catch {
            RunCommand.say("\(error)")
            throw ExitCode(.cannotConnect)
        }
        if let window, snapshot.windows.isEmpty {
            RunCommand.say("no window on screen has a title containing '\(window)'")
            throw ExitCode(.failure)
        }
        var area = Rect(x: 0, y: 0, width: Double(desktop.width), height: Double(desktop.height))
        if window != nil, let first = snapshot.windows.first,
            let m = TargetLayout.match([first], stack: stack(desktop.stack)).first ?? nil
        {
            let s = m.scale
            area = Rect(
                x: first.frame.minX * s, y: first.frame.minY * s, width: first.frame.width * s,
                height: first.frame.height * s)
        }
        let regions = TargetLayout.regions(
            for: snapshot, stack: stack(desktop.stack),
            monitor: TargetLayout.Monitor(frame: area, scale: 1))
        let scene = Scene(
            name: window.map { "Captured: \($0)" } ?? "Captured desktop",
            canvas: Canvas(size: Size(width: area.width, height: area.height)), regions: regions)
        do {
            // Our messages ("no space left on device"), never Foundation's "NSCocoaErrorDomain error 512".
            try OutputFile.write(Array(SceneWriter.json(scene).utf8), to: out)
        } catch {
            RunCommand.say("\(error)")
            throw ExitCode(.failure)
        }
        print(
            "wrote \(TerminalText.echo(out)): \(regions.count) regions from \(snapshot.windows.count) window\(snapshot.windows.count == 1 ? "" : "s")"
        )
    }

    private func stack(_ windows: [StackedWindow]) -> [ScreenWindow] {
        windows.map {
            ScreenWindow(
                frame: Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height)))
        }
    }
}
