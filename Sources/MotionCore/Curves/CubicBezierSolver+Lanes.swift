/// A unit cubic Bézier's coefficients (§2.2) for four curves, one per lane — how a kernel that
/// stores curves column by column holds them.
@usableFromInline package struct _BezierCoefficientLanes {
    public var ax: SIMD4<Double>, bx: SIMD4<Double>, cx: SIMD4<Double>
    public var ay: SIMD4<Double>, by: SIMD4<Double>, cy: SIMD4<Double>

    @inlinable
    public init(ax: SIMD4<Double>, bx: SIMD4<Double>, cx: SIMD4<Double>, ay: SIMD4<Double>, by: SIMD4<Double>, cy: SIMD4<Double>) {
        (self.ax, self.bx, self.cx, self.ay, self.by, self.cy) = (ax, bx, cx, ay, by, cy)
    }
}

extension _CubicBezierSolver {
    /// The solver of lane `k`, field for field the one the lanes were made from.
    @inlinable
    init(lane k: Int, of lanes: _BezierCoefficientLanes) {
        ax = lanes.ax[k]
        bx = lanes.bx[k]
        cx = lanes.cx[k]
        ay = lanes.ay[k]
        by = lanes.by[k]
        cy = lanes.cy[k]
    }

    /// `value(at:)` for four curves at once: lane k is the value of curve k at `x[k]`, bit for bit.
    ///
    /// The same Newton iteration as `solveX`, with the same operations in the same order, runs on
    /// all lanes together; a lane leaves the loop where the scalar loop would return. The four
    /// dependent chains of divisions overlap instead of waiting on each other, which is what
    /// makes a curve channel cheaper in the engine. A lane that needs the bisection fallback (a
    /// flat slope, or eight steps without converging) is finished by the scalar solver, as the
    /// scalar loop would be. Lanes outside `lanes` are not solved; their result is unspecified.
    @inlinable
    static func _values(_ curves: _BezierCoefficientLanes, at x: SIMD4<Double>, lanes: SIMDMask<SIMD4<Int64>>) -> SIMD4<Double> {
        let ax = curves.ax, bx = curves.bx, cx = curves.cx
        var x = x
        x.replace(with: 0, where: x .< 0)
        x.replace(with: 1, where: x .> 1)
        var t = x
        var pending = lanes, fallback = SIMDMask<SIMD4<Int64>>(repeating: false)
        let epsilon = SIMD4(repeating: Self.epsilon)
        for _ in 0..<8 {
            let error = _bezierCoordinate(ax, bx, cx, at: t) - x
            // |error| < ε, written without abs: the same answer for every input, NaN included.
            pending .&= .!((error .< epsilon) .& (error .> -epsilon))
            if !_anyLane(pending) { break }
            let slope = _bezierSlope(ax, bx, cx, at: t)
            let flat = (slope .< SIMD4(repeating: 1e-6)) .& (slope .> SIMD4(repeating: -1e-6))
            fallback .|= pending .& flat
            pending .&= .!flat
            t.replace(with: t - error / slope, where: pending)
        }
        fallback .|= pending
        let y = _bezierCoordinate(curves.ay, curves.by, curves.cy, at: t)
        var result = _round(y)
        if _anyLane(fallback) {
            for k in 0..<4 where fallback[k] { result[k] = Self(lane: k, of: curves).value(at: x[k]) }
        }
        return result
    }
}

extension _CubicBezierSolver {
    /// `_round` in four lanes, bit for bit.
    @inlinable @inline(__always)
    static func _round(_ v: SIMD4<Double>) -> SIMD4<Double> {
        _roundedToNearestOrAwayFromZero(v * SIMD4(repeating: resolution)) * SIMD4(repeating: epsilon)
    }

    /// `_roundedToNearestOrAwayFromZero` in four lanes: two pairs, since a comparison of two
    /// doubles is one SSE2 instruction whose result the selects use as it is, while four-lane
    /// masks are rebuilt lane by lane between a comparison and its use.
    @inlinable @inline(__always)
    static func _roundedToNearestOrAwayFromZero(_ y: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(lowHalf: _roundedToNearestOrAwayFromZero(y.lowHalf), highHalf: _roundedToNearestOrAwayFromZero(y.highHalf))
    }

    /// Each lane rounded to the nearest integer, ties away from zero (`rounded()`), converting
    /// nothing to integers (SSE2 has no conversion of 64-bit lanes). Below 2⁵², adding 2⁵² to
    /// |y| and taking it away again rounds |y| to an integer exactly (to nearest, ties to even);
    /// one less where that went up is its integer part, so the fraction left is exact and so is
    /// the tie test on it. From 2⁵² up, and for NaN, y is its own rounding. The sign is put back
    /// as a bit, which keeps −0 and rounds −0.3 to −0.
    @inlinable @inline(__always)
    static func _roundedToNearestOrAwayFromZero(_ y: SIMD2<Double>) -> SIMD2<Double> {
        let bits = unsafeBitCast(y, to: SIMD2<UInt64>.self)
        let sign = bits & SIMD2(repeating: 1 << 63)
        let magnitude = unsafeBitCast(bits & ~SIMD2(repeating: 1 << 63), to: SIMD2<Double>.self)
        let twoTo52 = SIMD2<Double>(repeating: 4_503_599_627_370_496)
        var whole = (magnitude + twoTo52) - twoTo52
        whole.replace(with: whole - SIMD2(repeating: 1), where: whole .> magnitude)
        var rounded = whole
        rounded.replace(with: whole + SIMD2(repeating: 1), where: magnitude - whole .>= SIMD2(repeating: 0.5))
        let signed = unsafeBitCast(unsafeBitCast(rounded, to: SIMD2<UInt64>.self) | sign, to: SIMD2<Double>.self)
        return signed.replacing(with: y, where: .!(magnitude .< twoTo52))
    }
}

extension BezierAnimation {
    /// The solver's coefficients, for kernels that store curves column by column.
    @inlinable
    package var _coefficients: (ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double) {
        (_solver.ax, _solver.bx, _solver.cx, _solver.ay, _solver.by, _solver.cy)
    }

    /// `_progress(time:)` of four curves given by their coefficients and durations, lane by lane
    /// bit for bit (`_CubicBezierSolver._values`). `finished` marks the lanes where `_progress`
    /// is nil; their progress is unspecified.
    @inlinable
    package static func _progress(
        _ curves: _BezierCoefficientLanes, duration: SIMD4<Double>,
        time: SIMD4<Double>
    ) -> (progress: SIMD4<Double>, finished: SIMDMask<SIMD4<Int64>>) {
        let finished = (duration .<= 0) .| (time .> duration)
        return (_CubicBezierSolver._values(curves, at: time / duration, lanes: .!finished), finished)
    }
}
