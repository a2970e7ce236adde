import MotionCore
import Testing

/// The C rows of docs/semantics.md §9: `UnitCurve` values and velocities measured on Apple's
/// SwiftUI by the [OSUI-compat] suite. Tolerances are the table's.
@Suite("§9 C rows: UnitCurve, Apple-measured")
struct DocumentedCurveNumbersTests {
    func check(_ curve: UnitCurve, values: [(Double, Double)] = [], velocities: [(Double, Double)] = [], tolerance: Double, row: String) {
        for (p, expected) in values {
            expectClose(curve.value(at: p), expected, tolerance: tolerance, "\(row) \(curve).value(at: \(p))")
        }
        for (p, expected) in velocities {
            expectClose(curve.velocity(at: p), expected, tolerance: tolerance, "\(row) \(curve).velocity(at: \(p))")
        }
    }

    @Test("C01 linear: value = p; velocity 1 everywhere, also at −0.5 and 1.5")
    func c01() {
        check(
            .linear, values: [0, 0.25, 0.5, 0.75, 1].map { ($0, $0) },
            velocities: [0, 0.25, 0.5, 0.75, 1, -0.5, 1.5].map { ($0, 1) }, tolerance: 0, row: "C01")
    }

    @Test("C02 easeIn value at .25/.5/.75 = 0.09/0.32/0.62 ±0.01")
    func c02() { check(.easeIn, values: [(0.25, 0.09), (0.5, 0.32), (0.75, 0.62)], tolerance: 0.01, row: "C02") }

    @Test("C03 easeIn velocity at 0/.25/.5/.75/1 = 0/0.67/1.07/1.37/0 ±0.01")
    func c03() {
        check(.easeIn, velocities: [(0, 0), (0.25, 0.67), (0.5, 1.07), (0.75, 1.37), (1, 0)], tolerance: 0.01, row: "C03")
    }

    @Test("C04 easeOut value at .25/.5/.75 = 0.38/0.68/0.91 ±0.01")
    func c04() { check(.easeOut, values: [(0.25, 0.38), (0.5, 0.68), (0.75, 0.91)], tolerance: 0.01, row: "C04") }

    @Test("C05 easeOut velocity at 0 is exactly 1.0, then 1.37/1.07/0.67/0")
    func c05() {
        #expect(UnitCurve.easeOut.velocity(at: 0) == 1.0, "C05 easeOut.velocity(at: 0) must be exactly 1")
        check(.easeOut, velocities: [(0.25, 1.37), (0.5, 1.07), (0.75, 0.67), (1, 0)], tolerance: 0.01, row: "C05")
    }

    @Test("C06 easeInOut value .13/.5/.87; 0 and 1 at −0.5 and 1.5 and at ±1000")
    func c06() {
        check(.easeInOut, values: [(0.25, 0.13), (0.5, 0.5), (0.75, 0.87)], tolerance: 0.01, row: "C06")
        check(.easeInOut, values: [(-0.5, 0), (1.5, 1), (-1000, 0), (1000, 1)], tolerance: 0, row: "C06")
    }

    @Test("C07 easeInOut velocity 0/1.06/1.72/1.06/0 ±0.01")
    func c07() {
        check(.easeInOut, velocities: [(0, 0), (0.25, 1.06), (0.5, 1.72), (0.75, 1.06), (1, 0)], tolerance: 0.01, row: "C07")
    }

    @Test("C08 circularEaseIn values, velocities, and value 1 / velocity +∞ at 1")
    func c08() {
        check(
            .circularEaseIn, values: [(0.25, 0.032), (0.5, 0.134), (0.75, 0.339)],
            velocities: [(0.25, 0.258), (0.5, 0.577), (0.75, 1.134)], tolerance: 0.001, row: "C08")
        check(.circularEaseIn, values: [(1, 1)], velocities: [(1, .infinity)], tolerance: 0, row: "C08")
    }

    @Test("C09 circularEaseOut and circularEaseInOut values and velocities")
    func c09() {
        check(
            .circularEaseOut, values: [(0.25, 0.661), (0.5, 0.866), (0.75, 0.968)],
            velocities: [(0, .infinity), (0.25, 1.134), (0.5, 0.577), (0.75, 0.258), (1, 0)], tolerance: 0.001, row: "C09")
        check(
            .circularEaseInOut, values: [(0.25, 0.067), (0.5, 0.5), (0.75, 0.933)],
            velocities: [(0, 0), (0.25, 0.577), (0.5, .infinity), (0.75, 0.577), (1, 0)], tolerance: 0.001, row: "C09")
    }

    @Test("C10 bezier((0.25, 0.1), (0.75, 0.9)): value(.5) = 0.5, velocity(.5) = 1.20 ±0.01")
    func c10() {
        let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.75, y: 0.9))
        check(curve, values: [(0.5, 0.5)], velocities: [(0.5, 1.20)], tolerance: 0.01, row: "C10")
    }

    @Test("C11 bezier((−0.5, 2), (1.5, −1)): value(.5) = 0.5, velocity(.5) = −1.0")
    func c11() {
        let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: -0.5, y: 2), endControlPoint: UnitPoint(x: 1.5, y: -1))
        check(curve, values: [(0.5, 0.5)], velocities: [(0.5, -1.0)], tolerance: 1e-6, row: "C11")
    }
}
