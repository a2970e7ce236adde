/// A function from progress in [0, 1] to progress, with a derivative: the easing of a timing-curve
/// animation or a linear keyframe.
///
/// `value(at:)` and `velocity(at:)` reproduce SwiftUI to the bit where Apple has been measured
/// (docs/semantics.md §2, §9 C01–C11), including the 2⁻²⁰ rounding of Bézier results and the
/// infinite slopes of the circular curves at their steep ends.
@frozen
public struct UnitCurve: Hashable, Sendable {
    @usableFromInline
    internal enum _Function: Hashable, Sendable {
        case linear
        case circularEaseIn
        case circularEaseOut
        case circularEaseInOut
        case bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint)
    }

    @usableFromInline
    internal var _function: _Function

    @inlinable
    internal init(_function: _Function) { self._function = _function }

    /// A cubic Bézier from (0, 0) to (1, 1) through the two control points.
    ///
    /// The control points' x components are clamped to [0, 1] when the curve is evaluated, so it
    /// stays a function of progress; `value(at:)` clamps their y as well (decision 3).
    @inlinable
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(_function: .bezier(startControlPoint: startControlPoint, endControlPoint: endControlPoint))
    }

    /// Progress unchanged: `value(at: p) = p`.
    public static let linear = UnitCurve(_function: .linear)

    /// Starts slowly and accelerates: Bézier (0.42, 0), (1, 1).
    public static let easeIn = bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))

    /// Starts fast and decelerates: Bézier (0, 0), (0.58, 1).
    public static let easeOut = bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))

    /// Slow at both ends: Bézier (0.42, 0), (0.58, 1).
    public static let easeInOut = bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))

    /// The deprecated name of `easeInOut`.
    @available(*, deprecated, renamed: "easeInOut")
    public static var easeInEaseOut: UnitCurve { easeInOut }

    /// A quarter circle: `1 − √(1 − p²)`.
    public static let circularEaseIn = UnitCurve(_function: .circularEaseIn)

    /// A quarter circle: `√(1 − (1 − p)²)`.
    public static let circularEaseOut = UnitCurve(_function: .circularEaseOut)

    /// Two quarter circles meeting at p = 0.5 with an infinite slope.
    public static let circularEaseInOut = UnitCurve(_function: .circularEaseInOut)

    /// The curve mirrored about the diagonal: for the Bézier curves and the circular pair the
    /// inverse function, so `value(at: inverse.value(at: p)) ≈ p`.
    ///
    /// `circularEaseInOut` is its own inverse by this mapping, as in SwiftUI, although as a
    /// function it is not (§2.2).
    public var inverse: UnitCurve {
        switch _function {
        case .linear:
            return .linear
        case .circularEaseIn:
            return .circularEaseOut
        case .circularEaseOut:
            return .circularEaseIn
        case .circularEaseInOut:
            return .circularEaseInOut
        case let .bezier(p1, p2):
            return .bezier(
                startControlPoint: UnitPoint(x: p1.y, y: p1.x),
                endControlPoint: UnitPoint(x: p2.y, y: p2.x)
            )
        }
    }
}

extension UnitCurve: CustomStringConvertible {
    public var description: String {
        switch _function {
        case .linear: return "linear"
        case .circularEaseIn: return "circularEaseIn"
        case .circularEaseOut: return "circularEaseOut"
        case .circularEaseInOut: return "circularEaseInOut"
        case let .bezier(p1, p2): return "bezier((\(p1.x), \(p1.y)), (\(p2.x), \(p2.y)))"
        }
    }
}
