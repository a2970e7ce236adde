import MotionCore
import Testing

/// `delay`, `speed`, `repeatCount`/`repeatForever` and `logicallyComplete(after:)`
/// (docs/semantics.md §3.2). Frames are at 64 Hz so frame times are exact in binary and the
/// expected schedules below are exact.
@Suite("Animation modifiers")
struct ModifierTests {
    static let frames = (0...200).map { Double($0) / 64 }
    static let tolerance = IndependentCurves.resolution

    func samples(_ animation: Animation, value: Double = 1) -> [Double?] {
        AnimationDriver.samples(animation, value: value, times: Self.frames)
    }

    func expectSchedule(_ actual: [Double?], _ expected: [Double?], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (frame, (a, e)) in zip(actual, expected).enumerated() {
            switch (a, e) {
            case let (a?, e?): expectClose(a, e, tolerance: Self.tolerance, "\(name) frame \(frame)", sourceLocation: sourceLocation)
            case (nil, nil): break
            default: Issue.record("\(name) frame \(frame): got \(String(describing: a)), expected \(String(describing: e))", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("delay: the base sits at its start, then runs on t − delay")
    func delay() {
        let x = samples(.linear(duration: 1).delay(0.5))
        expectSchedule(x, Self.frames.map { t in t > 1.5 ? nil : max(0, t - 0.5) }, "linear(1).delay(0.5)")
    }

    @Test("speed: the base runs on t · speed; 'a one-second animation with a speed of 2 completes in half the time'")
    func speed() {
        let x = samples(.linear(duration: 1).speed(2))
        expectSchedule(x, Self.frames.map { t in t > 0.5 ? nil : 2 * t }, "linear(1).speed(2)")
        let context = AnimationContext<Double>()
        #expect(Animation.timingCurve(.linear, duration: 1).speed(2).velocity(value: 3.0, time: 0.1, context: context) == 6)
    }

    @Test("modifiers nest in writing order: time is scaled, then delayed (§3.2)")
    func nestingOrder() {
        // speed(delay(a)): base time = max(0, 2t − 1).
        expectSchedule(
            samples(.linear(duration: 1).delay(1).speed(2)),
            Self.frames.map { t in 2 * t - 1 > 1 ? nil : max(0, 2 * t - 1) }, "delay(1).speed(2)")
        // delay(speed(a)): base time = 2·max(0, t − 1).
        expectSchedule(
            samples(.linear(duration: 1).speed(2).delay(1)),
            Self.frames.map { t in 2 * max(0, t - 1) > 1 ? nil : 2 * max(0, t - 1) }, "speed(2).delay(1)")
    }

    @Test("repeatCount(2, autoreverses: true): forward, the boundary frame, back, then finished")
    func repeatAutoreversing() {
        // Cycle 0 covers frames 0…16 (t ≤ 0.25). Frame 17 detects the end: the cycle index
        // advances, the next cycle starts at that frame, and the frame shows the full value.
        // Cycle 1 runs backwards over frames 18…33; frame 34 detects its end and, the count
        // reached, finishes — the presentation snaps to the model value.
        var expected: [Double?] = (0...16).map { Double($0) / 16 }
        expected.append(1)
        expected += (1...16).map { 1 - Double($0) / 16 }
        expected.append(nil)
        expectSchedule(
            samples(.linear(duration: 0.25).repeatCount(2)), expected + Array(repeating: nil, count: Self.frames.count - expected.count), "repeatCount(2)")
    }

    @Test("repeatCount(3, autoreverses: false) restarts forward each cycle")
    func repeatForward() {
        var expected: [Double?] = (0...16).map { Double($0) / 16 }
        for _ in 0..<2 {
            expected.append(1)
            expected += (1...16).map { Double($0) / 16 }
        }
        expected.append(nil)
        expectSchedule(
            samples(.linear(duration: 0.25).repeatCount(3, autoreverses: false)),
            expected + Array(repeating: nil, count: Self.frames.count - expected.count), "repeatCount(3, false)")
    }

    @Test("repeatCount(1) plays once; repeatCount(0) and negative counts also play once")
    func repeatOnce() {
        let once: [Double?] = (0...16).map { Double($0) / 16 } + Array(repeating: nil, count: Self.frames.count - 17)
        for count in [1, 0, -3] {
            expectSchedule(samples(.linear(duration: 0.25).repeatCount(count)), once, "repeatCount(\(count))")
        }
    }

    @Test("modifier velocities: delay holds the base's start velocity, autoreversed cycles negate it")
    func modifierVelocities() {
        let curve = Animation.timingCurve(.linear, duration: 0.25)
        let context = AnimationContext<Double>()
        #expect(curve.delay(1).velocity(value: 1.0, time: 0.5, context: context) == 4)
        var driver = AnimationDriver(curve.repeatCount(2), value: 1.0)
        for t in Self.frames.prefix(18) { _ = driver.frame(at: t) }
        #expect(driver.animation.velocity(value: 1.0, time: Self.frames[18], context: driver.context) == -4, "second cycle runs back")
    }

    @Test("repeatForever never finishes, and alternates direction when autoreversing")
    func repeatForever() {
        let x = samples(.linear(duration: 0.25).repeatForever())
        #expect(x.allSatisfy { $0 != nil })
        let forward = samples(.linear(duration: 0.25).repeatForever(autoreverses: false))
        #expect(forward.allSatisfy { $0 != nil })
        // The second cycle of the autoreversing form runs down, the non-reversing one up.
        #expect(x[20]! < x[19]! && forward[20]! > forward[19]!)
    }

    @Test("a repeating fluid spring restarts its state each cycle")
    func repeatingSpring() {
        let x = samples(.bouncy.repeatCount(2, autoreverses: false), value: 10)
        let firstEnd = x.firstIndex { $0 == 10 }!
        // The second cycle starts again from 0: its first frames equal the first cycle's.
        let single = samples(.bouncy, value: 10)
        #expect(x[firstEnd + 1] == single[1])
    }

    @Test("logicallyComplete(after:) sets logical completion at t ≥ d and never extends the base (§6.2)")
    func logicallyComplete() {
        var driver = AnimationDriver(Animation.linear(duration: 1).logicallyComplete(after: 0.3), value: 1.0)
        _ = driver.frame(at: 0.29)
        #expect(!driver.context.isLogicallyComplete)
        _ = driver.frame(at: 0.3)
        #expect(driver.context.isLogicallyComplete)
        let long = samples(.linear(duration: 1).logicallyComplete(after: 5))
        #expect(long[64] != nil && long[65] == nil, "finishes with its base at 1 s, not at 5 s")
    }

    @Test("a curve is logically complete only when it finishes (§6.2 'anything else')")
    func curveLogicalCompletion() {
        var driver = AnimationDriver(Animation.easeIn(duration: 1), value: 1.0)
        for t in Self.frames.prefix(65) {
            _ = driver.frame(at: t)
            #expect(!driver.context.isLogicallyComplete)
        }
    }

    @Test("negative or NaN speed holds the start and never finishes; NaN delay is no delay")
    func badModifierParameters() {
        for speed in [-1.0, .nan, 0] {
            #expect(samples(.linear(duration: 1).speed(speed)).allSatisfy { $0 == 0 }, "speed \(speed)")
        }
        #expect(samples(.linear(duration: 1).delay(.nan)) == samples(.linear(duration: 1)))
        // A negative delay starts the base that far into its run.
        expectSchedule(samples(.linear(duration: 1).delay(-0.5)), Self.frames.map { t in t + 0.5 > 1 ? nil : t + 0.5 }, "delay(-0.5)")
    }

    @Test("modifiers merge only with an equal modifier whose base merges (§3.2)")
    func modifierMerging() {
        func retarget(_ first: Animation, _ second: Animation) -> RunningAnimation<Double>.Retarget {
            var running = RunningAnimation<Double>(animation: first, interval: 10, beginTime: 0)
            _ = running.offset(at: 0.1)
            return running.retarget(by: 5, with: second, at: 0.1)
        }
        #expect(retarget(.bouncy.delay(0.1), .bouncy.delay(0.1)) == .merged)
        #expect(retarget(.bouncy.delay(0.1), .bouncy.delay(0.2)) == .combined)
        #expect(retarget(.bouncy, .bouncy.speed(2)) == .combined)
        #expect(retarget(.bouncy.speed(2), .bouncy.speed(2)) == .merged)
        #expect(retarget(.bouncy.delay(0.1), .bouncy) == .merged, "a bare fluid spring merges onto anything")
        #expect(retarget(.easeIn.delay(0.1), .easeIn.delay(0.1)) == .combined, "equal, but the base does not merge")
        #expect(retarget(.bouncy.repeatCount(2), .bouncy.repeatCount(2)) == .merged)
    }
}
