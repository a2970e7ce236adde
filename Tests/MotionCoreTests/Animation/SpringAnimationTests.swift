import Foundation
import MotionCore
import Testing

@testable import ConformanceReference

/// The fluid spring family and the interpolating spring (docs/semantics.md §3.1).
@Suite("Spring animations")
struct SpringAnimationTests {
    static let fluidCases: [(String, Animation, Double, Double)] = [
        ("smooth", .smooth, 0.5, 1.0), ("snappy", .snappy, 0.5, 0.85), ("bouncy", .bouncy, 0.5, 0.7),
        ("spring(response: 0.3, dampingFraction: 0.3)", .spring(response: 0.3, dampingFraction: 0.3), 0.3, 0.3),
        ("interactiveSpring", .interactiveSpring, 0.15, 0.85),
        ("spring(duration: 1, bounce: -0.3)", .spring(duration: 1, bounce: -0.3), 1, 1 / 0.7),
    ]

    @Test("the fluid spring equals the reference integrator written from §3.1, frame for frame, to the bit")
    func fluidMatchesReference() {
        for (name, animation, response, fraction) in Self.fluidCases {
            for value in [100.0, -3.0, 0.25] {
                var driver = AnimationDriver(animation, value: value)
                let reference = ReferenceFluidSpring(change: value, response: response, fraction: fraction, blendDuration: 0)
                for t in frameTimes(hertz: 60, through: 4) {
                    let expected = reference.offset(t)
                    let x = driver.frame(at: t)
                    #expect(x == expected, "\(name) value \(value) at \(t)")
                    #expect(animation.velocity(value: value, time: t, context: driver.context) == reference.speed(t), "\(name) velocity at \(t)")
                    #expect(driver.context.isLogicallyComplete == reference.logicallyDone, "\(name) logical completion at \(t)")
                    if x == nil { break }
                }
            }
        }
    }

    @Test("the fluid spring tracks the closed-form spring with the same response and damping")
    func fluidTracksClosedForm() {
        for (name, animation, response, fraction) in Self.fluidCases {
            let spring = Spring(response: response, dampingRatio: fraction)
            var driver = AnimationDriver(animation, value: 100.0)
            for t in frameTimes(hertz: 120, through: 1) {
                guard let x = driver.frame(at: t) else { break }
                // The integrator ends each frame on the next multiple of 1/300 s. It is a
                // different discretisation of the same oscillator (semi-implicit, starting with
                // zero force), so it runs within a few percent of the exact curve: 3.1% at worst on
                // the fastest, least damped case here (ω·h ≈ 0.07).
                let stepTime = (t * 300).rounded(.up) / 300
                expectClose(x, spring.value(target: 100.0, time: stepTime), tolerance: 3.5, "\(name) at \(t)")
            }
        }
    }

    @Test("the fluid spring is frame-rate independent: 60, 120 and 240 Hz agree bitwise at common times")
    func frameRateIndependence() {
        for (name, animation, _, _) in Self.fluidCases {
            var at60: [Double: Double?] = [:], at120: [Double: Double?] = [:], at240: [Double: Double?] = [:]
            for (hz, table) in [(60.0, \Self.Tables.at60), (120.0, \.at120), (240.0, \.at240)] as [(Double, WritableKeyPath<Tables, [Double: Double?]>)] {
                var tables = Tables()
                var driver = AnimationDriver(animation, value: 64.0)
                for t in frameTimes(hertz: hz, through: 2) { tables[keyPath: table][t] = driver.frame(at: t) }
                switch hz {
                case 60: at60 = tables.at60
                case 120: at120 = tables.at120
                default: at240 = tables.at240
                }
            }
            for (t, x) in at60 {
                #expect(at120[t]! == x && at240[t]! == x, "\(name) at \(t)")
            }
        }
    }
    struct Tables { var at60: [Double: Double?] = [:], at120: [Double: Double?] = [:], at240: [Double: Double?] = [:] }

    @Test("the fluid spring finishes exactly when the §3.1 rest test first passes")
    func finishesOnRestTest() {
        var driver = AnimationDriver(Animation.bouncy, value: 10.0)
        let reference = ReferenceFluidSpring(change: 10, response: 0.5, fraction: 0.7, blendDuration: 0)
        var finishTime: Double?
        for t in frameTimes(hertz: 60, through: 5) {
            let expected = reference.offset(t)
            let x = driver.frame(at: t)
            if expected == nil {
                finishTime = t
                #expect(x == nil)
                break
            }
            #expect(x != nil)
        }
        #expect(finishTime != nil && finishTime! > 0.5 && finishTime! < 3)
    }

