import Foundation
import MotionCore
import Testing

@testable import MotionEngine

/// The engine gives the answers `AnimatedProperty` gives: bitwise for every kernel that calls the
/// same MotionCore code specialised for Double (fluid springs, curves, keyframes, the generic path,
/// the fluid merge fast path, held to the general path here), and within 1e-12 relative for the
/// closed-form spring kernel, whose vector exp/sin/cos differ from glibc's by a few ulp.
@Suite("MotionEngine agrees with AnimatedProperty")
struct EngineAgreementTests {
    @Test(
        "random scenarios of every animation kind agree frame by frame (bitwise except the vectorised closed-form spring, 1e-12)",
        arguments: [1 as UInt64, 2, 3, 4])
    func randomScenarios(seed: UInt64) throws {
        let changes = randomScenario(seed: seed, channels: 120, frames: 180, changesPerFrame: 3)
        let engine = try runEngine(changes, channels: 120, frames: 180, threads: 2)
        let reference = runProperties(changes, channels: 120, frames: 180)
        try expectAgreement(engine.values, reference, relative: 1e-12)
    }

    @Test("retarget storms (a third of all channels at once, every few frames) agree to 1e-12 relative")
    func retargetStorms() throws {
        let storms: Set<Int> = [5, 6, 7, 20, 21, 40, 41, 42, 43, 90]
        let changes = randomScenario(seed: 99, channels: 300, frames: 150, changesPerFrame: 1, storms: storms)
        let reference = runProperties(changes, channels: 300, frames: 150)
        for batched in [false, true] {
            let engine = try runEngine(changes, channels: 300, frames: 150, threads: 2, batched: batched)
            try expectAgreement(engine.values, reference, relative: 1e-12)
        }
    }

    @Test("fluid springs retargeted by fluid springs every frame (the merge fast path) agree bitwise")
    func fluidStorm() throws {
        var generator = SeededGenerator(seed: 7)
        let springs: [Animation] = [.smooth, .bouncy, .snappy, .spring(response: 0.8, dampingFraction: 0.6, blendDuration: 0.3)]
        var changes: [ScenarioChange] = []
        for frame in 0..<120 where frame % 2 == 0 {
            for channel in 0..<50 {
                changes.append(
                    ScenarioChange(
                        frame: frame, channel: channel, target: Double(Int.random(in: -99...99, using: &generator)),
                        animation: springs[Int.random(in: 0..<springs.count, using: &generator)]))
            }
        }
        let engine = try runEngine(changes, channels: 50, frames: 200, threads: 1)
        try expectAgreement(engine.values, runProperties(changes, channels: 50, frames: 200), relative: 0)
    }

    @Test("batched retargets (one animation for many channels, the storm fast path) agree bitwise with one-by-one properties")
    func batchedFluidStorm() throws {
        var generator = SeededGenerator(seed: 11)
        let springs: [Animation] = [.smooth, .bouncy, .snappy, .spring(response: 0.8, dampingFraction: 0.6, blendDuration: 0.3), .linear(duration: 0.4)]
        var changes: [ScenarioChange] = []
        for frame in 0..<120 where frame % 3 == 0 {
            let animation = springs[Int.random(in: 0..<springs.count, using: &generator)]
            for channel in 0..<60 where Int.random(in: 0..<4, using: &generator) != 0 {
                changes.append(
                    ScenarioChange(
                        frame: frame, channel: channel, target: Double(Int.random(in: -99...99, using: &generator)),
                        animation: animation))
            }
        }
        let engine = try runEngine(changes, channels: 60, frames: 200, threads: 2, batched: true)
        try expectAgreement(engine.values, runProperties(changes, channels: 60, frames: 200), relative: 0)
    }

