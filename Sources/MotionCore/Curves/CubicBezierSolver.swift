/// A unit cubic Bézier from (0, 0) to (1, 1) with control points p1 and p2, solved for y at a
/// given x.
///
/// Coefficients (docs/semantics.md §2.2), for each axis:
///
///     c = 3·p1;  b = 3·(p2 − p1) − c;  a = 1 − c − b
///     X(t) = ((aₓt + bₓ)t + cₓ)t,   Y(t) = ((a_y t + b_y)t + c_y)t
///
/// `value(at:)` finds t with X(t) = x to within 2⁻²⁰ and returns Y(t) rounded to a multiple of
/// 2⁻²⁰; `velocity(at:)` returns dY/dX at that t, rounded the same way. The rounding makes the
/// result independent of the root finder once it is accurate to better than 2⁻²¹.
///
/// Whether y is clamped is the caller's choice: `UnitCurve.value(at:)` clamps it,
/// `UnitCurve.velocity(at:)` and `Animation.timingCurve` do not (decision 3).
@frozen
@usableFromInline
internal struct _CubicBezierSolver: Sendable {
    @usableFromInline let ax: Double, bx: Double, cx: Double
    @usableFromInline let ay: Double, by: Double, cy: Double

    /// The solver's resolution: 2⁻²⁰.
    @usableFromInline static let epsilon: Double = 1.0 / 1_048_576
    @usableFromInline static let resolution: Double = 1_048_576

    /// Builds the solver. The control points' x is always clamped to [0, 1] so X is monotonic;
    /// y is clamped only when `clampsY` is true.
    @inlinable
    init(x1: Double, y1: Double, x2: Double, y2: Double, clampsY: Bool) {
        let x1 = Self._clampUnit(x1), x2 = Self._clampUnit(x2)
        let y1 = clampsY ? Self._clampUnit(y1) : y1
        let y2 = clampsY ? Self._clampUnit(y2) : y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    @inlinable
    static func _clampUnit(_ v: Double) -> Double { v < 0 ? 0 : (v > 1 ? 1 : v) }

    @inlinable
    func _x(_ t: Double) -> Double { _bezierCoordinate(ax, bx, cx, at: t) }

    @inlinable
    func _y(_ t: Double) -> Double { _bezierCoordinate(ay, by, cy, at: t) }

    @inlinable
    func _dx(_ t: Double) -> Double { _bezierSlope(ax, bx, cx, at: t) }

    @inlinable
    func _dy(_ t: Double) -> Double { _bezierSlope(ay, by, cy, at: t) }

    /// The parameter t in [0, 1] with X(t) = x, to within 2⁻²⁰.
    ///
    /// Newton's method from t = x converges in two or three steps on every practical curve; it
    /// gives way to bisection, which always converges because X is monotonic once the control
    /// x are in [0, 1].
    @inlinable
    func solveX(_ x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = _x(t) - x
            if abs(error) < Self.epsilon { return t }
            let slope = _dx(t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var low = 0.0, high = 1.0
        t = x
        if t <= low { return low }
        if t >= high { return high }
        while low < high {
            let error = _x(t) - x
            if abs(error) < Self.epsilon { return t }
            if error < 0 { low = t } else { high = t }
            let next = (high - low) * 0.5 + low
            if next == t { return t }
            t = next
        }
        return t
    }

    /// Y at the parameter where X = `x`; `x` is clamped to [0, 1] first.
    @inlinable
    func value(at x: Double) -> Double {
        let t = solveX(Self._clampUnit(x))
        return Self._round(_y(t))
    }

    /// dY/dX at the parameter where X = `x`; `x` is clamped to [0, 1] first.
    ///
    /// Where dX = dY (which includes 0/0 at the flat ends of `easeIn` and `easeOut`) the slope is
    /// 1; where only dX vanishes it is ±∞. These are Apple's observed results (§9 C03, C05).
    @inlinable
    func velocity(at x: Double) -> Double {
        let t = solveX(Self._clampUnit(x))
        let dx = _dx(t), dy = _dy(t)
        if dx == dy { return 1 }
        if dx == 0 { return dy < 0 ? -.infinity : .infinity }
        return Self._round(dy / dx)
    }

    /// `v` rounded to the nearest multiple of 2⁻²⁰, ties away from zero.
    @inlinable
    static func _round(_ v: Double) -> Double {
        return _roundedToNearestOrAwayFromZero(v * resolution) * epsilon
    }

    /// `y.rounded()`, bit for bit (signed zeros, infinities and NaN included), without a call:
    /// on the x86-64 baseline (no SSE4.1 `roundsd`) `rounded()` is a call to libm's `round`,
    /// about a tenth of a curve channel's frame. One lane of the two-lane form (in
    /// `CubicBezierSolver+Lanes.swift`), so that one body states the rule for every caller.
    @inlinable
    static func _roundedToNearestOrAwayFromZero(_ y: Double) -> Double {
        _roundedToNearestOrAwayFromZero(SIMD2(repeating: y))[0]
    }
}
