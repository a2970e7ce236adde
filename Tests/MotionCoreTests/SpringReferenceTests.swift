import MotionCore
import Testing

/// `Spring.value` and `Spring.velocity` against an independent numerical integration of the
/// damped-oscillator equation (Support/DampedOscillatorReference.swift), to 1e-9 over 0–3 s.
/// Provenance: reference model. The one place Apple deviates from the equation — the overdamped
/// velocity carries an extra `+target` (decision 2, §1.4, §9 S04) — is checked as exactly that
/// deviation.
@Suite("Spring closed forms agree with an independent ODE integration")
struct SpringReferenceTests {
    static let sampleTimes: [Double] = (0...192).map { Double($0) / 64 } // 0 to 3 s every 1/64 s

    @Test("value and velocity match the integrated oscillator to 1e-9", arguments: GridSpring.all)
    func matchesIntegration(grid: GridSpring) {
        let reference = DampedOscillatorReference(mass: grid.mass, stiffness: grid.stiffness, damping: grid.damping)
        for motion in GridSpring.motions {
            let trajectory = reference.trajectory(target: motion.target, initialVelocity: motion.initialVelocity, times: Self.sampleTimes)
            let scale = max(1, abs(motion.target), abs(motion.initialVelocity))
            for (time, expected) in zip(Self.sampleTimes, trajectory) {
                let value = grid.spring.value(target: motion.target, initialVelocity: motion.initialVelocity, time: time)
                var velocity = grid.spring.velocity(target: motion.target, initialVelocity: motion.initialVelocity, time: time)
                if grid.regime == .overdamped { velocity -= motion.target } // Apple's +T quirk
                expectClose(value, expected.position, tolerance: 1e-9 * scale, "\(grid.label) value, T=\(motion.target) v0=\(motion.initialVelocity) t=\(time)")
                expectClose(
                    velocity, expected.velocity, tolerance: 1e-9 * scale * 10,
                    "\(grid.label) velocity, T=\(motion.target) v0=\(motion.initialVelocity) t=\(time)")
            }
        }
    }

    @Test("the physical parameters read back as the reference's (stiffness quirk excepted)", arguments: GridSpring.all)
    func parametersReadBack(grid: GridSpring) {
        expectRelativelyClose(grid.spring.mass, grid.mass, tolerance: 1e-12, "\(grid.label) mass")
        expectRelativelyClose(grid.spring.damping, grid.damping, tolerance: 1e-12, "\(grid.label) damping")
        if grid.regime == .overdamped {
            // §1.3: stiffness = m(ω² + ζ̂²) with ω² = ζ̂² − k/m, ζ̂ = c/2m, so it reads c²/(2m) − k.
            expectRelativelyClose(
                grid.spring.stiffness, grid.damping * grid.damping / (2 * grid.mass) - grid.stiffness,
                tolerance: 1e-12, "\(grid.label) stiffness (overdamped quirk)")
        } else {
            expectRelativelyClose(grid.spring.stiffness, grid.stiffness, tolerance: 1e-12, "\(grid.label) stiffness")
        }
    }
}
