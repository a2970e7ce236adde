/// An independent reference for the spring closed forms: the damped-oscillator equation
///
///     m·x'' = k·(T − x) − c·x',   x(0) = 0, x'(0) = v0
///
/// integrated numerically with the classical fourth-order Runge–Kutta method on a fine binary
/// step (2⁻¹⁶ s), with compensated (Kahan) accumulation of the state. It knows nothing of
/// MotionCore's representation: it takes the physical parameters m, k, c.
///
/// Accuracy: for the stiffest springs tested (ω₀ ≈ 42 rad/s) h·ω₀ ≈ 6e-4, so the truncation
/// error over 3 s is below 1e-13 and rounding below 1e-12 — three orders under the 1e-9 the
/// closed forms are held to.
struct DampedOscillatorReference {
    let mass: Double
    let stiffness: Double
    let damping: Double

    static let step = 1.0 / 65_536

    /// Position and velocity at each of `times` (seconds, each a multiple of `step`, ascending).
    func trajectory(target: Double, initialVelocity: Double, times: [Double]) -> [(position: Double, velocity: Double)] {
        var x = 0.0, v = initialVelocity
        var xCompensation = 0.0, vCompensation = 0.0
        var stepIndex = 0
        var samples: [(Double, Double)] = []
        let h = Self.step
        func acceleration(_ x: Double, _ v: Double) -> Double {
            (stiffness * (target - x) - damping * v) / mass
        }
        for time in times {
            let targetIndex = Int((time / h).rounded())
            precondition(Double(targetIndex) * h == time, "sample times must be multiples of the step")
            while stepIndex < targetIndex {
                let k1x = v, k1v = acceleration(x, v)
                let k2x = v + 0.5 * h * k1v, k2v = acceleration(x + 0.5 * h * k1x, v + 0.5 * h * k1v)
                let k3x = v + 0.5 * h * k2v, k3v = acceleration(x + 0.5 * h * k2x, v + 0.5 * h * k2v)
                let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
                let dx = h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                let dv = h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                kahanAdd(&x, &xCompensation, dx)
                kahanAdd(&v, &vCompensation, dv)
                stepIndex += 1
            }
            samples.append((x, v))
        }
        return samples
    }

    private func kahanAdd(_ sum: inout Double, _ compensation: inout Double, _ term: Double) {
        let y = term - compensation
        let t = sum + y
        compensation = (t - sum) - y
        sum = t
    }
}
