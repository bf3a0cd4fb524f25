import Foundation
import PointerCore

/// A monitor as the compositor's companion reports it (logical pixels of the
/// global layout).
public struct CompanionMonitor: Sendable, Equatable {
    public var frame: Rect
    public var scale: Double
    public var connector: String?

    public init(frame: Rect, scale: Double = 1, connector: String? = nil) {
        self.frame = frame
        self.scale = scale
        self.connector = connector
    }
}

/// A window as the companion reports it. `buffer` includes client-side
/// shadows; toolkits report accessible extents relative to it.
public struct CompanionWindow: Sendable, Equatable {
    public var id: Int
    public var processID: Int32
    public var title: String
    public var frame: Rect
    public var buffer: Rect
    public var minimized: Bool
    /// One of the overlay's own windows.
    public var isOverlay: Bool

    public init(
        id: Int, processID: Int32, title: String, frame: Rect, buffer: Rect? = nil,
        minimized: Bool = false, isOverlay: Bool = false
    ) {
        self.id = id
        self.processID = processID
        self.title = title
        self.frame = frame
        self.buffer = buffer ?? frame
        self.minimized = minimized
        self.isOverlay = isOverlay
    }
}

/// One line from the companion (docs/companion-protocol.md).
public enum CompanionMessage: Sendable, Equatable {
    case hello(shell: String, version: String, protocolVersion: Int)
    case busy
    /// `time`: CLOCK_MONOTONIC seconds. `buttons`: 1 primary, 2 middle, 4 secondary.
    case pointer(time: Double, at: Point, buttons: Int, modifiers: Set<ModifierKey>)
    case monitors([CompanionMonitor])
    /// Bottom to top.
    case windows([CompanionWindow])
    case quit

    public static let protocolVersion = 1
    /// Longer lines end the connection (the companion never sends one).
    public static let maxLineBytes = 1 << 20

    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// nil: a message this version does not know (ignored, so the companion can grow).
    public static func parse(_ line: Substring) throws -> CompanionMessage? {
        let name = line.prefix { $0 != " " }
        let rest = line.dropFirst(name.count).drop { $0 == " " }
        let words = rest.split(separator: " ")
        func number(_ i: Int, _ what: String) throws -> Double {
            guard i < words.count, let v = Double(words[i]), v.isFinite else {
                throw ParseError(description: "`\(name)`: \(what) is missing or not a finite number")
            }
            return v
        }
        switch name {
        case "hello":
            guard words.count >= 3, let p = Int(words[2]) else {
                throw ParseError(description: "`hello` needs a shell name, its version and the protocol number")
            }
            return .hello(shell: String(words[0]), version: String(words[1]), protocolVersion: p)
        case "busy": return .busy
        case "quit": return .quit
        case "pointer":
            let time = try number(0, "the time")
            let x = try number(1, "x")
            let y = try number(2, "y")
            let buttons = Int(try number(3, "the buttons"))
            let mods = Int(try number(4, "the modifiers"))
            var keys = Set<ModifierKey>()
            for (bit, key) in [(1, ModifierKey.shift), (2, .ctrl), (4, .alt), (8, .super)] where mods & bit != 0 {
                keys.insert(key)
            }
            return .pointer(time: time / 1e6, at: Point(x: x, y: y), buttons: buttons & 7, modifiers: keys)
        case "monitors":
            return .monitors(
                try objects(rest, "monitors").map { o in
                    CompanionMonitor(
                        frame: try rect(o, "monitors"), scale: (o["scale"] as? NSNumber)?.doubleValue ?? 1,
                        connector: o["connector"] as? String)
                })
        case "windows":
            return .windows(
                try objects(rest, "windows").map { o in
                    guard let frame = try rect(array: o["frame"], "windows: frame") else {
                        throw ParseError(description: "`windows`: a window without a frame")
                    }
                    return CompanionWindow(
                        id: (o["id"] as? NSNumber)?.intValue ?? 0, processID: (o["pid"] as? NSNumber)?.int32Value ?? 0,
                        title: o["title"] as? String ?? "", frame: frame,
                        buffer: try rect(array: o["buffer"], "windows: buffer"),
                        minimized: (o["minimized"] as? NSNumber)?.boolValue ?? false,
                        isOverlay: (o["overlay"] as? NSNumber)?.boolValue ?? false)
                })
        default:
            return nil
        }
    }

    private static func objects(_ json: Substring, _ name: String) throws -> [[String: Any]] {
        guard let value = try? JSONSerialization.jsonObject(with: Data(json.utf8)), let list = value as? [[String: Any]]
        else {
            throw ParseError(description: "`\(name)` is not followed by a JSON array of objects")
        }
        return list
    }

    private static func rect(_ o: [String: Any], _ name: String) throws -> Rect {
        let v = ["x", "y", "width", "height"].map { (o[$0] as? NSNumber)?.doubleValue ?? .nan }
        guard v.allSatisfy(\.isFinite), v[2] >= 0, v[3] >= 0 else {
            throw ParseError(description: "`\(name)`: x, y, width and height must be finite, the size not negative")
        }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    private static func rect(array: Any?, _ name: String) throws -> Rect? {
        guard let array else { return nil }
        guard let a = array as? [NSNumber], a.count == 4 else {
            throw ParseError(description: "`\(name)` must be [x, y, width, height]")
        }
        let v = a.map(\.doubleValue)
        guard v.allSatisfy(\.isFinite), v[2] >= 0, v[3] >= 0 else {
            throw ParseError(description: "`\(name)` must be finite, the size not negative")
        }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }
}
