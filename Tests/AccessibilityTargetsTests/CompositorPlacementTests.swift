import AccessibilityTargets
import PointerCore
import Testing

/// Wayland (#36): toolkits report extents relative to their window; the
/// companion's window list places them on screen.
@Suite struct CompositorPlacementTests {
    static let monitor = TargetLayout.Monitor(frame: Rect(x: 0, y: 0, width: 1280, height: 800), scale: 1)

    /// A GTK 3 window as AT-SPI reports it on Wayland: at (0, 0), its button 12 px in.
    static func snapshot(title: String = "Files", pid: Int32 = 4242) -> AccessibilitySnapshot {
        AccessibilitySnapshot(
            windows: [AccessibleWindow(frame: Rect(x: 0, y: 0, width: 640, height: 420), processID: pid, title: title)],
            elements: [
                AccessibleElement(id: "b", kind: .control, frame: Rect(x: 12, y: 12, width: 66, height: 34), window: 0),
                AccessibleElement(
                    id: "t", kind: .text(singleLine: true, firstLineTop: 64, lineHeight: 17),
                    frame: Rect(x: 12, y: 60, width: 200, height: 26), window: 0),
            ])
    }

    @Test(
        "A2 on Wayland: a button reported at (12, 12) in a window the shell shows at (300, 200) is targeted at (312, 212)"
    )
    func offsetByTheWindow() {
        let windows = [
            CompositorWindow(processID: 4242, title: "Files", frame: Rect(x: 300, y: 200, width: 640, height: 420))
        ]
        let (placed, stack) = CompositorPlacement.place(Self.snapshot(), on: windows)
        let regions = TargetLayout.regions(for: placed, stack: stack, monitor: Self.monitor)
        #expect(regions.first { $0.id == "a11y.b" }?.frame == Rect(x: 312, y: 212, width: 66, height: 34))
        // The I-beam's line moves with it.
        let text = regions.first { $0.id.hasPrefix("a11y.t") }
        #expect(text.map { $0.frame.minY >= 260 && $0.frame.minY <= 264 } == true, "\(String(describing: text?.frame))")
    }

    @Test("Client-side shadows: extents count from the surface's corner, so the buffer origin (not the frame) is added")
    func shadowMargins() {
        // GTK 3 CSD: a 24 px shadow around a 640x420 frame.
        let windows = [
            CompositorWindow(
                processID: 4242, title: "Files", frame: Rect(x: 324, y: 224, width: 640, height: 420),
                buffer: Rect(x: 300, y: 200, width: 688, height: 468))
        ]
        var snapshot = Self.snapshot()
        snapshot.elements[0].frame = Rect(x: 36, y: 36, width: 66, height: 34)
        let (placed, stack) = CompositorPlacement.place(snapshot, on: windows)
        let regions = TargetLayout.regions(for: placed, stack: stack, monitor: Self.monitor)
        #expect(regions.first { $0.id == "a11y.b" }?.frame == Rect(x: 336, y: 236, width: 66, height: 34))
    }

    @Test("Two windows of one process are told apart by title; an unmatched window's elements are left out")
    func titlesAndUnmatched() {
        let windows = [
            CompositorWindow(
                processID: 4242, title: "Preferences", frame: Rect(x: 900, y: 500, width: 640, height: 420)),
            CompositorWindow(processID: 4242, title: "Files", frame: Rect(x: 300, y: 200, width: 640, height: 420)),
        ]
        let (placed, _) = CompositorPlacement.place(Self.snapshot(), on: windows)
        #expect(placed.elements.first { $0.id == "b" }?.frame.minX == 312)
        let (none, _) = CompositorPlacement.place(Self.snapshot(pid: 7), on: windows)
        #expect(none.elements.isEmpty)
    }

    @Test("A window stacked above covers the button: it is no target (the companion's stacking order)")
    func covered() {
        let windows = [
            CompositorWindow(processID: 4242, title: "Files", frame: Rect(x: 300, y: 200, width: 640, height: 420)),
            CompositorWindow(processID: 99, title: "Terminal", frame: Rect(x: 280, y: 180, width: 100, height: 60)),
        ]
        let (placed, stack) = CompositorPlacement.place(Self.snapshot(), on: windows)
        let regions = TargetLayout.regions(for: placed, stack: stack, monitor: Self.monitor)
        #expect(!regions.contains { $0.id == "a11y.b" })
        #expect(regions.contains { $0.id.hasPrefix("a11y.t") })
    }
}
