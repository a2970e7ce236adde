extension _CubicBezierSolver {
    /// `value(at:)` for four curves at once: lane k is `solvers[k].value(at: x[k])`, bit for bit.
    ///
    /// The same Newton iteration as `solveX`, with the same operations in the same order, runs on
    /// all lanes together; a lane leaves the loop where the scalar loop would return. The four
    /// dependent chains of divisions overlap instead of waiting on each other, which is what
    /// makes a curve channel cheaper in the engine. A lane that needs the bisection fallback (a
    /// flat slope, or eight steps without converging) is finished by the scalar solver, as the
    /// scalar loop would be. Lanes outside `lanes` are not solved; their result is unspecified.
    @inlinable
    static func _values(_ solvers: (Self, Self, Self, Self), at x: SIMD4<Double>,
                        lanes: SIMDMask<SIMD4<Int64>>) -> SIMD4<Double> {
        let (s0, s1, s2, s3) = solvers
        let ax = SIMD4(s0.ax, s1.ax, s2.ax, s3.ax), bx = SIMD4(s0.bx, s1.bx, s2.bx, s3.bx)
        let cx = SIMD4(s0.cx, s1.cx, s2.cx, s3.cx)
        var x = x
        x.replace(with: 0, where: x .< 0)
        x.replace(with: 1, where: x .> 1)
        var t = x
        var pending = lanes, fallback = SIMDMask<SIMD4<Int64>>(repeating: false)
        let epsilon = SIMD4(repeating: Self.epsilon)
        for _ in 0..<8 {
            let error = ((ax * t + bx) * t + cx) * t - x
            // |error| < ε, written without abs: the same answer for every input, NaN included.
            pending .&= .!((error .< epsilon) .& (error .> -epsilon))
            if !any(pending) { break }
            let slope = cx + (2 * bx + 3 * ax * t) * t
            let flat = (slope .< SIMD4(repeating: 1e-6)) .& (slope .> SIMD4(repeating: -1e-6))
            fallback .|= pending .& flat
            pending .&= .!flat
            t.replace(with: t - error / slope, where: pending)
        }
        fallback .|= pending
        let ay = SIMD4(s0.ay, s1.ay, s2.ay, s3.ay), by = SIMD4(s0.by, s1.by, s2.by, s3.by)
        let cy = SIMD4(s0.cy, s1.cy, s2.cy, s3.cy)
        let y = ((ay * t + by) * t + cy) * t
        var result = SIMD4(_round(y[0]), _round(y[1]), _round(y[2]), _round(y[3]))
        if any(fallback) {
            if fallback[0] { result[0] = s0.value(at: x[0]) }
            if fallback[1] { result[1] = s1.value(at: x[1]) }
            if fallback[2] { result[2] = s2.value(at: x[2]) }
            if fallback[3] { result[3] = s3.value(at: x[3]) }
        }
        return result
    }
}
