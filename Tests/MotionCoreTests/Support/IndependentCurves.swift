/// Independent evaluations of the timing curves for the animation tests: the Bézier in Bernstein
/// form solved for x by plain bisection, with no Newton step and no rounding. They agree with the
/// production solver to within its 2⁻²⁰ resolution (§2.2), never bitwise.
enum IndependentCurves {
    static func bezier(_ p1: (Double, Double), _ p2: (Double, Double), at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        func b(_ a: Double, _ c: Double, _ t: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * c + t * t * t
        }
        let x1 = min(max(p1.0, 0), 1), x2 = min(max(p2.0, 0), 1)
        var low = 0.0, high = 1.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if b(x1, x2, mid) < x { low = mid } else { high = mid }
        }
        return b(p1.1, p2.1, (low + high) / 2)
    }

    static func easeInOut(_ x: Double) -> Double { bezier((0.42, 0), (0.58, 1), at: x) }
    static func easeIn(_ x: Double) -> Double { bezier((0.42, 0), (1, 1), at: x) }
    static func easeOut(_ x: Double) -> Double { bezier((0, 0), (0.58, 1), at: x) }

    /// The tolerance for comparing against the production solver, relative to the animated value.
    static let resolution = 3.0 / 1_048_576
}
