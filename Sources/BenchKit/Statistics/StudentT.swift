import Foundation

/// Student's t distribution with ν degrees of freedom (ν may be fractional, as Welch's
/// approximation gives).
///
/// The distribution function comes from the regularised incomplete beta function:
/// for t ≥ 0, P(T ≤ t) = 1 − ½·I_x(ν/2, ½) with x = ν / (ν + t²) (Abramowitz & Stegun 26.7.1,
/// 26.5.27). I_x(a, b) is evaluated by its continued fraction (A&S 26.5.8) with the modified
/// Lentz method, on the side of the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where it converges
/// fast. The quantile inverts the distribution function by bisection, which is slow but cannot fail.
public enum StudentT {
    /// P(T ≤ t).
    public static func cdf(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(nu > 0, "degrees of freedom must be positive")
        if t.isNaN { return .nan }
        if t == .infinity { return 1 }
        if t == -.infinity { return 0 }
        let tail = 0.5 * regularizedIncompleteBeta(nu / (nu + t * t), nu / 2, 0.5)
        return t >= 0 ? 1 - tail : tail
    }

    /// The t with P(T ≤ t) = p.
    public static func quantile(_ p: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(p > 0 && p < 1, "a quantile needs 0 < p < 1")
        if p == 0.5 { return 0 }
        var low = -1e6, high = 1e6
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if cdf(middle, degreesOfFreedom: nu) < p { low = middle } else { high = middle }
            if high - low < 1e-12 * max(1, abs(middle)) { break }
        }
        return (low + high) / 2
    }

    /// P(T > t): the one-sided p-value of an observed t.
    public static func upperTail(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        cdf(-t, degreesOfFreedom: nu)
    }

    /// I_x(a, b).
    static func regularizedIncompleteBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // The prefactor x^a (1−x)^b / (a·B(a, b)), in logarithms.
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x)
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x, a, b) / a
        }
        return 1 - exp(logFront) * continuedFraction(1 - x, b, a) / b
    }

    /// The continued fraction 1/(1+ d₁/(1+ d₂/(1+ …))) of A&S 26.5.8, by modified Lentz.
    static func continuedFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for m in 1...500 {
            let m = Double(m)
            // The even term d_{2m}, then the odd term d_{2m+1}.
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + even * d
            if abs(d) < tiny { d = tiny }
            c = 1 + even / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + odd * d
            if abs(d) < tiny { d = tiny }
            c = 1 + odd / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            result *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return result
    }
}
