import MotionCore
import Testing

/// Degenerate inputs have the defined results documented on `Spring`; nothing traps.
@Suite("Spring edge inputs")
struct SpringEdgeCaseTests {
    @Test("a non-positive duration or response gives the rigid spring: at the target for any t > 0")
    func rigid() {
        for spring in [
            Spring(duration: 0), Spring(duration: -1, bounce: 0.3), Spring(response: 0, dampingRatio: 0.5),
            Spring(mass: 0, stiffness: 10, damping: 1), Spring(mass: 1, stiffness: .infinity, damping: 1),
        ] {
            #expect(spring.value(target: 5.0, initialVelocity: 2, time: 0) == 0)
            #expect(spring.value(target: 5.0, initialVelocity: 2, time: 0.001) == 5)
            #expect(spring.velocity(target: 5.0, initialVelocity: 2, time: 0.001) == 0)
            #expect(spring.duration == 0 && spring.response == 0)
            #expect(spring.dampingRatio == 1 && spring.bounce == 0)
            #expect(spring.settlingDuration == 0)
            #expect(spring.stiffness == .infinity)
        }
    }

    @Test("bounce ≤ −1 or an infinite damping ratio gives the immovable spring: it stays at its start")
    func immovable() {
        for spring in [
            Spring(duration: 0.5, bounce: -1), Spring(duration: 0.5, bounce: -3), Spring(response: 1, dampingRatio: .infinity),
            Spring(mass: 1, stiffness: 1, damping: .infinity, allowOverDamping: true),
        ] {
            #expect(spring.value(target: 5.0, initialVelocity: 2, time: 1) == 0)
            #expect(spring.velocity(target: 5.0, initialVelocity: 2, time: 1) == 0)
            #expect(spring.settlingDuration == .infinity)
            #expect(spring.bounce == -1 && spring.dampingRatio == .infinity)
        }
    }

    @Test("bounce > 1 is undamped: it oscillates forever and never settles")
    func undamped() {
        let spring = Spring(duration: 1, bounce: 2)
        #expect(spring.dampingRatio == 0)
        #expect(spring.settlingDuration == .infinity)
        // Undamped, period 1 s: x(t) = 1 − cos(2πt).
        expectClose(spring.value(target: 1.0, time: 0.5), 2, tolerance: 1e-12, "half period")
        expectClose(spring.value(target: 1.0, time: 100), 0, tolerance: 1e-9, "whole periods")
    }

    @Test("NaN in any parameter or the time gives NaN, not a trap")
    func nan() {
        for spring in [
            Spring(duration: .nan), Spring(duration: 0.5, bounce: .nan), Spring(response: .nan, dampingRatio: 1),
            Spring(mass: 1, stiffness: .nan, damping: 1), Spring(settlingDuration: .nan, dampingRatio: 1),
        ] {
            #expect(spring.value(target: 1.0, time: 0.5).isNaN)
            #expect(spring.velocity(target: 1.0, time: 0.5).isNaN)
            #expect(spring.duration.isNaN)
        }
        #expect(Spring.bouncy.value(target: 1.0, time: .nan).isNaN)
    }

    @Test("infinite time: damped springs are at their target; velocity 0 (the overdamped quirk gives the target)")
    func infiniteTime() {
        for (spring, velocity) in [(Spring.bouncy, 0.0), (Spring.smooth, 0.0), (Spring(duration: 0.5, bounce: -0.5), 3.0)] {
            #expect(spring.value(target: 3.0, initialVelocity: 7, time: .infinity) == 3)
            #expect(spring.velocity(target: 3.0, initialVelocity: 7, time: .infinity) == velocity)
        }
    }

    @Test("negative damping and stiffness are clamped to zero")
    func negativeParameters() {
        #expect(Spring(mass: 1, stiffness: 100, damping: -5) == Spring(mass: 1, stiffness: 100, damping: 0))
        #expect(Spring(response: 0.5, dampingRatio: -1) == Spring(response: 0.5, dampingRatio: 0))
        let free = Spring(mass: 1, stiffness: -4, damping: 0)
        // Zero stiffness and damping: a free particle, x = v0·t.
        expectClose(free.value(target: 1.0, initialVelocity: 2, time: 3), 6, tolerance: 1e-12, "free particle")
    }

    @Test("settlingDuration of a tiny damping ratio falls back to the response form")
    func settlingTinyRatio() {
        let spring = Spring(settlingDuration: 1, dampingRatio: 1e-300)
        #expect(spring.value(target: 1.0, time: 0.3).isFinite)
        expectRelativelyClose(spring.response, 1, tolerance: 1e-9, "response")
    }
}
