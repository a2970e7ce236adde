import Foundation

/// The fluid spring written out plainly from animation-semantics §3.1, for scalars, as a
/// separately written reference for `FluidSpringAnimation` (no blending: it models one spring
/// started from rest, or from a given offset and velocity).
struct FluidSpringReference {
    let response: Double
    let dampingFraction: Double
    var offset = 0.0, velocity = 0.0, force = 0.0, time = 0.0
    var startTime = 0.0

    init(response: Double, dampingFraction: Double) {
        self.response = response
        self.dampingFraction = dampingFraction
    }

    /// One frame at `t` towards `value`: the offset, or nil when the finish test passes.
    mutating func frame(value: Double, at t: Double) -> (offset: Double?, logicallyComplete: Bool) {
        let k = response > 0 ? min(pow(2 * Double.pi / response, 2), 45000) : 45000
        let c = 2 * dampingFraction * sqrt(k)
        let logicallyComplete = t - startTime >= response
        if t - time > 1 { time = t - 1.0 / 60 }
        while time < t {
            let mid = force * (1.0 / 600) + velocity
            offset += mid * (1.0 / 300)
            force = -c * mid + k * (value - offset)
            velocity = force * (1.0 / 600) + mid
            time += 1.0 / 300
        }
        let still = max(velocity * velocity, force * force) <= 0.0036
        let arrived = value == 0 || (value - offset) * (value - offset) <= (0.01 * value) * (0.01 * value)
        return (still && arrived ? nil : offset, logicallyComplete)
    }
}
