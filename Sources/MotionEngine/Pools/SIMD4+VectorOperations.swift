import Builtin

// Lane-wise arithmetic on `SIMD4<Double>` as single vector operations, for the engine's kernels.
//
// The standard library states `+`, `-`, `*` and `/` once for every SIMD type, as a loop over the
// lanes, and leaves it to LLVM to turn the four scalar operations back into a vector one (it
// gives concrete forms only for the comparisons). For the x86-64 baseline (SSE2, two lanes a
// register) it does so reliably. With wider registers it does not: built with `-target-cpu
// native` (AVX-512 here) or `haswell` (AVX2), the fluid kernel's step loop kept lanes 0–1 of
// `(target − x)·k` in a vector and computed lanes 2 and 3 as scalars, rebuilt every step with
// extracts, broadcasts and blends. The functions below are the vector instruction itself: LLVM's
// `fadd`, `fsub`, `fmul` and `fdiv` on `<4 x double>`, reached through the `Builtin` module.
//
// The results are the standard library's, bit for bit: each lane is the same IEEE 754 operation
// on the same operands (no fused multiply-add, no reassociation — none of LLVM's fast-math flags
// is set).

@_transparent
func _vectorSum(_ lhs: SIMD4<Double>, _ rhs: SIMD4<Double>) -> SIMD4<Double> {
    var result = lhs
    result._storage._value = Builtin.fadd_Vec4xFPIEEE64(lhs._storage._value, rhs._storage._value)
    return result
}

@_transparent
func _vectorDifference(_ lhs: SIMD4<Double>, _ rhs: SIMD4<Double>) -> SIMD4<Double> {
    var result = lhs
    result._storage._value = Builtin.fsub_Vec4xFPIEEE64(lhs._storage._value, rhs._storage._value)
    return result
}

@_transparent
func _vectorProduct(_ lhs: SIMD4<Double>, _ rhs: SIMD4<Double>) -> SIMD4<Double> {
    var result = lhs
    result._storage._value = Builtin.fmul_Vec4xFPIEEE64(lhs._storage._value, rhs._storage._value)
    return result
}

@_transparent
func _vectorQuotient(_ lhs: SIMD4<Double>, _ rhs: SIMD4<Double>) -> SIMD4<Double> {
    var result = lhs
    result._storage._value = Builtin.fdiv_Vec4xFPIEEE64(lhs._storage._value, rhs._storage._value)
    return result
}

#if MOTIONENGINE_VECTOR_OPERATORS
// Built for a chosen CPU (`MOTIONBENCH_TARGET_CPU`, Package.swift), every `SIMD4<Double>`
// operation in the engine is the vector one: these overloads are preferred to the standard
// library's generic ones wherever the type is known. Not in the portable build: there the
// standard library's loops give the fluid kernel the register allocation it was tuned under, and
// with these it kept `x` in memory across steps (6–11% slower, compare-revisions; the keyframe
// kernel, which gains either way, uses `VectorLanes`). Negation stays the standard library's,
// `0 − a`, which gives +0 for +0 where flipping the sign would give −0.
extension SIMD4 where Scalar == Double {
    @_transparent static func + (lhs: Self, rhs: Self) -> Self { _vectorSum(lhs, rhs) }
    @_transparent static func - (lhs: Self, rhs: Self) -> Self { _vectorDifference(lhs, rhs) }
    @_transparent static func * (lhs: Self, rhs: Self) -> Self { _vectorProduct(lhs, rhs) }
    @_transparent static func / (lhs: Self, rhs: Self) -> Self { _vectorQuotient(lhs, rhs) }
}
#endif