    @Test("a fluid spring merged mid-flight keeps position and velocity (§3.1 shouldMerge)")
    func mergeKeepsPositionAndVelocity() {
        var running = RunningAnimation<Double>(animation: .bouncy, interval: 100, beginTime: 0)
        for t in frameTimes(hertz: 60, through: 0.2) { _ = running.offset(at: t) }
        let t = 0.2
        let before = running.offset(at: t)!
        let velocityBefore = running.velocity(at: t)!
        #expect(running.retarget(by: 50, with: .smooth, at: t) == .merged)
        #expect(running.velocity(at: t)! == velocityBefore)
        let after = running.offset(at: t)!
        #expect(after == before, "the merged spring continues from the same offset")
        #expect(running.isLogicallyComplete == false, "the merged spring's logical completion restarts")
    }

    @Test("merging springs of different response blends the response over blendDuration")
    func responseBlending() {
        var running = RunningAnimation<Double>(animation: .spring(response: 1, dampingFraction: 1), interval: 100, beginTime: 0)
        _ = running.offset(at: 0.1)
        running.retarget(by: 0, with: .spring(response: 0.2, dampingFraction: 1, blendDuration: 0.5), at: 0.1)
        let state = running.context.state[FluidSpringStateKey<Double>.self]
        #expect(state.blendInterval == 0.8 && state.blendStart == 0.1 && state.startTime == 0.1)
        let spring = FluidSpringAnimation(response: 0.2, dampingFraction: 1, blendDuration: 0.5)
        expectClose(spring._effectiveResponse(time: 0.1, state: state), 1.0, tolerance: 1e-15, "starts at the old response")
        expectClose(spring._effectiveResponse(time: 0.35, state: state), 0.6, tolerance: 1e-15, "half way: smoothstep 0.5")
        expectClose(spring._effectiveResponse(time: 0.6, state: state), 0.2, tolerance: 1e-15, "ends at the new response")
    }

    @Test("response 0 is the stiffest spring (k = 45000), not a trap")
    func zeroResponse() {
        #expect(FluidSpringAnimation._stiffness(response: 0) == 45000)
        #expect(FluidSpringAnimation._stiffness(response: 0.001) == 45000)
        let samples = AnimationDriver.samples(.spring(response: 0, dampingFraction: 1), value: 1.0, times: frameTimes(hertz: 60, through: 1))
        #expect(samples.contains { $0 == nil }, "it finishes")
    }

    @Test("spring presets expand as §3.1 says")
    func presets() {
        func fluid(_ a: Animation) -> FluidSpringAnimation? { a._base(as: FluidSpringAnimation.self) }
        #expect(fluid(.spring) == FluidSpringAnimation(response: 0.5, dampingFraction: 1, blendDuration: 0))
        #expect(fluid(.spring()) == FluidSpringAnimation(response: 0.5, dampingFraction: 1, blendDuration: 0))
        #expect(fluid(.spring(response: 0.4)) == FluidSpringAnimation(response: 0.4, dampingFraction: 0.825, blendDuration: 0))
        #expect(fluid(.interactiveSpring) == FluidSpringAnimation(response: 0.15, dampingFraction: 0.85, blendDuration: 0.25))
        #expect(fluid(.interactiveSpring(response: 0.2)) == FluidSpringAnimation(response: 0.2, dampingFraction: 0.86, blendDuration: 0.25))
        #expect(fluid(.snappy(duration: 0.4, extraBounce: 0.1))!.dampingFraction == 1 - (0.15 + 0.1))
        #expect(fluid(.bouncy(duration: 0.4))! == FluidSpringAnimation(response: 0.4, dampingFraction: 1 - 0.3, blendDuration: 0))
        #expect(fluid(.smooth(extraBounce: -0.5))!.dampingFraction == 2)
        let fromSpring = fluid(.spring(Spring(duration: 0.7, bounce: 0.2), blendDuration: 0.1))!
        expectClose(fromSpring.response, 0.7, tolerance: 1e-12, "response from Spring")
        expectClose(fromSpring.dampingFraction, 0.8, tolerance: 1e-12, "damping fraction from Spring")
    }

    @Test("Animation.default is equal only to itself and animates as .smooth (decision 1)")
    func defaultAnimation() {
        #expect(Animation.default == .default)
        #expect(Animation.default != .smooth)
        #expect(Animation.default != .spring)
        let a = AnimationDriver.samples(.default, value: 1.0, times: frameTimes(hertz: 60, through: 2))
        let b = AnimationDriver.samples(.smooth, value: 1.0, times: frameTimes(hertz: 60, through: 2))
        #expect(a == b)
    }
}

/// `interpolatingSpring` against the closed forms written in the test from §3.1.
@Suite("Interpolating spring")
struct InterpolatingSpringTests {
    /// sample(t) from §3.1, written independently.
    static func sample(mass m: Double, stiffness k: Double, damping c: Double, v0: Double, t: Double) -> Double {
        let w0 = (k / m).squareRoot(), zeta = c / (2 * (m * k).squareRoot())
        if zeta >= 1 { return 1 - (1 + (w0 - v0) * t) * exp(-w0 * t) }
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
    }

    static let cases: [(m: Double, k: Double, c: Double, v0: Double)] = [
        (1, 157.91, 25.13, 0), (1, 100, 10, 0), (2, 300, 8, 3), (1, 100, 20, -2), (1, 100, 60, 0),
    ]

