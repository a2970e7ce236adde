/// `exp`, `sin` and `cos` on `SIMD4<Double>`, in plain Swift so they vectorise (Foundation's
/// scalar functions do not: LLVM treats them as writing errno). Accurate to a
/// few ulp of glibc over the ranges the spring kernels use (checked by VectorMathTests); lanes
/// outside those ranges fall back to the scalar functions.
enum VectorMath {
    static let ln2High = 0.693_147_180_369_123_816_49
    static let ln2Low = 1.908_214_929_270_587_700_02e-10
    static let log2e = 1.442_695_040_888_963_387_00
    /// 1/k! for k = 0…13.
    static let expCoefficients: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double) =
        (
            1, 1, 1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 720, 1.0 / 5040, 1.0 / 40_320, 1.0 / 362_880, 1.0 / 3_628_800,
            1.0 / 39_916_800, 1.0 / 479_001_600, 1.0 / 6_227_020_800
        )
    /// (−1)ᵏ/(2k+1)! for k = 0…9.
    static let sinCoefficients: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double) =
        (
            1, -1.0 / 6, 1.0 / 120, -1.0 / 5040, 1.0 / 362_880, -1.0 / 39_916_800, 1.0 / 6_227_020_800, -1.0 / 1_307_674_368_000,
            1.0 / 355_687_428_096_000, -1.0 / 121_645_100_408_832_000
        )
    /// (−1)ᵏ/(2k)! for k = 0…10.
    static let cosCoefficients: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double) =
        (
            1, -0.5, 1.0 / 24, -1.0 / 720, 1.0 / 40_320, -1.0 / 3_628_800, 1.0 / 479_001_600, -1.0 / 87_178_291_200,
            1.0 / 20_922_789_888_000, -1.0 / 6_402_373_705_728_000, 1.0 / 2_432_902_008_176_640_000
        )

    /// 1.5·2⁵²: adding it rounds a double below 2⁵¹ in magnitude to the nearest integer (ties to
    /// even) and leaves that integer in the low bits. SSE2 has no vector `round` or double→int64
    /// conversion, so `rounded()` and `SIMD4<Int64>(_:rounding:)` would go lane by lane.
    static let roundingShift = 6_755_399_441_055_744.0

    /// (x rounded to the nearest integer, that integer as Int64); exact for |x| < 2⁵¹, and never
    /// traps (NaN or larger lanes give garbage the callers replace).
    @inline(__always)
    static func roundToInteger(_ x: SIMD4<Double>) -> (SIMD4<Double>, SIMD4<Int64>) {
        let shifted = x + SIMD4(repeating: roundingShift)
        let integer = unsafeBitCast(shifted, to: SIMD4<Int64>.self) &- SIMD4(repeating: Int64(bitPattern: roundingShift.bitPattern))
        return (shifted - SIMD4(repeating: roundingShift), integer)
    }

    /// e^x. Arguments below −708 give 0 (where e^x is below 1e-307), above 709 ∞.
    @inline(__always)
    static func exp(_ x: SIMD4<Double>) -> SIMD4<Double> {
        let clamped = x.clamped(lowerBound: SIMD4(repeating: -708), upperBound: SIMD4(repeating: 709))
        let (n, integer) = roundToInteger(clamped * log2e)
        let r = (clamped - n * ln2High) - n * ln2Low
        // Taylor series to r¹³: |r| ≤ ln2/2, so the next term is below 4e-18 relative.
        var p = SIMD4<Double>(repeating: expCoefficients.13)
        p = p * r + SIMD4(repeating: expCoefficients.12)
        p = p * r + SIMD4(repeating: expCoefficients.11)
        p = p * r + SIMD4(repeating: expCoefficients.10)
        p = p * r + SIMD4(repeating: expCoefficients.9)
        p = p * r + SIMD4(repeating: expCoefficients.8)
        p = p * r + SIMD4(repeating: expCoefficients.7)
        p = p * r + SIMD4(repeating: expCoefficients.6)
        p = p * r + SIMD4(repeating: expCoefficients.5)
        p = p * r + SIMD4(repeating: expCoefficients.4)
        p = p * r + SIMD4(repeating: expCoefficients.3)
        p = p * r + SIMD4(repeating: expCoefficients.2)
        p = p * r + SIMD4(repeating: expCoefficients.1)
        p = p * r + SIMD4(repeating: expCoefficients.0)
        let exponent = integer &+ 1023
        let scale = unsafeBitCast(exponent &<< 52, to: SIMD4<Double>.self)
        var result = p * scale
        result.replace(with: 0, where: x .< SIMD4(repeating: -708))
        result.replace(with: .infinity, where: x .> SIMD4(repeating: 709))
        result.replace(with: x, where: x .!= x)
        return result
    }

    /// π/2 in three parts of 33 significant bits (fdlibm's pio2_1, pio2_2, pio2_3), so that k·part
    /// is exact for |k| < 2²⁰ and the reduction x − k·π/2 loses nothing.
    static let halfPi1 = 1.570_796_326_734_125_614_17
    static let halfPi2 = 6.077_100_506_303_965_976_60e-11
    static let halfPi3 = 2.022_266_248_711_166_455_80e-21
    static let twoOverPi = 0.636_619_772_367_581_382_43
    /// Beyond this the three-part reduction loses accuracy: such lanes use the scalar functions.
    static let reductionLimit = 1e5

    /// (sin x, cos x).
    @inline(__always)
    static func sincos(_ x: SIMD4<Double>) -> (sin: SIMD4<Double>, cos: SIMD4<Double>) {
        let (k, integerK) = roundToInteger(x * twoOverPi)
        let r = ((x - k * halfPi1) - k * halfPi2) - k * halfPi3
        let r2 = r * r
        // Taylor series on |r| ≤ π/4: sin to r¹⁹, cos to r²⁰ (next terms below 1e-19).
        var s = SIMD4<Double>(repeating: sinCoefficients.9)
        s = s * r2 + SIMD4(repeating: sinCoefficients.8)
        s = s * r2 + SIMD4(repeating: sinCoefficients.7)
        s = s * r2 + SIMD4(repeating: sinCoefficients.6)
        s = s * r2 + SIMD4(repeating: sinCoefficients.5)
        s = s * r2 + SIMD4(repeating: sinCoefficients.4)
        s = s * r2 + SIMD4(repeating: sinCoefficients.3)
        s = s * r2 + SIMD4(repeating: sinCoefficients.2)
        s = s * r2 + SIMD4(repeating: sinCoefficients.1)
        s = s * r2 + SIMD4(repeating: sinCoefficients.0)
        s *= r
        var c = SIMD4<Double>(repeating: cosCoefficients.10)
        c = c * r2 + SIMD4(repeating: cosCoefficients.9)
        c = c * r2 + SIMD4(repeating: cosCoefficients.8)
        c = c * r2 + SIMD4(repeating: cosCoefficients.7)
        c = c * r2 + SIMD4(repeating: cosCoefficients.6)
        c = c * r2 + SIMD4(repeating: cosCoefficients.5)
        c = c * r2 + SIMD4(repeating: cosCoefficients.4)
        c = c * r2 + SIMD4(repeating: cosCoefficients.3)
        c = c * r2 + SIMD4(repeating: cosCoefficients.2)
        c = c * r2 + SIMD4(repeating: cosCoefficients.1)
        c = c * r2 + SIMD4(repeating: cosCoefficients.0)
        // Lanes that are NaN or too large for the reduction get a meaningless quadrant here and
        // are recomputed below.
        let quadrant = integerK & 3
        let swap = (quadrant & 1) .== 1
        var sine = s, cosine = c
        sine.replace(with: c, where: swap)
        cosine.replace(with: s, where: swap)
        sine.replace(with: -sine, where: (quadrant .== 2) .| (quadrant .== 3))
        cosine.replace(with: -cosine, where: (quadrant .== 1) .| (quadrant .== 2))
        let magnitude = x.replacing(with: -x, where: x .< SIMD4(repeating: 0))
        let far = (magnitude .> SIMD4(repeating: reductionLimit)) .| (x .!= x)
        if any(far) {
            for lane in 0..<4 where far[lane] {
                sine[lane] = _sin(x[lane])
                cosine[lane] = _cos(x[lane])
            }
        }
        return (sine, cosine)
    }

    @inline(never) static func _sin(_ x: Double) -> Double { scalarSine(x) }
    @inline(never) static func _cos(_ x: Double) -> Double { scalarCosine(x) }
}
