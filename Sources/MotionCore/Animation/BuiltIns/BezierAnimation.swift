import Foundation

/// A timing-curve animation along a cubic Bézier whose control points are clamped in x only, so
/// the value may overshoot (`Animation.timingCurve(0.68, −0.6, 0.32, 1.6)`). What `linear`,
/// `easeIn`, `easeOut`, `easeInOut` and `timingCurve(_:_:_:_:duration:)` make.
///
///     animate(v, t) = v · B(clamp(t / duration, 0, 1))     nil once t > duration or duration ≤ 0
///
/// It reports no velocity and never merges, so a retarget combines (docs/semantics.md §2.3).
/// A NaN duration is treated as 0: the animation finishes at once.
public struct BezierAnimation: CustomAnimation {
    public let startControlPoint: UnitPoint
    public let endControlPoint: UnitPoint
    public let duration: TimeInterval

    @usableFromInline
    internal let _solver: _CubicBezierSolver

    @inlinable
    public init(startControlPoint: UnitPoint, endControlPoint: UnitPoint, duration: TimeInterval) {
        self.startControlPoint = startControlPoint
        self.endControlPoint = endControlPoint
        self.duration = duration.isNaN ? 0 : duration
        self._solver = _CubicBezierSolver(
            x1: Double(startControlPoint.x), y1: Double(startControlPoint.y),
            x2: Double(endControlPoint.x), y2: Double(endControlPoint.y), clampsY: false)
    }

    /// The fraction of the change covered at `time`, or nil once finished.
    @inlinable
    package func _progress(time: TimeInterval) -> Double? {
        if duration <= 0 || time > duration { return nil }
        return _solver.value(at: time / duration)
    }

    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        _progress(time: time).map { value.scaled(by: $0) }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.startControlPoint == rhs.startControlPoint && lhs.endControlPoint == rhs.endControlPoint && lhs.duration == rhs.duration
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(startControlPoint)
        hasher.combine(endControlPoint)
        hasher.combine(duration)
    }
}

/// A timing-curve animation along a `UnitCurve` — `Animation.timingCurve(_ curve:duration:)`.
/// Unlike `BezierAnimation` it reports a velocity, `v / duration · curve.velocity(at: t/duration)`,
/// and the curve's `value(at:)` clamps control points in y (decision 3, §2.3).
public struct UnitCurveAnimation: CustomAnimation {
    public let curve: UnitCurve
    public let duration: TimeInterval

    @inlinable
    public init(curve: UnitCurve, duration: TimeInterval) {
        self.curve = curve
        self.duration = duration.isNaN ? 0 : duration
    }

    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        if duration <= 0 || time > duration { return nil }
        return value.scaled(by: curve.value(at: _CubicBezierSolver._clampUnit(time / duration)))
    }

    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        if duration <= 0 { return nil }
        return value.scaled(by: curve.velocity(at: _CubicBezierSolver._clampUnit(time / duration)) / duration)
    }
}
