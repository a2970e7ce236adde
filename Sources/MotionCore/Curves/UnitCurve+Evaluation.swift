import Foundation

extension UnitCurve {
    /// The curve's output at `progress`.
    ///
    /// - Linear returns `progress` unchanged, unclamped.
    /// - The circular curves use `progress` unclamped; outside [0, 1] the square roots make the
    ///   result NaN, as in SwiftUI.
    /// - Bézier curves clamp `progress` to [0, 1], clamp both coordinates of the control points to
    ///   [0, 1] and round the result to a multiple of 2⁻²⁰.
    ///
    /// Spec: docs/semantics.md §2.2, decision 3; §9 C01–C11.
    @inlinable
    public func value(at progress: Double) -> Double {
        switch _function {
        case .linear:
            return progress
        case .circularEaseIn:
            return 1 - (1 - progress * progress).squareRoot()
        case .circularEaseOut:
            let q = 1 - progress
            return (1 - q * q).squareRoot()
        case .circularEaseInOut:
            if progress < 0.5 {
                return (1 - (1 - 4 * progress * progress).squareRoot()) / 2
            }
            return (((8 - 4 * progress) * progress - 3).squareRoot() + 1) / 2
        case let .bezier(p1, p2):
            return _solver(p1, p2, clampsY: true).value(at: progress)
        }
    }

    /// The curve's slope at `progress`: d value / d progress.
    ///
    /// Bézier control points are clamped in x only, so an overshooting curve reports its true
    /// slope; where the slope is vertical the result is ±∞, and the flat 0/0 ends of `easeIn` and
    /// `easeOut` report 1 (Apple's observed values, §9 C03, C05).
    ///
    /// Spec: docs/semantics.md §2.2.
    @inlinable
    public func velocity(at progress: Double) -> Double {
        switch _function {
        case .linear:
            return 1
        case .circularEaseIn:
            return abs(progress / (1 - progress * progress).squareRoot())
        case .circularEaseOut:
            return abs((progress - 1) / (-(progress - 2) * progress).squareRoot())
        case .circularEaseInOut:
            if progress >= 0.5 {
                return abs((2 * progress - 2) / ((-4 * progress + 8) * progress - 3).squareRoot())
            }
            return abs(2 * progress / (-4 * progress * progress + 1).squareRoot())
        case let .bezier(p1, p2):
            return _solver(p1, p2, clampsY: false).velocity(at: progress)
        }
    }

    @inlinable
    internal func _solver(_ p1: UnitPoint, _ p2: UnitPoint, clampsY: Bool) -> _CubicBezierSolver {
        _CubicBezierSolver(x1: Double(p1.x), y1: Double(p1.y), x2: Double(p2.x), y2: Double(p2.y), clampsY: clampsY)
    }
}