    /// A batch of distinct channels with a fluid spring runs its merges in chunks on the workers,
    /// then its other changes in order; a batch naming a channel twice runs one by one. Both must
    /// be what one `AnimatedProperty` per channel gives, whatever the thread count.
    @Test(
        "parallel batch retargets: fluid merges, curve and idle channels in one batch, and a batch naming a channel twice, agree bitwise at 1, 2 and 8 threads",
        arguments: [1, 2, 8])
    func parallelBatchRetargets(threads: Int) throws {
        let channels = 240
        var changes: [ScenarioChange] = []
        func batch(frame: Int, _ animation: Animation, _ members: [Int], target: (Int) -> Double) {
            changes += members.map { ScenarioChange(frame: frame, channel: $0, target: target($0), animation: animation) }
        }
        // A third on a curve, a third on a fluid spring, a third idle; then storms over all of them.
        batch(frame: 0, .linear(duration: 0.5), Array(0..<80)) { Double($0 % 7) * 10 }
        batch(frame: 0, .bouncy, Array(80..<160)) { -Double($0 % 5) * 20 }
        batch(frame: 6, .snappy, Array((0..<channels).reversed())) { Double($0 % 11) - 5 }
        batch(frame: 7, .smooth, Array(0..<channels)) { Double($0 % 11) - 5 } // zero deltas: no merge
        batch(frame: 9, .spring(response: 0.8, dampingFraction: 0.6, blendDuration: 0.3), Array(0..<channels) + [17, 120]) { Double($0 % 3) * 40 }
        batch(frame: 14, .interactiveSpring, Array(stride(from: 1, to: channels, by: 2))) { Double($0) }
        let reference = runProperties(changes, channels: channels, frames: 90)
        let engine = try runEngine(changes, channels: channels, frames: 90, threads: threads, chunkSize: 8, batched: true)
        try expectAgreement(engine.values, reference, relative: 0)
    }

