import MotionCore

/// A deliberately small animation engine: many values, each tweened from one number to another
/// over a duration along one of MotionCore's unit curves, advanced a frame at a time.
public struct TweenEngine {
    public private(set) var values: [Double]
    var from: [Double], to: [Double], start: [Double], duration: [Double]
    let curve: UnitCurve

    public init(count: Int, curve: UnitCurve) {
        values = Array(repeating: 0, count: count)
        from = values
        to = values
        start = values
        duration = Array(repeating: 1, count: count)
        self.curve = curve
    }

    /// Starts value `index` towards `target` at `time`, from wherever it is.
    public mutating func animate(_ index: Int, to target: Double, duration seconds: Double, at time: Double) {
        from[index] = values[index]
        to[index] = target
        start[index] = time
        duration[index] = seconds
    }

    /// Advances every value to `time`.
    public mutating func tick(at time: Double) {
        for index in values.indices {
            let progress = min(max((time - start[index]) / duration[index], 0), 1)
            values[index] = from[index] + (to[index] - from[index]) * curve.value(at: progress)
        }
    }
}
