import AccessibilityTargets
import PointerCore
import Testing

/// The rules that turn an accessibility snapshot into a monitor's targets.
@Suite struct TargetLayoutTests {
    static let window = AccessibleWindow(frame: Rect(x: 100, y: 100, width: 640, height: 420), processID: 1)
    static let button = AccessibleElement(
        id: "0.0.1", kind: .control, frame: Rect(x: 112, y: 112, width: 66, height: 34), window: 0)
    static let monitor = TargetLayout.Monitor(frame: Rect(x: 0, y: 0, width: 1280, height: 800), scale: 1)

    @Test(
        "A2 a push button becomes a control the pointer morphs into, with the highlight effect, where it is on screen")
    func buttonBecomesControl() {
        let snapshot = AccessibilitySnapshot(windows: [Self.window], elements: [Self.button])
        let stack = [ScreenWindow(frame: Self.window.frame)]
        let regions = TargetLayout.regions(for: snapshot, stack: stack, monitor: Self.monitor)
        #expect(regions.count == 1)
        #expect(regions.first?.frame == Self.button.frame)
        #expect(regions.first?.effect == .highlight)
    }

    @Test(
        "HiDPI: a toolkit reporting logical extents at 2x is matched to its X window and converted to pixels, then points"
    )
    func logicalExtentsAtTwo() {
        let snapshot = AccessibilitySnapshot(windows: [Self.window], elements: [Self.button])
        // The X window is twice the size the toolkit reports (GDK_SCALE=2); the overlay runs at scale 2.
        let stack = [ScreenWindow(frame: Rect(x: 200, y: 200, width: 1280, height: 840))]
        let m = TargetLayout.Monitor(frame: Rect(x: 0, y: 0, width: 2560, height: 1600), scale: 2)
        #expect(TargetLayout.match([Self.window], stack: stack).first??.scale == 2)
        let r = TargetLayout.regions(for: snapshot, stack: stack, monitor: m).first
        #expect(r?.frame == Rect(x: 112, y: 112, width: 66, height: 34), "\(String(describing: r?.frame))")
    }

    @Test(
        "nothing covered by another window (X stacking order), nothing from a minimised window, nothing off the monitor"
    )
    func hiddenOnesLeftOut() {
        let covering = ScreenWindow(frame: Rect(x: 90, y: 90, width: 200, height: 100))
        let snapshot = AccessibilitySnapshot(windows: [Self.window], elements: [Self.button])
        #expect(
            TargetLayout.regions(
                for: snapshot, stack: [ScreenWindow(frame: Self.window.frame), covering], monitor: Self.monitor
            ).isEmpty)
        // Below it, it shows.
        #expect(
            TargetLayout.regions(
                for: snapshot, stack: [covering, ScreenWindow(frame: Self.window.frame)], monitor: Self.monitor
            ).count == 1)
        var minimised = Self.window
        minimised.minimised = true
        #expect(
            TargetLayout.regions(
                for: AccessibilitySnapshot(windows: [minimised], elements: [Self.button]),
                stack: [], monitor: Self.monitor
            ).isEmpty)
        let right = TargetLayout.Monitor(frame: Rect(x: 1280, y: 0, width: 1280, height: 800), scale: 1)
        #expect(TargetLayout.regions(for: snapshot, stack: [], monitor: right).isEmpty)
    }

    @Test("several monitors: a target on the second monitor is in that monitor's canvas coordinates")
    func secondMonitor() {
        var window = Self.window
        window.frame.origin.x += 1280
        var button = Self.button
        button.frame.origin.x += 1280
        let right = TargetLayout.Monitor(frame: Rect(x: 1280, y: 0, width: 1280, height: 800), scale: 1)
        let r = TargetLayout.regions(
            for: AccessibilitySnapshot(windows: [window], elements: [button]), stack: [], monitor: right)
        #expect(r.first?.frame == Self.button.frame)
    }

    @Test("A3 text gets the I-beam snapped to its real lines; a single-line field holds it on its line")
    func textLines() throws {
        let view = AccessibleElement(
            id: "0.0.3", kind: .text(singleLine: false, firstLineTop: 230, lineHeight: 17),
            frame: Rect(x: 112, y: 226, width: 616, height: 240), window: 0)
        let entry = AccessibleElement(
            id: "0.0.2", kind: .text(singleLine: true, firstLineTop: 192, lineHeight: 17),
            frame: Rect(x: 112, y: 184, width: 616, height: 34), window: 0)
        let regions = TargetLayout.regions(
            for: AccessibilitySnapshot(windows: [Self.window], elements: [view, entry]),
            stack: [], monitor: Self.monitor)
        let v = try #require(regions.first { $0.id.hasSuffix("0.0.3") })
        #expect(v.shape == .verticalBeam(length: 17))
        #expect(
            v.snap?.y == 17 && v.snap?.origin.y == 4, "lines start 4 pt into the view: \(String(describing: v.snap))")
        let e = try #require(regions.first { $0.id.hasSuffix("0.0.2") })
        #expect(e.frame == Rect(x: 112, y: 192, width: 616, height: 17), "the region is the line")
        #expect(e.constrainedAxes == [.vertical])
        #expect(e.hitPadding?.top == 8 && e.hitPadding?.bottom == 9, "the rest of the field is hit area")
    }

    @Test(
        "roles: buttons, boxes, menu items, tabs, links are controls; entries and documents are text; separators are skipped"
    )
    func roles() {
        for role in [
            "push button", "toggle button", "check box", "radio button", "menu item", "page tab", "link", "combo box",
        ] {
            #expect(RoleMap.target(forRole: role) == .control, "\(role)")
        }
        for role in ["text", "entry", "terminal", "document text", "password text"] {
            #expect(RoleMap.target(forRole: role) == .text, "\(role)")
        }
        #expect(RoleMap.target(forRole: "tool bar") == .toolBar)
        #expect(RoleMap.target(forRole: "separator") == .skip)
        #expect(RoleMap.target(forRole: "panel") == .container)
    }
}
