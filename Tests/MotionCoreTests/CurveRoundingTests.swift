import Testing

@testable import MotionCore

/// The curve solver rounds to 2⁻²⁰ (§2.2) without calling libm, one value at a time and four
/// lanes at a time: both must be `rounded()` (to nearest, ties away from zero) bit for bit, or
/// curve values would change.
@Suite("UnitCurve rounding")
struct CurveRoundingTests {
    /// Integers of every magnitude up to 2⁶³ and beyond, each with fractions at and around the tie.
    static var probes: [Double] {
        let fractions: [Double] = [0, 0.25, 0.5.nextDown, 0.5, 0.5.nextUp, 0.75, 1.0.nextDown, .leastNonzeroMagnitude, 1e-300]
        var wholes: [Double] = Array(0...40).map(Double.init)
        for exponent in stride(from: 1, through: 70, by: 1) {
            let p = Double(sign: .plus, exponent: exponent, significand: 1)
            wholes += [p - 1, p, p + 1, p * 1.5]
        }
        var probes: [Double] = []
        for whole in wholes {
            for fraction in fractions {
                let y = whole + fraction
                probes += [y, -y, y.nextUp, y.nextDown]
            }
        }
        return probes + [
            0.0, -0.0, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .leastNormalMagnitude, -.leastNormalMagnitude, 4_503_599_627_370_495.5, -4_503_599_627_370_495.5,
        ]
    }

    @Test("ties away from zero, signed zeros, huge values and infinities as rounded() gives them")
    func matchesStandardRounding() {
        for y in Self.probes {
            let expected = y.rounded(.toNearestOrAwayFromZero)
            let actual = _CubicBezierSolver._roundedToNearestOrAwayFromZero(y)
            #expect(actual.bitPattern == expected.bitPattern, "\(y): \(actual) against \(expected)")
        }
    }

    @Test("four lanes at a time: every lane as rounded() gives it, and the 2⁻²⁰ rounding as (y·2²⁰).rounded()·2⁻²⁰")
    func lanesMatchStandardRounding() {
        let probes = Self.probes + [.nan, -.nan]
        for start in 0..<probes.count {
            // Each probe visits every lane, among different neighbours.
            let y = SIMD4((0..<4).map { probes[(start + $0 * 97) % probes.count] })
            let lanes = _CubicBezierSolver._roundedToNearestOrAwayFromZero(y)
            let scaled = _CubicBezierSolver._round(y)
            for k in 0..<4 {
                let expected = y[k].rounded(.toNearestOrAwayFromZero)
                #expect(lanes[k].bitPattern == expected.bitPattern || (lanes[k].isNaN && expected.isNaN), "\(y[k]): \(lanes[k]) against \(expected)")
                // §2.2's rounding to multiples of 2⁻²⁰, written out with the standard library.
                let expectedScaled = (y[k] * 1_048_576).rounded(.toNearestOrAwayFromZero) / 1_048_576
                #expect(
                    scaled[k].bitPattern == expectedScaled.bitPattern || (scaled[k].isNaN && expectedScaled.isNaN),
                    "\(y[k]): \(scaled[k]) against \(expectedScaled)")
            }
        }
    }

    @Test("NaN stays NaN")
    func nan() {
        #expect(_CubicBezierSolver._roundedToNearestOrAwayFromZero(.nan).isNaN)
    }

    @Test("spot values: the tie rule and the sign of zero")
    func spotValues() {
        #expect(_CubicBezierSolver._roundedToNearestOrAwayFromZero(2.5) == 3)
        #expect(_CubicBezierSolver._roundedToNearestOrAwayFromZero(-2.5) == -3)
        #expect(_CubicBezierSolver._roundedToNearestOrAwayFromZero(0.5.nextDown) == 0)
        #expect(_CubicBezierSolver._roundedToNearestOrAwayFromZero(-0.3).sign == .minus)
        #expect(_CubicBezierSolver._round(0.75 / 1_048_576) == 1.0 / 1_048_576)
    }
}
