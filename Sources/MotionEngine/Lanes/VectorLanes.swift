import MotionCore

/// Four lanes for MotionCore's lane-generic formulas (`_hermite`, …) whose arithmetic is LLVM's
/// vector operations (VectorOperations.swift) in every build. `SIMD4<Double>`'s own
/// conformance, in MotionCore, uses the standard library's lane loops, which MotionCore's Bézier
/// solver is faster with (10% in the portable build, more in a native one); the keyframe kernel is
/// faster with these (8–12% in the portable build, half the time in a native one; Sources/MotionEngine/README.md).
/// Same results, bit for bit.
struct VectorLanes: _LaneArithmetic {
    var vector: SIMD4<Double>

    @inline(__always) init(_ vector: SIMD4<Double>) { self.vector = vector }
    @inline(__always) init(_lanes value: Double) { vector = SIMD4(repeating: value) }

    @inline(__always) static func + (lhs: Self, rhs: Self) -> Self { Self(_vectorSum(lhs.vector, rhs.vector)) }
    @inline(__always) static func - (lhs: Self, rhs: Self) -> Self { Self(_vectorDifference(lhs.vector, rhs.vector)) }
    @inline(__always) static func * (lhs: Self, rhs: Self) -> Self { Self(_vectorProduct(lhs.vector, rhs.vector)) }
}

#if MOTIONENGINE_VECTOR_OPERATORS
    /// Eight lanes for MotionCore's lane-generic formulas (`_fluidStep`), with the eight-lane vector
    /// operations of builds for a chosen CPU (VectorOperations.swift).
    struct VectorLanes8: _LaneArithmetic {
        var vector: SIMD8<Double>

        @inline(__always) init(_ vector: SIMD8<Double>) { self.vector = vector }
        @inline(__always) init(_lanes value: Double) { vector = SIMD8(repeating: value) }

        @inline(__always) static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.vector + rhs.vector) }
        @inline(__always) static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.vector - rhs.vector) }
        @inline(__always) static func * (lhs: Self, rhs: Self) -> Self { Self(lhs.vector * rhs.vector) }
    }
#endif