    @Test("values follow the §3.1 closed form, critical form for ζ ≥ 1 included; nil from duration D")
    func values() {
        for (m, k, c, v0) in Self.cases {
            let animation = Animation.interpolatingSpring(mass: m, stiffness: k, damping: c, initialVelocity: v0)
            let spring = InterpolatingSpringAnimation(mass: m, stiffness: k, damping: c, initialVelocity: v0)
            var context = AnimationContext<Double>()
            for t in stride(from: 0.0, to: min(spring.duration, 3), by: 0.01) {
                let x = animation.animate(value: 40.0, time: t, context: &context)
                expectClose(x ?? .nan, 40 * Self.sample(mass: m, stiffness: k, damping: c, v0: v0, t: t), tolerance: 1e-12, "(\(m), \(k), \(c), \(v0)) at \(t)")
            }
            #expect(animation.animate(value: 40.0, time: spring.duration, context: &context) == nil)
        }
    }

    @Test("an underdamped duration is −ln(ε/(1 + |A|))/(ζω₀) with ε = 0.001")
    func underdampedDuration() {
        let (m, k, c, v0) = (1.0, 100.0, 10.0, 0.0)
        let w0 = (k / m).squareRoot(), zeta = c / (2 * (m * k).squareRoot())
        let a = (zeta * w0 - v0) / (w0 * (1 - zeta * zeta).squareRoot())
        let spring = InterpolatingSpringAnimation(mass: m, stiffness: k, damping: c, initialVelocity: v0)
        expectClose(spring.duration, -log(0.001 / (1 + abs(a))) / (zeta * w0), tolerance: 1e-12, "duration")
    }

    @Test("a critically damped duration is on the 0.1 s grid")
    func criticalDuration() {
        let spring = InterpolatingSpringAnimation(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
        let d = spring.duration
        expectClose(d * 10, (d * 10).rounded(), tolerance: 1e-9, "multiple of 0.1 s")
        #expect(abs(1 - Self.sample(mass: 1, stiffness: 100, damping: 20, v0: 0, t: d)) < 0.001)
    }

    @Test("logically complete once t ≥ 2π/√k (§6.2)")
    func logicalCompletion() {
        let animation = Animation.interpolatingSpring(stiffness: 100, damping: 10)
        var context = AnimationContext<Double>()
        _ = animation.animate(value: 1.0, time: 2 * .pi / 10 - 1e-9, context: &context)
        #expect(!context.isLogicallyComplete)
        _ = animation.animate(value: 1.0, time: 2 * .pi / 10, context: &context)
        #expect(context.isLogicallyComplete)
    }

    @Test("the duration/bounce and Spring forms build k = (2π/d)², c = 2√k·fraction; the default is k 157.91, c 25.13")
    func forms() {
        let base = Animation.interpolatingSpring._base(as: InterpolatingSpringAnimation.self)!
        expectClose(base.stiffness, 157.91, tolerance: 0.005, "stiffness")
        expectClose(base.damping, 25.13, tolerance: 0.005, "damping")
        let bouncy = Animation.interpolatingSpring(duration: 0.4, bounce: 0.3)._base(as: InterpolatingSpringAnimation.self)!
        expectClose(bouncy.stiffness, pow(2 * .pi / 0.4, 2), tolerance: 1e-9, "k")
        expectClose(bouncy.damping, 2 * (2 * .pi / 0.4) * 0.7, tolerance: 1e-9, "c")
        let fromSpring = Animation.interpolatingSpring(Spring(duration: 0.5, bounce: -0.2))._base(as: InterpolatingSpringAnimation.self)!
        expectClose(fromSpring.stiffness, 335.5665, tolerance: 1e-4, "inherits the overdamped stiffness quirk (§1.6)")
    }

    @Test("a non-positive duration (infinite stiffness) finishes at once and is logically complete")
    func infiniteStiffness() {
        var context = AnimationContext<Double>()
        #expect(Animation.interpolatingSpring(duration: 0).animate(value: 1.0, time: 0, context: &context) == nil)
        #expect(context.isLogicallyComplete)
    }

    @Test("velocity is the derivative of the animated value")
    func velocity() {
        for (m, k, c, v0) in Self.cases {
            let animation = Animation.interpolatingSpring(mass: m, stiffness: k, damping: c, initialVelocity: v0)
            let context = AnimationContext<Double>()
            for t in stride(from: 0.05, to: 1, by: 0.05) {
                let h = 1e-6
                let derivative =
                    40 * (Self.sample(mass: m, stiffness: k, damping: c, v0: v0, t: t + h) - Self.sample(mass: m, stiffness: k, damping: c, v0: v0, t: t - h))
                    / (2 * h)
                expectClose(animation.velocity(value: 40.0, time: t, context: context)!, derivative, tolerance: 1e-4, "(\(m), \(k), \(c)) at \(t)")
            }
        }
    }
}
