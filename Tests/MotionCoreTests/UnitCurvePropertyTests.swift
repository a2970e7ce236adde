import Foundation
import MotionCore
import Testing

/// `UnitCurve` behaviour beyond the measured rows: inverses, clamping and rounding (§2.2,
/// decision 3), and agreement with the Bézier polynomial computed independently here.
@Suite("UnitCurve properties")
struct UnitCurvePropertyTests {
    static let bezierPresets: [(String, UnitCurve)] = [
        ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
        ("bezier(.25,.1,.75,.9)", .bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.75, y: 0.9))),
    ]
    static let allCurves: [UnitCurve] = [
        .linear, .easeIn, .easeOut, .easeInOut, .circularEaseIn, .circularEaseOut, .circularEaseInOut,
        .bezier(startControlPoint: UnitPoint(x: 0.1, y: 0.9), endControlPoint: UnitPoint(x: 0.3, y: -0.4)),
    ]
    static let progress = stride(from: 0.0, through: 1.0, by: 1.0 / 64).map { $0 }

    @Test("the inverse of the inverse is the curve itself")
    func inverseInvolution() {
        for curve in Self.allCurves { #expect(curve.inverse.inverse == curve, "\(curve)") }
        #expect(UnitCurve.circularEaseIn.inverse == .circularEaseOut)
        #expect(UnitCurve.circularEaseInOut.inverse == .circularEaseInOut)
        #expect(UnitCurve.linear.inverse == .linear)
    }

    @Test("value(at: inverse.value(at: p)) ≈ p for the Bézier presets and the circular pair")
    func inverseIsInverseFunction() {
        for (name, curve) in Self.bezierPresets + [("circularEaseIn", .circularEaseIn), ("circularEaseOut", .circularEaseOut)] {
            for p in Self.progress {
                // Each evaluation rounds to 2⁻²⁰; near flat ends the round-trip amplifies that by
                // the slope, so the bound is a few thousandths where a curve is steep.
                expectClose(curve.value(at: curve.inverse.value(at: p)), p, tolerance: 2e-3, "\(name) at \(p)")
            }
        }
    }

    @Test("Bézier values equal the parametric polynomial solved independently (bisection), within the solver's resolution")
    func bezierAgainstPolynomial() {
        for (name, curve, p1, p2) in [
            ("easeInOut", UnitCurve.easeInOut, (0.42, 0.0), (0.58, 1.0)), ("easeIn", .easeIn, (0.42, 0.0), (1.0, 1.0)),
            ("css-ease", .bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.25, y: 1)), (0.25, 0.1), (0.25, 1.0)),
        ] {
            func bernstein(_ a: Double, _ b: Double, _ t: Double) -> Double {
                3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
            }
            for p in Self.progress {
                var low = 0.0, high = 1.0
                for _ in 0..<80 {
                    let mid = (low + high) / 2
                    if bernstein(p1.0, p2.0, mid) < p { low = mid } else { high = mid }
                }
                let expected = bernstein(p1.1, p2.1, low)
                // The solver stops once |X(t) − p| < 2⁻²⁰ (§2.2), so y may be off by the slope
                // (≤ 2.5 on these curves) times 2⁻²⁰, plus half a unit of the 2⁻²⁰ rounding.
                expectClose(curve.value(at: p), expected, tolerance: 3.0 / 1_048_576, "\(name) at \(p)")
            }
        }
    }

    @Test("Bézier value(at:) results are multiples of 2⁻²⁰")
    func bezierRounding() {
        for (name, curve) in Self.bezierPresets {
            for p in stride(from: 0.0, through: 1.0, by: 0.013) {
                let scaled = curve.value(at: p) * 1_048_576
                #expect(scaled == scaled.rounded(), "\(name) at \(p)")
            }
        }
    }

    @Test("value(at:) clamps control-point y, velocity(at:) does not (decision 3)")
    func yClamping() {
        let overshoot = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.68, y: -0.6), endControlPoint: UnitPoint(x: 0.32, y: 1.6))
        let clamped = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.68, y: 0), endControlPoint: UnitPoint(x: 0.32, y: 1))
        for p in Self.progress {
            #expect(overshoot.value(at: p) == clamped.value(at: p))
            #expect((0...1).contains(overshoot.value(at: p)))
        }
        #expect(overshoot.velocity(at: 0.5) != clamped.velocity(at: 0.5))
    }

    @Test("control-point x outside [0, 1] is clamped in both value and velocity")
    func xClamping() {
        let wide = UnitCurve.bezier(startControlPoint: UnitPoint(x: -2, y: 0.2), endControlPoint: UnitPoint(x: 3, y: 0.8))
        let clamped = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0, y: 0.2), endControlPoint: UnitPoint(x: 1, y: 0.8))
        for p in Self.progress {
            #expect(wide.value(at: p) == clamped.value(at: p))
            #expect(wide.velocity(at: p) == clamped.velocity(at: p))
        }
    }

    @Test("linear and circular curves do not clamp progress; Bézier curves do")
    func progressClamping() {
        #expect(UnitCurve.linear.value(at: 1.5) == 1.5)
        #expect(UnitCurve.linear.value(at: -2) == -2)
        #expect(UnitCurve.circularEaseIn.value(at: 1.5).isNaN)
        #expect(UnitCurve.easeIn.value(at: 7) == 1)
        #expect(UnitCurve.easeIn.value(at: .nan).isNaN || UnitCurve.easeIn.value(at: .nan) >= 0)
    }

    @Test("velocity(at:) agrees with the numerical derivative of value(at:) in the interior")
    func velocityIsDerivative() {
        // The last of `allCurves` overshoots in y, which value(at:) clamps and velocity(at:) does
        // not (decision 3), so the two describe different curves there by design.
        for curve in Self.allCurves.dropLast() {
            for p in stride(from: 0.05, through: 0.95, by: 0.05) where abs(p - 0.5) > 1e-9 {
                let h = 1e-3
                let derivative = (curve.value(at: p + h) - curve.value(at: p - h)) / (2 * h)
                expectClose(curve.velocity(at: p), derivative, tolerance: 5e-3, "\(curve) at \(p)")
            }
        }
    }
}
