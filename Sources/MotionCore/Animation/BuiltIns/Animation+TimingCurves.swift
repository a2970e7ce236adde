import Foundation

// Timing-curve animations (docs/semantics.md §2.3). The named curves default to 0.35 s.

extension Animation {
    /// Constant speed over 0.35 s.
    public static let linear = Animation.linear(duration: 0.35)

    /// Constant speed: the Bézier (0, 0), (1, 1).
    @inlinable
    public static func linear(duration: TimeInterval) -> Animation {
        timingCurve(0, 0, 1, 1, duration: duration)
    }

    /// Slow start over 0.35 s.
    public static let easeIn = Animation.easeIn(duration: 0.35)

    /// Slow start: the Bézier (0.42, 0), (1, 1).
    @inlinable
    public static func easeIn(duration: TimeInterval) -> Animation {
        timingCurve(bezier: .easeIn, duration: duration)
    }

    /// Slow end over 0.35 s.
    public static let easeOut = Animation.easeOut(duration: 0.35)

    /// Slow end: the Bézier (0, 0), (0.58, 1).
    @inlinable
    public static func easeOut(duration: TimeInterval) -> Animation {
        timingCurve(bezier: .easeOut, duration: duration)
    }

    /// Slow start and end over 0.35 s.
    public static let easeInOut = Animation.easeInOut(duration: 0.35)

    /// Slow start and end: the Bézier (0.42, 0), (0.58, 1).
    @inlinable
    public static func easeInOut(duration: TimeInterval) -> Animation {
        timingCurve(bezier: .easeInOut, duration: duration)
    }

    /// A cubic Bézier timing curve with control points (p1x, p1y) and (p2x, p2y). The x
    /// coordinates are clamped to [0, 1]; y is not, so the animation may overshoot.
    @inlinable
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: TimeInterval = 0.35) -> Animation {
        Animation(
            BezierAnimation(
                startControlPoint: UnitPoint(x: CGFloat(p1x), y: CGFloat(p1y)),
                endControlPoint: UnitPoint(x: CGFloat(p2x), y: CGFloat(p2y)),
                duration: duration))
    }

    /// One of `UnitCurve`'s Bézier presets as a timing-curve animation — SwiftUI's `easeIn`,
    /// `easeOut` and `easeInOut` are Bézier animations, not `UnitCurve` animations — so each
    /// preset's control points are written once, in `UnitCurve`.
    @usableFromInline
    static func timingCurve(bezier curve: UnitCurve, duration: TimeInterval) -> Animation {
        guard case let .bezier(start, end) = curve._function else { preconditionFailure("\(curve) is not a Bézier curve") }
        return Animation(BezierAnimation(startControlPoint: start, endControlPoint: end, duration: duration))
    }

    /// An animation along a `UnitCurve`, reporting the curve's velocity.
    @inlinable
    public static func timingCurve(_ curve: UnitCurve, duration: TimeInterval) -> Animation {
        Animation(UnitCurveAnimation(curve: curve, duration: duration))
    }
}
