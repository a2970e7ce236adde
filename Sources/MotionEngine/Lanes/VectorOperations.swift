import Builtin

// Lane-wise arithmetic on `SIMD4<Double>` (and `SIMD8<Double>`) as single vector operations, for
// the engine's kernels.
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
// is set). The four-lane functions serve every build (`VectorLanes`); the rest — the `SIMD4`
// operators, eight-lane arithmetic, comparisons and masks — only builds for a chosen CPU.

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

    // Eight lanes, for the fluid kernel's eight-lane form (`FluidColumns.tickEight`), which only a
    // build for a chosen CPU has: one AVX-512 register each.
    extension SIMD8 where Scalar == Double {
        @_transparent
        static func + (lhs: Self, rhs: Self) -> Self {
            var result = lhs
            result._storage._value = Builtin.fadd_Vec8xFPIEEE64(lhs._storage._value, rhs._storage._value)
            return result
        }

        @_transparent
        static func - (lhs: Self, rhs: Self) -> Self {
            var result = lhs
            result._storage._value = Builtin.fsub_Vec8xFPIEEE64(lhs._storage._value, rhs._storage._value)
            return result
        }

        @_transparent
        static func * (lhs: Self, rhs: Self) -> Self {
            var result = lhs
            result._storage._value = Builtin.fmul_Vec8xFPIEEE64(lhs._storage._value, rhs._storage._value)
            return result
        }
    }

    /// Eight lanes' comparison results as LLVM's `<8 x i1>` — one AVX-512 mask register. The standard
    /// library's `SIMDMask<SIMD8<Int64>>` reduces and selects through loops over the lanes, which
    /// LLVM left as loops (a lane at a time through the stack); these are single instructions.
    struct LaneMask8 {
        var bits: Builtin.Vec8xInt1

        @_transparent init(_ bits: Builtin.Vec8xInt1) { self.bits = bits }

        @_transparent var any: Bool { UInt8(Builtin.bitcast_Vec8xInt1_Int8(bits)) != 0 }
        @_transparent var all: Bool { UInt8(Builtin.bitcast_Vec8xInt1_Int8(bits)) == 0xFF }

        @_transparent static func .& (lhs: Self, rhs: Self) -> Self { Self(Builtin.and_Vec8xInt1(lhs.bits, rhs.bits)) }
        @_transparent static func .| (lhs: Self, rhs: Self) -> Self { Self(Builtin.or_Vec8xInt1(lhs.bits, rhs.bits)) }

        /// Lanes 0–3 (or 4–7) as the four-lane mask the four-lane helpers take.
        @_transparent
        func half(high: Bool) -> SIMDMask<SIMD4<Int64>> {
            var lanes = SIMD8<Int64>()
            lanes._storage._value = Builtin.sext_Vec8xInt1_Vec8xInt64(bits)
            return (high ? lanes.highHalf : lanes.lowHalf) .!= SIMD4(repeating: 0)
        }
    }

    extension SIMD8 where Scalar == Double {
        // Ordered comparisons (false where a lane is NaN), as the standard library's `.<` and kin; and
        // "not greater", which is true for NaN, as `.!(a .> b)` is.
        @_transparent static func _lanes(_ lhs: Self, lessThan rhs: Self) -> LaneMask8 {
            LaneMask8(Builtin.fcmp_olt_Vec8xFPIEEE64(lhs._storage._value, rhs._storage._value))
        }
        @_transparent static func _lanes(_ lhs: Self, lessThanOrEqualTo rhs: Self) -> LaneMask8 {
            LaneMask8(Builtin.fcmp_ole_Vec8xFPIEEE64(lhs._storage._value, rhs._storage._value))
        }
        @_transparent static func _lanes(_ lhs: Self, greaterThanOrEqualTo rhs: Self) -> LaneMask8 {
            LaneMask8(Builtin.fcmp_oge_Vec8xFPIEEE64(lhs._storage._value, rhs._storage._value))
        }
        @_transparent static func _lanes(_ lhs: Self, greaterThan rhs: Self) -> LaneMask8 {
            LaneMask8(Builtin.fcmp_ogt_Vec8xFPIEEE64(lhs._storage._value, rhs._storage._value))
        }
        @_transparent static func _lanes(_ lhs: Self, notGreaterThan rhs: Self) -> LaneMask8 {
            LaneMask8(Builtin.fcmp_ule_Vec8xFPIEEE64(lhs._storage._value, rhs._storage._value))
        }
        @_transparent static func _lanes(_ lhs: Self, equalTo rhs: Self) -> LaneMask8 {
            LaneMask8(Builtin.fcmp_oeq_Vec8xFPIEEE64(lhs._storage._value, rhs._storage._value))
        }

        /// `replace(with:where:)` as one masked move.
        @_transparent
        mutating func _replace(with other: Self, where mask: LaneMask8) {
            _storage._value = Builtin.select_Vec8xInt1_Vec8xFPIEEE64(mask.bits, other._storage._value, _storage._value)
        }
    }
#endif
