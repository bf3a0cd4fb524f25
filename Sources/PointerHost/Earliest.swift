/// The earlier of two optional times (nil when neither is set). Deadlines are
/// combined this way on every frame: an array of optionals per call showed in
/// profiles of the moving pointer.
public func earliest(_ a: Double?, _ b: Double?) -> Double? {
    guard let a else { return b }
    guard let b else { return a }
    return min(a, b)
}
