import CATSPIRuntime
import Foundation
import PointerCore

/// Scans one application: its showing top-level windows, then each window's
/// targets. Through the Collection interface a window costs one call (the
/// application walks its own tree and returns the showing controls, texts
/// and tool bars) plus one pipelined batch asking each match's role, states,
/// extents and parent; applications without Collection are walked node by
/// node (TreeWalk). Roles, states and geometry only, never text. Worker
/// thread only.
struct ApplicationScanner {
    enum Result {
        case scanned(ApplicationLayout)
        /// The application stopped answering part-way: keep its last good layout.
        case stalled
    }

    /// Per call of a batch; an application slower than this is not answering.
    static let callTimeout: Int32 = 400
    static let maxNodes = 20_000
    /// `AP_A11Y_WALK=1` walks every application node by node, as one without
    /// Collection is (to compare the two, and to test the fallback).
    static let alwaysWalk =
        ProcessInfo.processInfo.environment["AP_A11Y_WALK"].map { !$0.isEmpty && $0 != "0" } ?? false

    let app: OpaquePointer
    /// Prefixes element ids: stable for the application's life.
    let key: String
    /// When set, only windows whose accessible name (the title) contains this,
    /// ignoring case.
    var windowTitle: String?

    /// The windows worth scanning, retained (release with `ap_unref`); stalled
    /// when a call took longer than an answering application would.
    func showingWindows() -> (windows: [(object: OpaquePointer, frame: AccessibleWindow)], stalled: Bool) {
        var out: [(object: OpaquePointer, frame: AccessibleWindow)] = []
        var stalled = false
        func timed<T>(_ call: () -> T) -> T {
            let began = Date()
            defer { if Date().timeIntervalSince(began) > TreeWalk.unresponsive { stalled = true } }
            return call()
        }
        let count = timed { ap_child_count(app) }
        let processID = Int32(timed { ap_process_id(app) })
        for i in 0..<max(0, count) where !stalled {
            guard let child = timed({ ap_child(app, Int32(i)) }) else { continue }
            let states = timed { ap_states(child) }
            var keep = states & UInt32(AP_STATE_SHOWING) != 0 && !stalled
            var title: String?
            if keep {
                let name = timed { ap_name(child) }
                title = name.map { String(cString: $0) }
                ap_free(name)
            }
            if keep, let wanted = windowTitle {
                keep = title?.localizedCaseInsensitiveContains(wanted) ?? false
            }
            let r = keep ? timed({ ap_extents(child) }) : ap_rect()
            if keep, let frame = Self.usable(r.ok != 0, r.x, r.y, r.width, r.height) {
                out.append(
                    (
                        child,
                        AccessibleWindow(
                            frame: frame, processID: processID,
                            minimised: states & UInt32(AP_STATE_ICONIFIED) != 0, title: title)
                    ))
            } else {
                ap_unref(child)
            }
        }
        if stalled { for window in out { ap_unref(window.object) } }
        return stalled ? ([], true) : (out, false)
    }

    func scan() -> Result {
        let (windows, stalled) = showingWindows()
        defer { for window in windows { ap_unref(window.object) } }
        if stalled { return .stalled }
        var layout = ApplicationLayout(windows: windows.map(\.frame))
        for (index, window) in windows.enumerated() {
            switch scanWithCollection(window.object, index: index, into: &layout) {
            case .some(true): continue
            case .some(false): return .stalled
            case nil:
                let walk = TreeWalk(keyPrefix: key, maxNodes: Self.maxNodes)
                walk.walk(window: window.object, path: "\(index)", index: index)
                if walk.stalled { return .stalled }
                layout.elements += walk.elements
                layout.scrollBars.formUnion(walk.scrollBars)
                layout.nodes += walk.nodes
            }
        }
        return .scanned(layout)
    }