    @Test("keyframe channels give the timeline's values bitwise and rest at the end value")
    func keyframes() throws {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10.0, duration: 0.2)
            CubicKeyframe(-5.0, duration: 0.3)
            SpringKeyframe(20.0, duration: 0.4, spring: .bouncy)
            CubicKeyframe(3.0, duration: 0.25)
            MoveKeyframe(4.0)
            CubicKeyframe(0.0, duration: 0.3)
        }
        let engine = MotionEngine(threadCount: 2, chunkSize: 8, minimumChannelsPerWorker: 1)
        let ids = try (0..<40).map { try engine.addChannel(timeline: timeline, at: Double($0) * 0.01) }
        for frame in 0...120 {
            let time = Double(frame) / 60
            try engine.tick(at: time)
            for (k, id) in ids.enumerated() {
                #expect(try engine.value(of: id) == timeline.value(time: time - Double(k) * 0.01), "channel \(k) frame \(frame)")
            }
        }
        #expect(engine.lastTickEvents.isEmpty)
        #expect(try engine.value(of: ids[0]) == 0)
    }

    @Test("keyframe channels keep the timeline's values when removals compact the segment table mid-track")
    func keyframesAcrossCompaction() throws {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(8.0, duration: 0.2)
            LinearKeyframe(-3.0, duration: 0.25)
            CubicKeyframe(5.0, duration: 0.3)
            MoveKeyframe(1.0)
            CubicKeyframe(-2.0, duration: 0.35)
            CubicKeyframe(0.0, duration: 0.4)
        }
        let engine = MotionEngine(threadCount: 2, chunkSize: 16, minimumChannelsPerWorker: 1)
        // Staggered starts put the channels' cursors on different segments.
        let starts = (0..<400).map { Double($0 % 37) * 0.03 }
        let ids = try starts.map { try engine.addChannel(timeline: timeline, at: $0) }
        var kept = Array(ids.indices)
        for frame in 0...100 {
            let time = Double(frame) / 60
            if frame == 40 {
                // 250 of 400 six-segment tracks: 1500 unused segments, past both compaction thresholds.
                for k in ids.indices where k % 8 < 5 { try engine.removeChannel(ids[k]) }
                kept = ids.indices.filter { $0 % 8 >= 5 }
            }
            try engine.tick(at: time)
            for k in kept {
                #expect(try engine.value(of: ids[k]).bitPattern == timeline.value(time: time - starts[k]).bitPattern, "channel \(k) frame \(frame)")
            }
        }
    }

    @Test("velocities agree with AnimatedProperty.velocity(at:)")
    func velocities() throws {
        let animations: [Animation] = [.bouncy, .interpolatingSpring(stiffness: 100, damping: 8), Animation(EaseBackAnimation(duration: 1)), .easeIn]
        for animation in animations {
            let engine = MotionEngine(threadCount: 1)
            let id = try engine.addChannel(value: 0)
            let property = AnimatedProperty(0.0)
            try engine.animate(id, to: 100, with: animation, at: 0)
            property.set(100, at: 0, transaction: Transaction(animation: animation))
            for frame in 0...10 {
                let t = Double(frame) / 60
                try engine.tick(at: t)
                _ = property.presentedValue(at: t)
            }
            #expect(try engine.velocity(of: id) == property.velocity(at: 10.0 / 60), "\(animation)")
        }
    }

    @Test("events: logical completion once per animation, then finished; the channel rests at its target")
    func events() throws {
        let engine = MotionEngine(threadCount: 1)
        let id = try engine.addChannel(value: 0)
        try engine.animate(id, to: 1, with: .linear(duration: 5).logicallyComplete(after: 1), at: 0)
        var log: [(Int, ChannelEvent.Kind)] = []
        for frame in 0...400 {
            try engine.tick(at: Double(frame) / 60)
            log += engine.lastTickEvents.map { (frame, $0.kind) }
        }
        #expect(log.map(\.1) == [.logicallyComplete, .finished])
        #expect(log.map(\.0) == [60, 301])
        #expect(try engine.value(of: id) == 1)
    }

    @Test("events from the vector kernels: each fluid and closed-form channel completes logically once, then finishes")
    func vectorKernelEvents() throws {
        // Groups of four consecutive channels go through the SIMD4 kernels; 9 channels leave a
        // scalar remainder too. Channel k starts at frame k, so each lane completes alone. Logical completion is at elapsed ≥ response for a fluid spring
        // (§3.1) and at the logical duration for an interpolating spring; both settle well
        // before 10 s.
        // The underdamped spring is still far from its target when it completes logically (a
        // quarter of the distance away after one period), so that event comes from a group
        // where no lane has arrived.
        let fluidSprings = [Animation.spring(response: 0.5, dampingFraction: 0.8), .spring(response: 0.5, dampingFraction: 0.2)]
        for animation in fluidSprings + [.interpolatingSpring(stiffness: 170, damping: 26)] {
            let engine = MotionEngine(threadCount: 1)
            let ids = try (0..<9).map { _ in try engine.addChannel(value: 0) }
            var logical: [ChannelID: [Int]] = [:], finished: [ChannelID: [Int]] = [:]
            for frame in 0...600 {
                // Channel k starts at frame k, so no two lanes of a group complete together.
                if frame < ids.count { try engine.animate(ids[frame], to: 10, with: animation, at: Double(frame) / 60) }
                try engine.tick(at: Double(frame) / 60)
                for event in engine.lastTickEvents {
                    if event.kind == .logicallyComplete { logical[event.channel, default: []].append(frame) }
                    if event.kind == .finished { finished[event.channel, default: []].append(frame) }
                }
            }
            for id in ids {
                #expect(logical[id]?.count == 1, "\(animation): channel \(id.index) completed logically \(logical[id]?.count ?? 0) times")
                #expect(finished[id]?.count == 1, "\(animation): channel \(id.index) finished \(finished[id]?.count ?? 0) times")
                if let l = logical[id]?.first, let f = finished[id]?.first { #expect(l <= f) }
                #expect(try engine.value(of: id) == 10)
            }
            if fluidSprings.contains(animation) {
                #expect(
                    ids.map { logical[$0]?.first } == (0..<9).map { 30 + $0 }, "a fluid spring of response 0.5 s completes logically 30 frames after it starts")
            }
        }
    }

    /// After more than a second without a frame, a fluid spring's state jumps to a frame before
    /// now (§3.1, step 4). The four-lane kernel tests for that per group; here a group has stale
    /// lanes beside a lane animated at the stall (not stale), and a group is stale in every lane.
    @Test("fluid springs across stalls of more than a second agree bitwise, stale lanes beside fresh ones")
    func fluidStalls() throws {
        let engine = MotionEngine(threadCount: 1)
        let ids = try (0..<9).map { try engine.addChannel(value: Double($0)) }
        let properties = (0..<9).map { AnimatedProperty(Double($0)) }
        func animate(_ k: Int, to target: Double, with animation: Animation, at time: Double) throws {
            try engine.animate(ids[k], to: target, with: animation, at: time)
            properties[k].set(target, at: time, transaction: Transaction(animation: animation))
        }
        let slow = Animation.spring(response: 4, dampingFraction: 0.5)
        for k in 0..<9 where k != 4 { try animate(k, to: 100 + Double(k), with: slow, at: 0) }
        var times = (0...3).map { Double($0) / 60 }
        let firstStall = times.last! + 1.5, secondStall = firstStall + 0.1 + 1.25
        times += (0...5).map { firstStall + Double($0) / 60 } + (0...5).map { secondStall + Double($0) / 60 }
        for time in times {
            if time == firstStall { try animate(4, to: -50, with: slow, at: time) }
            if time == secondStall { try animate(5, to: 7, with: .bouncy, at: time) }
            try engine.tick(at: time)
            for k in 0..<9 {
                let expected = properties[k].presentedValue(at: time)
                #expect(try engine.value(of: ids[k]).bitPattern == expected.bitPattern, "channel \(k) at \(time)")
            }
        }
        #expect(try engine.value(of: ids[0]) != 100, "channel 0 is still on its way after the stalls")
    }

    @Test("scenarios without closed-form springs agree bitwise")
    func bitwiseWithoutClosedForm() throws {
        let changes = randomScenario(seed: 11, channels: 120, frames: 150, changesPerFrame: 3)
            .filter { !($0.animation?.base is InterpolatingSpringAnimation) }
        let engine = try runEngine(changes, channels: 120, frames: 150, threads: 2)
        try expectAgreement(engine.values, runProperties(changes, channels: 120, frames: 150), relative: 0)
    }

    @Test("timing-curve channels (solved four lanes at a time) agree bitwise, and each finishes once at its end")
    func timingCurves() throws {
        // Curves of different shapes and durations side by side in the pool, so the lanes of a
        // group converge after different numbers of Newton steps, finish on different frames,
        // and some need the bisection fallback (X flat at t = ½ for timingCurve(1, 0.3, 0, 0.7)).
        let curves: [Animation] = [
            .linear(duration: 0.5), .easeIn(duration: 0.7), .easeOut(duration: 0.3), .easeInOut(duration: 1),
            .timingCurve(0.68, -0.6, 0.32, 1.6, duration: 0.9), .timingCurve(1, 0.3, 0, 0.7, duration: 0.6),
        ]
        var changes: [ScenarioChange] = []
        for channel in 0..<62 {
            changes.append(
                ScenarioChange(
                    frame: channel % 5, channel: channel, target: Double(channel * 7 % 23) - 11,
                    animation: curves[channel % curves.count]))
        }
        changes.sort { ($0.frame, $0.channel) < ($1.frame, $1.channel) } // the harness takes changes in frame order
        let engine = try runEngine(changes, channels: 62, frames: 90, threads: 1)
        try expectAgreement(engine.values, runProperties(changes, channels: 62, frames: 90), relative: 0)
        let finished = engine.events.flatMap { $0 }.filter { $0.kind == .finished }.map { Int($0.channel.index) }
        #expect(finished.sorted() == Array(0..<62), "every channel finishes exactly once")
    }

    @Test("closed-form spring channels agree within 1e-12 relative, and move")
    func closedForm() throws {
        var changes: [ScenarioChange] = []
        for channel in 0..<64 {
            changes.append(
                ScenarioChange(
                    frame: channel % 7, channel: channel, target: Double(channel * 3 - 90),
                    animation: .interpolatingSpring(stiffness: 50 + Double(channel), damping: 2 + Double(channel % 5))))
        }
        let engine = try runEngine(changes, channels: 64, frames: 200, threads: 1)
        try expectAgreement(engine.values, runProperties(changes, channels: 64, frames: 200), relative: 1e-12)
    }

    /// Bitwise when `relative` is 0, else within `relative` of the reference's magnitude (at least 1).
    func expectAgreement(_ engine: [[Double]], _ reference: [[Double]], relative: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var mismatches = 0
        for (frame, (a, b)) in zip(engine, reference).enumerated() {
            for (channel, (x, y)) in zip(a, b).enumerated()
            where !agree(x, y, relative: relative) {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record("frame \(frame) channel \(channel): engine \(x), AnimatedProperty \(y)", sourceLocation: sourceLocation)
                }
            }
        }
        #expect(mismatches == 0, "\(mismatches) values differ", sourceLocation: sourceLocation)
    }

    /// Non-finite values must match exactly: a merge seeded with an infinite curve velocity
    /// (`circularEaseOut.velocity(at: 0) == +inf`, docs/semantics.md §2, merged per §4.3) poisons both models the
    /// same way, and the engine must reproduce that rather than hide it.
    func agree(_ x: Double, _ y: Double, relative: Double) -> Bool {
        if relative == 0 || !x.isFinite || !y.isFinite {
            return x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN)
        }
        return abs(x - y) <= relative * max(1, abs(y))
    }
}
