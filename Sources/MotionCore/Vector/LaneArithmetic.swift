/// The arithmetic a per-value formula needs, so one expression serves a `Double` and four lanes
/// of `SIMD4<Double>` — the runtime and the engine's vector kernels — with the same operations in
/// the same order, hence the same bits in every lane.
@usableFromInline package protocol _LaneArithmetic {
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Self) -> Self
    /// `value` in every lane.
    init(_lanes value: Double)
}

extension Double: _LaneArithmetic {
    @inlinable
    public init(_lanes value: Double) { self = value }
}

extension SIMD4: _LaneArithmetic where Scalar == Double {
    @inlinable
    public init(_lanes value: Double) { self.init(repeating: value) }
}

/// `any(mask)`, folded in halves. On the x86-64 baseline (SSE2) the standard reduction moves
/// each lane to an integer register and takes their minimum (about a dozen instructions, in a
/// loop's exit test), while this OR of the halves becomes one `movmskps`.
@inlinable @inline(__always)
package func _anyLane(_ mask: SIMDMask<SIMD4<Int64>>) -> Bool {
    let halves = mask._storage.lowHalf | mask._storage.highHalf
    return halves[0] | halves[1] < 0
}

/// `all(mask)` as "no lane false", which `_anyLane` reduces well; an AND of the lanes goes
/// through integer registers as the standard form does (the negation folds into the comparison
/// that made the mask).
@inlinable @inline(__always)
package func _allLanes(_ mask: SIMDMask<SIMD4<Int64>>) -> Bool {
    !_anyLane(.!mask)
}

/// A cubic without constant term in Horner form, ((a·t + b)·t + c)·t: the coordinate of a unit
/// Bézier at parameter t (§2.2).
@inlinable
package func _bezierCoordinate<V: _LaneArithmetic>(_ a: V, _ b: V, _ c: V, at t: V) -> V {
    ((a * t + b) * t + c) * t
}

/// Its derivative, c + (2b + 3a·t)·t.
@inlinable
package func _bezierSlope<V: _LaneArithmetic>(_ a: V, _ b: V, _ c: V, at t: V) -> V {
    c + (V(_lanes: 2) * b + V(_lanes: 3) * a * t) * t
}

/// The cubic Hermite basis at s (§5.2): h00 = 2s³ − 3s² + 1, h10 = s³ − 2s² + s,
/// h01 = −2s³ + 3s², h11 = s³ − s².
@inlinable
package func _hermiteBasis<V: _LaneArithmetic>(_ s: V) -> (h00: V, h10: V, h01: V, h11: V) {
    let s2 = s * s, s3 = s2 * s
    let two = V(_lanes: 2), three = V(_lanes: 3)
    return (two * s3 - three * s2 + V(_lanes: 1), s3 - two * s2 + s, V(_lanes: -2) * s3 + three * s2, s3 - s2)
}

/// The cubic Hermite segment from `from` to `to` with tangents m0 and m1, given the basis at s
/// (`_hermiteBasis`, §5.2): from·h00 + m0·h10 + to·h01 + m1·h11, added in the order
/// `_KeyframeSegments._value` adds them. The basis is an argument so that a caller evaluates it
/// before loading the operands: the other way round, the four-lane kernel kept its loads across
/// the basis call in memory (6% more instructions in the keyframe tick).
@inlinable @inline(__always)
package func _hermite<V: _LaneArithmetic>(_ h: (h00: V, h10: V, h01: V, h11: V), from: V, to: V, startTangent m0: V, endTangent m1: V) -> V {
    from * h.h00 + m0 * h.h10 + to * h.h01 + m1 * h.h11
}

/// One step of the fluid spring's integrator (§3.1, step 5) in lanes: `FluidSpringAnimation`'s
/// step, with `scaled(by:)` as a product and the same operations in the same order, so each lane
/// gets the bits the runtime gets for its channel. h is the step, `half` h/2; returns the new
/// offset, velocity and force.
@inlinable @inline(__always)
package func _fluidStep<V: _LaneArithmetic>(
    offset x: V, velocity v: V, force f: V, target: V, stiffness k: V, damping c: V,
    step: V, half: V
) -> (offset: V, velocity: V, force: V) {
    let mid = f * half + v
    let offset = x + mid * step
    let force = (target - offset) * k - mid * c
    return (offset, force * half + mid, force)
}
