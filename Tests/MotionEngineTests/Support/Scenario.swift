import Foundation
import MotionCore

@testable import MotionEngine

/// SplitMix64: a small, seeded, platform-independent generator, so scenarios are the same on
/// every run and machine.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A user-written animation, to exercise the engine's generic path.
struct EaseBackAnimation: CustomAnimation {
    var duration: Double
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard time <= duration else { return nil }
        let p = time / duration
        return value.scaled(by: p * p * (2.5 * p - 1.5))
    }
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        let p = min(time / duration, 1)
        return value.scaled(by: (7.5 * p * p - 3 * p) / duration)
    }
}

/// The animations random scenarios draw from: every kernel's kind, and the generic path.
let scenarioAnimations: [Animation?] = [
    .smooth, .snappy, .bouncy, .spring(response: 0.3, dampingFraction: 0.5, blendDuration: 0.2), .interactiveSpring,
    .interpolatingSpring(stiffness: 170, damping: 15), .interpolatingSpring(duration: 0.4, bounce: -0.2),
    .easeInOut(duration: 0.4), .linear(duration: 0.3), .timingCurve(0.68, -0.6, 0.32, 1.6, duration: 0.5),
    Animation(EaseBackAnimation(duration: 0.45)), .easeIn(duration: 0.3).delay(0.1), .snappy.speed(1.5),
    .linear(duration: 0.2).repeatCount(3), .default, .timingCurve(.circularEaseOut, duration: 0.3), nil,
]

/// One change of one channel.
struct ScenarioChange {
    let frame: Int
    let channel: Int
    let target: Double
    let animation: Animation?
}

/// Random changes on `channels` channels over `frames` frames at 60 Hz; `storm` frames retarget
/// a third of the channels at once.
func randomScenario(seed: UInt64, channels: Int, frames: Int, changesPerFrame: Int, storms: Set<Int> = []) -> [ScenarioChange] {
    var generator = SeededGenerator(seed: seed)
    var changes: [ScenarioChange] = []
    for frame in 0..<frames {
        let count = storms.contains(frame) ? channels / 3 : changesPerFrame
        for _ in 0..<count {
            let channel = Int.random(in: 0..<channels, using: &generator)
            let target = Double(Int.random(in: -500...500, using: &generator))
            let animation = scenarioAnimations[Int.random(in: 0..<scenarioAnimations.count, using: &generator)]
            changes.append(ScenarioChange(frame: frame, channel: channel, target: target, animation: animation))
        }
    }
    return changes
}

/// Runs a scenario through a `MotionEngine`; returns the values after every frame and the events.
/// With `batched`, consecutive changes of a frame that share an animation go through the batch
/// `animate(_:with:at:)` in one call.
func runEngine(_ changes: [ScenarioChange], channels: Int, frames: Int, threads: Int, chunkSize: Int = 64, batched: Bool = false)
    throws -> (values: [[Double]], events: [[ChannelEvent]])
{
    let engine = MotionEngine(threadCount: threads, chunkSize: chunkSize, minimumChannelsPerWorker: 1)
    let ids = try (0..<channels).map { try engine.addChannel(value: Double($0)) }
    var values: [[Double]] = [], events: [[ChannelEvent]] = []
    var next = 0
    for frame in 0..<frames {
        let time = Double(frame) / 60
        while next < changes.count && changes[next].frame == frame {
            let change = changes[next]
            if batched {
                var batch: [(ChannelID, Double)] = []
                while next < changes.count && changes[next].frame == frame && changes[next].animation == change.animation {
                    batch.append((ids[changes[next].channel], changes[next].target))
                    next += 1
                }
                try engine.animate(batch, with: change.animation, at: time)
                continue
            }
            try engine.animate(ids[change.channel], to: change.target, with: change.animation, at: time)
            next += 1
        }
        try engine.tick(at: time)
        values.append(try ids.map { try engine.value(of: $0) })
        events.append(engine.lastTickEvents)
    }
    return (values, events)
}

/// Runs a scenario through one `AnimatedProperty` per channel.
func runProperties(_ changes: [ScenarioChange], channels: Int, frames: Int) -> [[Double]] {
    let properties = (0..<channels).map { AnimatedProperty(Double($0)) }
    var values: [[Double]] = []
    var next = 0
    for frame in 0..<frames {
        let time = Double(frame) / 60
        while next < changes.count && changes[next].frame == frame {
            let change = changes[next]
            properties[change.channel].set(change.target, at: time, transaction: Transaction(animation: change.animation))
            next += 1
        }
        values.append(properties.map { $0.presentedValue(at: time) })
    }
    return values
}
