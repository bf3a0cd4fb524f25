/// Relative motion read since the engine's last sample: each raw event's step
/// (as the server accelerated it) and when it happened. Raw events carry no
/// position, so one QueryPointer says where the newest step left the pointer;
/// walking the steps back from there says where the older ones did.
///
/// A loaded machine can read a whole flick in one late batch. Handed to the
/// engine as the one position it ended at, the flick has no speed and never
/// glides (B13); handed over as these samples, it keeps its speed.
struct RawMotionSteps: Equatable {
    struct Step: Equatable {
        var dx: Double
        var dy: Double
        /// When it happened (monotonic s).
        var time: Double
    }

    struct Sample: Equatable {
        var x: Double
        var y: Double
        var time: Double
    }

    private(set) var steps: [Step] = []

    /// Older steps than this many are dropped (they are walked back from the newest).
    static let capacity = 64
    /// Steps spanning no longer than this were read in time (a frame or so):
    /// the newest position alone is the sample, as before.
    static let lateSpan = 0.025
    /// Samples of a late batch are at least this far apart (a 125 Hz mouse).
    static let spacing = 0.008
    /// At most this many samples from one batch (the engine fits 60 ms of motion).
    static let maxSamples = 12

    var isEmpty: Bool { steps.isEmpty }

    mutating func append(dx: Double, dy: Double, time: Double) {
        if steps.count == Self.capacity { steps.removeFirst() }
        steps.append(Step(dx: dx, dy: dy, time: time))
    }

    mutating func removeAll() { steps.removeAll(keepingCapacity: true) }

    /// Where the pointer was after the steps, oldest first, ending with `end` at
    /// `endTime`. A batch read in time gives `end` alone. Positions are kept
    /// inside `bounds` (root px: the pointer cannot have left the monitor it
    /// ends on without the steps saying so, and a clamped edge would otherwise
    /// put early samples off it).
    func samples(
        endingAt end: (x: Double, y: Double), time endTime: Double,
        within bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    ) -> [Sample] {
        let last = Sample(x: end.x, y: end.y, time: endTime)
        guard steps.count > 1, let first = steps.first, endTime - first.time > Self.lateSpan else { return [last] }
        var out = [last]
        var x = end.x
        var y = end.y
        var keptTime = endTime
        // Position after step k-1 is the position after step k less step k.
        for k in stride(from: steps.count - 1, to: 0, by: -1) {
            x -= steps[k].dx
            y -= steps[k].dy
            let time = steps[k - 1].time
            guard keptTime - time >= Self.spacing else { continue }
            out.append(
                Sample(x: min(max(x, bounds.minX), bounds.maxX), y: min(max(y, bounds.minY), bounds.maxY), time: time))
            keptTime = time
            if out.count == Self.maxSamples { break }
        }
        return out.reversed()
    }
}
