import FixtureFormat
import Foundation

/// A `Spring` by the formulas of docs/semantics.md §1, written apart from MotionCore's: three
/// numbers — mass m, decay ζ̂ = c/(2m) and a signed frequency ω (> 0 underdamped, 0 critical,
/// < 0 overdamped with |ω| = √(ζ̂² − ω₀²)) — from the fixture's initializer, and the derived
/// properties, closed forms and settling time of that spring.
package struct ReferenceSpring {
    let mass: Double
    package let decay: Double
    let omega: Double

    static let tau = 2 * Double.pi

    init(mass: Double, decay: Double, omega: Double) {
        (self.mass, self.decay, self.omega) = (mass, decay, omega)
    }

    /// `init(response:dampingRatio:)`: ω = s·√|1 − r²|·τ/ρ with s = −1 when r > 1, ζ̂ = r·τ/ρ (§1.2).
    init(response: Double, ratio r: Double) {
        let sign = r > 1 ? -1.0 : 1.0
        self.init(mass: 1, decay: r * Self.tau / response, omega: sign * abs(1 - r * r).squareRoot() * Self.tau / response)
    }

    /// The spring a fixture's `"init"` object makes (§1.2), or the default `Spring()` for nil.
    package init(json: JSONValue?) throws {
        func n(_ key: String) -> Double? { if case let .number(v)? = json?[key] { return v } else { return nil } }
        if let settling = n("settlingDuration") {
            self = Self.settling(settling, ratio: n("dampingRatio") ?? 1, epsilon: n("epsilon") ?? 0.001)
        } else if let k = n("stiffness") {
            let m = n("mass") ?? 1, c = n("damping") ?? 0
            var allows = false
            if case let .bool(b)? = json?["allowOverDamping"] { allows = b }
            let undamped = (k / m).squareRoot(), decay = c / (2 * m)
            if decay > undamped && !allows {
                self.init(mass: m, decay: undamped, omega: 0)
            } else {
                let magnitude = abs(k / m - decay * decay).squareRoot()
                self.init(mass: m, decay: decay, omega: decay > undamped ? -magnitude : magnitude)
            }
        } else if let response = n("response") {
            self.init(response: response, ratio: n("dampingRatio") ?? 1)
        } else {
            let b = n("bounce") ?? 0
            // The initializer's limits on the ratio (§1.2): +∞ at or below −1, 0 above 1.
            let ratio = b <= -1 ? Double.infinity : b > 1 ? 0 : Self.dampingFraction(bounce: b)
            self.init(response: n("duration") ?? 0.5, ratio: ratio)
        }
    }

    /// SwiftUI's `springDampingFraction(bounce:)`, unclamped (§1.2).
    static func dampingFraction(bounce b: Double) -> Double { b < 0 ? 1 / (b + 1) : 1 - b }

    /// `init(settlingDuration:dampingRatio:epsilon:)` (§1.2): the undamped frequency x that settles
    /// to ε in T, in closed form below ratio 1 and by Newton's method at 1; 2π/T without a root.
    static func settling(_ duration: Double, ratio: Double, epsilon: Double) -> ReferenceSpring {
        let r = min(max(ratio, Double.ulpOfOne), 1), t = min(max(duration, 0.01), 10)
        var x: Double?
        if r < 1 {
            let root = -log(epsilon * (1 - r * r).squareRoot() / r) / (r * t)
            x = root > 0 ? root : nil
        } else {
            x = newton(t, epsilon, from: 5 / t, steps: 12) ?? newton(t, epsilon, from: 1 / t, steps: 20)
        }
        let frequency = x ?? tau / t
        let decay = r * frequency
        return ReferenceSpring(mass: 1, decay: decay, omega: (frequency * frequency - decay * decay).squareRoot())
    }

    /// Newton's method on f(x) = e^(−Tx)(1 + Tx) − ε, f′(x) = −T²x·e^(−Tx); nil unless it ends at
    /// a finite x > 0 with |f(x)| ≤ 1e-9·ε + 1e-15.
    static func newton(_ t: Double, _ epsilon: Double, from start: Double, steps: Int) -> Double? {
        var x = start
        func f(_ x: Double) -> Double { exp(-t * x) * (1 + t * x) - epsilon }
        for _ in 0..<steps {
            let slope = -t * t * x * exp(-t * x)
            guard slope != 0 else { break }
            x -= f(x) / slope
        }
        return x.isFinite && x > 0 && abs(f(x)) <= 1e-9 * epsilon + 1e-15 ? x : nil
    }

    // MARK: Derived properties (§1.3)

    var response: Double { Self.tau / (decay * decay + omega * abs(omega)).squareRoot() }
    var dampingRatio: Double { decay * response / Self.tau }
    var bounce: Double { omega >= 0 ? 1 - dampingRatio : 1 / dampingRatio - 1 }
    var damping: Double { 2 * mass * decay }
    var stiffness: Double { mass * (omega * omega + decay * decay) }

    package func property(_ name: String) -> Double? {
        switch name {
        case "duration", "response": return response
        case "dampingRatio": return dampingRatio
        case "bounce": return bounce
        case "mass": return mass
        case "damping": return damping
        case "stiffness": return stiffness
        case "settlingDuration": return settlingDuration(target: 1, initialVelocity: 0, epsilon: 0.001)
        default: return nil
        }
    }

    // MARK: Closed forms (§1.4)

    /// The displacement from 0 towards `target` at `time`.
    package func value(target: Double, initialVelocity v0: Double, time t: Double) -> Double {
        let (z, w) = (decay, omega)
        if w > 0 {
            return target - exp(-z * t) * ((z * target - v0) * sin(w * t) / w + target * cos(w * t))
        }
        if w == 0 {
            return target - (target + (z * target - v0) * t) * exp(-z * t)
        }
        let a = -w - z, b = w - z
        let e1 = exp(a * t), e2 = exp(b * t)
        return target * (((z - w) * e1 + a * e2) / (2 * w) + 1) - v0 * (e1 - e2) / (2 * w)
    }

    /// The rate of `value` — with Apple's `+ 1` in the overdamped form (§1.4).
    package func velocity(target: Double, initialVelocity v0: Double, time t: Double) -> Double {
        let (z, w) = (decay, omega)
        if w > 0 {
            let e = exp(-z * t)
            return e * ((z * target - v0) * (z * sin(w * t) - w * cos(w * t)) / w + target * (w * sin(w * t) + z * cos(w * t)))
        }
        if w == 0 {
            return ((z * target - v0) * (z * t - 1) + z * target) * exp(-z * t)
        }
        let a = -w - z, b = w - z
        let e1 = exp(a * t), e2 = exp(b * t)
        return target * (((z - w) * a * e1 + a * b * e2) / (2 * w) + 1) - v0 * (a * e1 - b * e2) / (2 * w)
    }

    // MARK: Settling (§1.5)

    /// docs/protocol.md §4 `spring`: the last time t in (0, 10] at which the spring from 0 to 1 is
    /// at least ε from 1, truncated down to a multiple of `resolution` — 10 when it is still outside
    /// at 10 s, 0 when it never is. Times are 10 − i·10⁻⁴ (each a product, not a running sum), the
    /// crossing after the last time outside found by bisection to a few ulps.
    package func lastTimeOutside(epsilon: Double, resolution: Double) -> Double {
        func outside(_ t: Double) -> Bool { !(abs(1 - value(target: 1, initialVelocity: 0, time: t)) < epsilon) }
        let step = 1e-4
        guard let i = (0..<100_000).first(where: { outside(10 - Double($0) * step) }) else { return 0 }
        var (low, high) = (10 - Double(i) * step, 10 - Double(i - 1) * step)
        if i > 0 {
            for _ in 0..<80 {
                let middle = (low + high) / 2
                guard middle > low && middle < high else { break }
                if outside(middle) { low = middle } else { high = middle }
            }
        }
        return (low / resolution).rounded(.down) * resolution
    }

    /// ∞ without decay; the envelope's time below it for an underdamped spring; else the grid scan.
    package func settlingDuration(target: Double, initialVelocity v0: Double, epsilon: Double, forgetting: (Double) -> Void = { _ in }) -> Double {
        settlingDuration(target: [target], initialVelocity: [v0], epsilon: epsilon, forgetting: forgetting)
    }

    /// The same for a value of several components: |·| is a vector's length (§1.5, and
    /// docs/semantics.md's `|v|`), as a keyframe spring between points settles.
    package func settlingDuration(target: [Double], initialVelocity v0: [Double], epsilon: Double, forgetting: (Double) -> Void = { _ in }) -> Double {
        func length(_ v: [Double]) -> Double { v.reduce(0) { $0 + $1 * $1 }.squareRoot() }
        if decay == 0 { return .infinity }
        if omega > 0 { return max(0, -log(epsilon / (length(zip(target, v0).map { decay * $0 - $1 }) + length(target))) / decay) }
        return Self.scan(epsilon: epsilon, forgetting: forgetting) { t in
            length(target.indices.map { value(target: target[$0], initialVelocity: v0[$0], time: t) - target[$0] })
        }
    }

    /// The scan of §1.5: t advances by adding 0.1 (so it is that floating-point sum), at most 1024
    /// times; the first time the distance falls below ε is the candidate, forgotten when the
    /// distance reaches ε again, and returned once the distance has stayed below for more than 1 s.
    /// `forgetting` is told how long each forgotten candidate held.
    static func scan(epsilon: Double, forgetting: (Double) -> Void = { _ in }, distance: (Double) -> Double) -> Double {
        var candidate: Double?
        var t = 0.0
        for _ in 0..<1024 {
            let d = distance(t)
            guard d.isFinite else { return 0 }
            if d >= epsilon {
                if let since = candidate { forgetting(t - since) }
                candidate = nil
            } else if let since = candidate {
                if t - since > 1 { return since }
            } else {
                candidate = t
            }
            t += 0.1
        }
        return 0
    }
}
