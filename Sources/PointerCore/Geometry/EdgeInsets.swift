/// Distances beyond each edge of a rectangle (used for hit padding).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    public init(all value: Double) {
        self.init(top: value, right: value, bottom: value, left: value)
    }
}