    /// true: scanned; false: the application stopped answering; nil: no Collection interface.
    private func scanWithCollection(
        _ window: OpaquePointer, index: Int,
        into layout: inout ApplicationLayout
    ) -> Bool? {
        guard !Self.alwaysWalk, let found = Self.matches(window, roles: AtspiRoles.targets) else { return nil }
        guard case .some(let matches) = found else { return false }
        defer { matches.release() }
        let objects = (0..<matches.count).compactMap { matches[$0] }
        guard let bars = describe(objects, window: { _ in index }, into: &layout) else { return false }
        layout.windowPaths.append(String(cString: ap_path(window)))
        // Tool bars: their controls form one group.
        for bar in bars where bar.target == .toolBar {
            guard let found = Self.matches(bar.object, roles: AtspiRoles.controls) else { continue }
            guard case .some(let members) = found else { return false }
            defer { members.release() }
            for i in 0..<members.count {
                guard let id = layout.idByPath[String(cString: ap_path(members[i]))],
                    let e = layout.elements.firstIndex(where: { $0.id == id })
                else { continue }
                layout.elements[e].group = "bar." + bar.id
            }
        }
        layout.regroupRows(in: [index], key: key)
        return true
    }

    /// Asks role, states, extents and parent of each of `objects` in one
    /// pipelined batch (then the first line of the texts among them) and puts
    /// the targets into `layout`, in the window `window` picks (nil: none,
    /// which is left out); objects no longer showing are taken out. Returns
    /// the others (tool bars, containers, windows), or nil when the
    /// application stopped answering.
    func describe(
        _ objects: [OpaquePointer], window: (Rect) -> Int?,
        into layout: inout ApplicationLayout
    ) -> [Other]? {
        var nodes = [ap_node](repeating: ap_node(), count: objects.count)
        let asked: [OpaquePointer?] = objects
        guard
            asked.withUnsafeBufferPointer({
                ap_describe_many($0.baseAddress, Int32(objects.count), &nodes, Self.callTimeout)
            }) == 0
        else {
            return nil
        }
        layout.nodes += objects.count
        var texts: [(object: OpaquePointer, element: AccessibleElement, path: String)] = []
        var others: [Other] = []
        for (i, node) in nodes.enumerated() {
            let path = String(cString: ap_path(objects[i]))
            let id = layout.idByPath[path] ?? "\(key).\(Self.idPart(path))"
            guard node.ok != 0, node.states & UInt32(AP_STATE_SHOWING) != 0,
                node.states & UInt32(AP_STATE_DEFUNCT) == 0,
                let frame = Self.usable(node.has_extents != 0, node.x, node.y, node.width, node.height)
            else {
                layout.remove(path: path)
                let target = AtspiRoles.byNumber[node.role]
                if node.ok != 0 && target != .control && target != .text {
                    others.append(
                        Other(object: objects[i], path: path, id: id, target: target, showing: false, frame: nil))
                }
                continue
            }
            if node.role == AtspiRoles.scrollBar { layout.scrollBars.insert(path) }
            let target = AtspiRoles.byNumber[node.role]
            switch target {
            case .control?, .text?:
                guard let w = window(frame) else {
                    layout.remove(path: path)
                    continue
                }
                if target == .control {
                    layout.upsert(
                        AccessibleElement(id: id, kind: .control, frame: frame, window: w), path: path,
                        parent: node.parent)
                } else {
                    let single = node.states & UInt32(AP_STATE_MULTI_LINE) == 0
                    texts.append(
                        (
                            objects[i],
                            AccessibleElement(
                                id: id, kind: .text(singleLine: single, firstLineTop: nil, lineHeight: nil),
                                frame: frame, window: w), path
                        ))
                }
            default:
                others.append(
                    Other(object: objects[i], path: path, id: id, target: target, showing: true, frame: frame))
            }
        }
        // Texts: where the first line is and how tall lines are.
        if !texts.isEmpty {
            var firsts = [ap_rect](repeating: ap_rect(), count: texts.count)
            let textObjects: [OpaquePointer?] = texts.map(\.object)
            guard
                textObjects.withUnsafeBufferPointer({
                    ap_first_character_many($0.baseAddress, Int32(texts.count), &firsts, Self.callTimeout)
                }) == 0
            else {
                return nil
            }
            for i in texts.indices {
                var e = texts[i].element
                if firsts[i].ok != 0, case .text(let single, _, _) = e.kind {
                    e.kind = .text(singleLine: single, firstLineTop: firsts[i].y, lineHeight: firsts[i].height)
                }
                layout.upsert(e, path: texts[i].path, parent: 0)
            }
        }
        return others
    }

    /// A node that is not a target itself.
    struct Other {
        let object: OpaquePointer
        let path: String
        let id: String
        let target: RoleMap.Target?
        let showing: Bool
        let frame: Rect?
    }

