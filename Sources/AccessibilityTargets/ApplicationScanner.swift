import CATSPI
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
    static let alwaysWalk = ProcessInfo.processInfo.environment["AP_A11Y_WALK"].map { !$0.isEmpty && $0 != "0" } ?? false

    let app: UnsafeMutablePointer<AtspiAccessible>
    /// Prefixes element ids: stable for the application's life.
    let key: String
    /// When set, only windows whose accessible name (the title) contains this,
    /// ignoring case. The name is compared, never kept.
    var windowTitle: String?

    /// The windows worth scanning, retained (release with `ap_unref`); stalled
    /// when a call took longer than an answering application would.
    func showingWindows() -> (windows: [(object: UnsafeMutablePointer<AtspiAccessible>, frame: AccessibleWindow)], stalled: Bool) {
        var out: [(object: UnsafeMutablePointer<AtspiAccessible>, frame: AccessibleWindow)] = []
        var stalled = false
        func timed<T>(_ call: () -> T) -> T {
            let began = Date()
            defer { if Date().timeIntervalSince(began) > TreeWalk.unresponsive { stalled = true } }
            return call()
        }
        let count = timed { ap_child_count(app) }
        for i in 0..<max(0, count) where !stalled {
            guard let child = timed({ ap_child(app, Int32(i)) }) else { continue }
            let states = timed { ap_states(child) }
            var keep = states & UInt32(AP_STATE_SHOWING) != 0 && !stalled
            if keep, let wanted = windowTitle {
                let name = atspi_accessible_get_name(child, nil)
                keep = name.map { String(cString: $0).localizedCaseInsensitiveContains(wanted) } ?? false
                g_free(name)
            }
            let r = keep ? timed({ ap_extents(child) }) : ap_rect()
            if keep, let frame = Self.usable(r.ok != 0, r.x, r.y, r.width, r.height) {
                out.append((child, AccessibleWindow(frame: frame, processID: 0, minimised: states & UInt32(AP_STATE_ICONIFIED) != 0)))
            } else {
                ap_unref(child)
            }
        }
        if stalled { out.forEach { ap_unref($0.object) } }
        return stalled ? ([], true) : (out, false)
    }

    func scan() -> Result {
        let (windows, stalled) = showingWindows()
        defer { windows.forEach { ap_unref($0.object) } }
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
    private func scanWithCollection(_ window: UnsafeMutablePointer<AtspiAccessible>, index: Int,
                                     into layout: inout ApplicationLayout) -> Bool? {
        guard !Self.alwaysWalk, let found = Self.matches(window, roles: AtspiRoles.targets) else { return nil }
        guard case .some(let matches) = found else { return false }
        defer { matches.release() }
        var nodes = [ap_node](repeating: ap_node(), count: matches.count)
        guard ap_describe_many(matches.objects, Int32(matches.count), &nodes, Self.callTimeout) == 0 else { return false }
        layout.nodes += matches.count
        var texts: [(object: UnsafeMutablePointer<AtspiAccessible>?, element: AccessibleElement)] = []
        var toolBars: [(object: UnsafeMutablePointer<AtspiAccessible>?, id: String)] = []
        var controls: [AccessibleElement] = []
        var parents: [UInt64] = []
        for (i, node) in nodes.enumerated() where node.ok != 0 {
            guard node.states & UInt32(AP_STATE_SHOWING) != 0, node.states & UInt32(AP_STATE_DEFUNCT) == 0 else { continue }
            let path = String(cString: ap_path(matches[i]))
            let id = "\(key).\(Self.idPart(path))"
            if node.role == AtspiRoles.scrollBar { layout.scrollBars.insert(path) }
            guard let frame = Self.usable(node.has_extents != 0, node.x, node.y, node.width, node.height) else { continue }
            switch AtspiRoles.byNumber[node.role] {
            case .control?:
                controls.append(AccessibleElement(id: id, kind: .control, frame: frame, window: index))
                parents.append(node.parent)
            case .text?:
                let single = node.states & UInt32(AP_STATE_MULTI_LINE) == 0
                texts.append((matches[i], AccessibleElement(id: id, kind: .text(singleLine: single, firstLineTop: nil, lineHeight: nil),
                                                                    frame: frame, window: index)))
            case .toolBar?:
                toolBars.append((matches[i], id))
            default:
                continue
            }
        }
        // Tool bars: their controls form one group.
        var barOf: [String: String] = [:]
        for bar in toolBars {
            guard let object = bar.object, let found = Self.matches(object, roles: AtspiRoles.controls) else { continue }
            guard case .some(let members) = found else { return false }
            for i in 0..<members.count { barOf["\(key).\(Self.idPart(String(cString: ap_path(members[i]))))"] = "bar." + bar.id }
            members.release()
        }
        // Rows: contiguous controls of one parent (outside tool bars).
        var byParent: [UInt64: [Int]] = [:]
        for i in controls.indices {
            if let bar = barOf[controls[i].id] { controls[i].group = bar } else { byParent[parents[i], default: []].append(i) }
        }
        for (parent, indexes) in byParent where parent != 0 {
            RowGrouping.group(&controls, indexes: indexes, parent: "\(key).p\(String(parent, radix: 36))")
        }
        // Texts: where the first line is and how tall lines are.
        if !texts.isEmpty {
            var firsts = [ap_rect](repeating: ap_rect(), count: texts.count)
            let objects = texts.map(\.object)
            guard objects.withUnsafeBufferPointer({ ap_first_character_many($0.baseAddress, Int32(texts.count), &firsts, Self.callTimeout) }) == 0 else {
                return false
            }
            for i in texts.indices where firsts[i].ok != 0 {
                if case .text(let single, _, _) = texts[i].element.kind {
                    texts[i].element.kind = .text(singleLine: single, firstLineTop: firsts[i].y, lineHeight: firsts[i].height)
                }
            }
        }
        layout.elements += controls + texts.map(\.element)
        return true
    }

    /// Matches of a Collection query, owned (call `release`).
    struct Matches {
        let objects: UnsafeMutablePointer<UnsafeMutablePointer<AtspiAccessible>?>?
        let count: Int
        subscript(i: Int) -> UnsafeMutablePointer<AtspiAccessible>? { objects?[i] }
        func release() { ap_free_matches(objects, Int32(count)) }
    }

    /// nil: no Collection interface; .some(nil): the application did not answer.
    static func matches(_ root: UnsafeMutablePointer<AtspiAccessible>, roles: [UInt32]) -> Matches??  {
        var out: UnsafeMutablePointer<UnsafeMutablePointer<AtspiAccessible>?>?
        var timedOut: Int32 = 0
        let count = roles.withUnsafeBufferPointer { ap_matches(root, $0.baseAddress, Int32($0.count), Int32(maxNodes), &out, &timedOut) }
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
