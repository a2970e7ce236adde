import MotionCore
import Testing

/// A spring of the test grid, with the physical parameters (m, k, c) an independent reader would
/// derive from its defining initializer's arguments — not read back from `Spring`.
struct GridSpring: CustomTestStringConvertible, Sendable {
    enum Regime: String, Sendable { case underdamped, critical, overdamped }

    let label: String
    let regime: Regime
    let spring: Spring
    let mass: Double
    let stiffness: Double
    let damping: Double

    var testDescription: String { "\(label) [\(regime.rawValue)]" }

    /// `Spring(duration:bounce:)`: duration is the undamped period 2π/√(k/m) with m = 1, and the
    /// damping ratio is 1 − bounce (bounce ≥ 0) or 1/(1 + bounce) (bounce < 0) (§1.2).
    static func durationBounce(_ duration: Double, _ bounce: Double) -> GridSpring {
        let ratio = bounce < 0 ? 1 / (1 + bounce) : 1 - bounce
        let k = pow2(2 * Double.pi / duration)
        let regime: Regime = ratio < 1 ? .underdamped : (ratio == 1 ? .critical : .overdamped)
        return GridSpring(
            label: "Spring(duration: \(duration), bounce: \(bounce))", regime: regime,
            spring: Spring(duration: duration, bounce: bounce),
            mass: 1, stiffness: k, damping: 2 * ratio * k.squareRoot())
    }

    /// `Spring(mass:stiffness:damping:allowOverDamping: true)`: the physical parameters as given.
    static func physical(mass: Double, stiffness: Double, damping: Double) -> GridSpring {
        let critical = 2 * (stiffness * mass).squareRoot()
        let regime: Regime = damping < critical ? .underdamped : (damping == critical ? .critical : .overdamped)
        return GridSpring(
            label: "Spring(mass: \(mass), stiffness: \(stiffness), damping: \(damping))", regime: regime,
            spring: Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true),
            mass: mass, stiffness: stiffness, damping: damping)
    }

    static let all: [GridSpring] = [
        .durationBounce(0.15, 0.5), .durationBounce(0.5, 0.3), .durationBounce(1.0, 0.15), .durationBounce(0.3, 0.9),
        .physical(mass: 2, stiffness: 300, damping: 8),
        .durationBounce(0.15, 0), .durationBounce(0.5, 0), .durationBounce(1.0, 0),
        .physical(mass: 1, stiffness: 100, damping: 20),
        .durationBounce(0.5, -0.2), .durationBounce(0.3, -0.5), .durationBounce(1.0, -0.8),
        .physical(mass: 2, stiffness: 50, damping: 60),
    ]

    /// (target, initial velocity) pairs each spring is exercised with.
    static let motions: [(target: Double, initialVelocity: Double)] = [(1, 0), (-2.5, 3), (100, -40), (0, 5)]
}

@inline(__always) func pow2(_ x: Double) -> Double { x * x }