    /// What an event said about an object.
    enum Change: Sendable {
        /// Its bounds changed (GTK also says so of every ancestor of what moved).
        case bounds
        /// It showed or hid.
        case state
        /// It was added.
        case added
    }

    enum Refresh { case done, rescan, stalled }

    /// Brings `layout` up to date after events named `objects`: targets are
    /// asked again; a window that kept its size is shifted; the innermost
    /// containers whose bounds changed, and containers that were added, have
    /// their showing targets asked again (one Collection call and one batch
    /// each). GTK reports a change by bounds events on the container where it
    /// happened and on every ancestor (and says nothing of a new child until
    /// someone asks), so the innermost container is where to look, and its
    /// ancestors need nothing. Anything else (a resized window, a container
    /// that hid, a tool bar) needs the whole application.
    func refresh(_ objects: [(object: OpaquePointer, change: Change)], in layout: inout ApplicationLayout) -> Refresh {
        guard layout.canRefresh, !Self.alwaysWalk else { return .rescan }
        var changes: [String: Change] = [:]
        for o in objects { changes[String(cString: ap_path(o.object))] = o.change }
        let windows = layout // the windows do not change here
        guard let others = describe(objects.map(\.object), window: { windows.window(containing: $0) }, into: &layout)
        else { return .stalled }
        var containers: [Other] = []
        for other in others where other.target != .skip {
            let change = changes[other.path] ?? .state
            if other.target == .window {
                guard let w = layout.windowPaths.firstIndex(of: other.path), let frame = other.frame, other.showing,
                    frame.size == layout.windows[w].frame.size
                else { return .rescan }
                let was = layout.windows[w].frame
                if frame.origin != was.origin {
                    layout = layout.moving(window: w, dx: frame.minX - was.minX, dy: frame.minY - was.minY)
                }
                continue
            }
            guard other.showing, other.target == .container || other.target == nil, change != .state, other.frame != nil
            else {
                return .rescan
            }
            containers.append(other)
        }
        // Innermost: not strictly containing another changed container.
        let innermost = containers.filter { c in
            !containers.contains { d in
                guard let cf = c.frame, let df = d.frame, d.path != c.path, cf != df else { return false }
                return cf.minX <= df.minX && cf.minY <= df.minY && cf.maxX >= df.maxX && cf.maxY >= df.maxY
            }
        }
        for container in innermost {
            guard let found = Self.matches(container.object, roles: AtspiRoles.targets) else { return .rescan }
            guard case .some(let matches) = found else { return .stalled }
            defer { matches.release() }
            let inside = (0..<matches.count).compactMap { matches[$0] }
            guard let nested = describe(inside, window: { windows.window(containing: $0) }, into: &layout) else {
                return .stalled
            }
            if nested.contains(where: { $0.target == .toolBar }) { return .rescan }
        }
        layout.regroupRows(in: Set(layout.elements.map(\.window)), key: key)
        return .done
    }

    /// Matches of a Collection query, owned (call `release`).
    struct Matches {
        let objects: UnsafeMutablePointer<OpaquePointer?>?
        let count: Int
        subscript(i: Int) -> OpaquePointer? { objects?[i] }
        func release() { ap_free_matches(objects, Int32(count)) }
    }

    /// nil: no Collection interface; .some(nil): the application did not answer.
    static func matches(_ root: OpaquePointer, roles: [UInt32]) -> Matches?? {
        var out: UnsafeMutablePointer<OpaquePointer?>?
        var timedOut: Int32 = 0
        let count = roles.withUnsafeBufferPointer {
            ap_matches(root, $0.baseAddress, Int32($0.count), Int32(maxNodes), &out, &timedOut)
        }
        if count == -1 || (count < 0 && timedOut == 0) { return nil }
        guard count >= 0 else { return .some(nil) }
        return .some(Matches(objects: out, count: out == nil ? 0 : Int(count)))
    }

    /// The part of an object path that names the object (`…/accessible/123` → `123`),
    /// spelled with the characters a region id allows.
    static func idPart(_ path: String) -> String {
        let prefix = "/org/a11y/atspi/accessible/"
        let tail = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        return String(tail.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "_" })
    }

    /// A frame worth keeping: reported, non-empty, not parked off screen.
    static func usable(_ ok: Bool, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect? {
        guard ok, w > 0, h > 0, x > -10_000, y > -10_000 else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }
}
