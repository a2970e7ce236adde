import BenchKit
import EngineConformance
import Foundation
import MotionConformance
import MotionCore
import MotionEngine

/// One frame at 120 Hz.
let frame = 1.0 / 120

/// The engine's animation kinds, each with long-lived animations so channels keep animating for
/// the whole measurement: per-frame work does not depend on how long an animation lasts.
enum ChannelKind: String, CaseIterable {
    case fluid, closed, curve, keyframe, generic, mix

    /// The C reference kernel of the same math, if there is one.
    var reference: String? {
        switch self {
        case .fluid: return "c.fluid"
        case .closed: return "c.closed"
        case .keyframe: return "c.cubic"
        default: return nil
        }
    }

    /// Adds `count` animating channels of this kind to `engine`, channel k with variant k mod 8
    /// (k mod 64 for keyframe tracks) of the standard workloads' definitions (MotionConformance's
    /// Workload+Parameters.swift, docs/protocol.md §8). `staggered`: fluid springs start in the
    /// eight frames before the first tick, a different one for neighbouring channels, as in an
    /// app; their 1/300 s steps then fall differently in a frame (two or three), so the kernel's
    /// four lanes often take different numbers of steps.
    func populate(_ engine: MotionEngine, count: Int, staggered: Bool = false) throws {
        let timeline = try Workload.keyframeTimeline()
        let animations: [ChannelKind: [Animation]] = [
            .fluid: try (0..<8).map { try Workload.animation(Workload.fluidAnimation(variant: $0)) },
            .closed: try (0..<8).map { try Workload.animation(Workload.closedAnimation(variant: $0)) },
            .curve: try (0..<8).map { try Workload.animation(Workload.curveAnimation(variant: $0)) },
            .generic: (0..<8).map { Animation(SmoothStepAnimation(duration: 1e6 + Double($0))) },
        ]
        var changes: [Animation: [(ChannelID, Double)]] = [:]
        for k in 0..<count {
            let kind = self == .mix ? ChannelKind.allCases[k % 5] : self
            if kind == .keyframe {
                _ = try engine.addChannel(timeline: timeline, at: Workload.keyframeStart(variant: k % 64))
                continue
            }
            let id = try engine.addChannel(value: 0)
            guard let animation = animations[kind]?[k % 8] else { continue }
            changes[animation, default: []].append((id, Workload.target(variant: k % 8)))
        }
        // Curves start in the past, each batch by its first channel's variant (before the first
        // tick, times may be negative).
        for (animation, batch) in changes.sorted(by: { $0.value[0].0.index < $1.value[0].0.index }) {
            let variant = Int(batch[0].0.index % 8)
            let start =
                animation._base(as: BezierAnimation.self) != nil ? Workload.curveStart(firstVariant: variant) : (staggered ? -frame * Double(variant) : 0)
            try engine.animate(batch, with: animation, at: start)
        }
    }
}

/// A user-written animation, for the engine's generic path.
struct SmoothStepAnimation: CustomAnimation {
    var duration: Double
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard time <= duration else { return nil }
        let p = time / duration
        return value.scaled(by: p * p * (3 - 2 * p))
    }
}

/// Digest of every channel value.
func engineDigest(_ engine: MotionEngine) -> String {
    engine.withValues { values in
        var digest = OutputDigest()
        digest.add(contentsOf: values)
        return digest.value
    }
}

/// One frame of `engine` an iteration, the first at 1/120 s (time 0 is ticked before measuring).
func framesBody(_ engine: MotionEngine) throws -> BenchmarkBody {
    var time = 0.0
    try engine.tick(at: time)
    return BenchmarkBody(
        run: { iterations in
            for _ in 0..<iterations {
                time += frame
                try engine.tick(at: time)
            }
        }, digest: { engineDigest(engine) })
}

/// The tick benchmarks: each kind at 1k, 10k, 100k and 1M channels, on one thread and on all,
/// against the C kernel of the same math where there is one (ReferenceKernelBenchmarks.swift).
private let tickBenchmarks: [(names: ThreadPair, kind: ChannelKind, channels: Int, reference: ThreadPair?)] = [
    (ThreadPair("tick.fluid.1k.1", "tick.fluid.1k.all"), .fluid, 1_000, ThreadPair("c.fluid.1k", "c.fluid.1k.all")),
    (ThreadPair("tick.fluid.10k.1", "tick.fluid.10k.all"), .fluid, 10_000, ThreadPair("c.fluid.10k", "c.fluid.10k.all")),
    (ThreadPair("tick.fluid.100k.1", "tick.fluid.100k.all"), .fluid, 100_000, ThreadPair("c.fluid.100k", "c.fluid.100k.all")),
    (ThreadPair("tick.fluid.1M.1", "tick.fluid.1M.all"), .fluid, 1_000_000, ThreadPair("c.fluid.1M", "c.fluid.1M.all")),
    (ThreadPair("tick.closed.1k.1", "tick.closed.1k.all"), .closed, 1_000, ThreadPair("c.closed.1k", "c.closed.1k.all")),
    (ThreadPair("tick.closed.10k.1", "tick.closed.10k.all"), .closed, 10_000, ThreadPair("c.closed.10k", "c.closed.10k.all")),
    (ThreadPair("tick.closed.100k.1", "tick.closed.100k.all"), .closed, 100_000, ThreadPair("c.closed.100k", "c.closed.100k.all")),
    (ThreadPair("tick.closed.1M.1", "tick.closed.1M.all"), .closed, 1_000_000, ThreadPair("c.closed.1M", "c.closed.1M.all")),
    (ThreadPair("tick.curve.1k.1", "tick.curve.1k.all"), .curve, 1_000, nil),
    (ThreadPair("tick.curve.10k.1", "tick.curve.10k.all"), .curve, 10_000, nil),
    (ThreadPair("tick.curve.100k.1", "tick.curve.100k.all"), .curve, 100_000, nil),
    (ThreadPair("tick.curve.1M.1", "tick.curve.1M.all"), .curve, 1_000_000, nil),
    (ThreadPair("tick.keyframe.1k.1", "tick.keyframe.1k.all"), .keyframe, 1_000, ThreadPair("c.cubic.1k", "c.cubic.1k.all")),
    (ThreadPair("tick.keyframe.10k.1", "tick.keyframe.10k.all"), .keyframe, 10_000, ThreadPair("c.cubic.10k", "c.cubic.10k.all")),
    (ThreadPair("tick.keyframe.100k.1", "tick.keyframe.100k.all"), .keyframe, 100_000, ThreadPair("c.cubic.100k", "c.cubic.100k.all")),
    (ThreadPair("tick.keyframe.1M.1", "tick.keyframe.1M.all"), .keyframe, 1_000_000, ThreadPair("c.cubic.1M", "c.cubic.1M.all")),
    (ThreadPair("tick.generic.1k.1", "tick.generic.1k.all"), .generic, 1_000, nil),
    (ThreadPair("tick.generic.10k.1", "tick.generic.10k.all"), .generic, 10_000, nil),
    (ThreadPair("tick.generic.100k.1", "tick.generic.100k.all"), .generic, 100_000, nil),
    (ThreadPair("tick.generic.1M.1", "tick.generic.1M.all"), .generic, 1_000_000, nil),
    (ThreadPair("tick.mix.1k.1", "tick.mix.1k.all"), .mix, 1_000, nil),
    (ThreadPair("tick.mix.10k.1", "tick.mix.10k.all"), .mix, 10_000, nil),
    (ThreadPair("tick.mix.100k.1", "tick.mix.100k.all"), .mix, 100_000, nil),
    (ThreadPair("tick.mix.1M.1", "tick.mix.1M.all"), .mix, 1_000_000, nil),
]

func registerEngineBenchmarks(in registry: inout BenchmarkRegistry) {
    for (names, kind, count, reference) in tickBenchmarks {
        registry.register(names, unit: .frame, elements: count, tags: ["engine", kind.rawValue], reference: reference) { threads in
            let engine = MotionEngine(threadCount: threads)
            try kind.populate(engine, count: count)
            return try framesBody(engine)
        }
    }
    registry.register(
        ThreadPair("tick.fluid.staggered.100k.1", "tick.fluid.staggered.100k.all"), unit: .frame, elements: 100_000,
        tags: ["engine", "fluid"], reference: ThreadPair("c.fluid.100k", "c.fluid.100k.all")
    ) { threads in
        let engine = MotionEngine(threadCount: threads)
        try ChannelKind.fluid.populate(engine, count: 100_000, staggered: true)
        return try framesBody(engine)
    }
    // Retarget storms: every frame, every channel gets a new target with a new spring (the merge
    // path), then the frame is ticked. The two sets of changes alternate and are made once, so
    // the frame measures the engine, not the building of its input. `retarget.batch` is the
    // retargets alone — what happens between two ticks: each batch comes one frame after the
    // last, so every merge first advances its spring by a frame, as in a storm; no tick runs.
    let storms = [
        (ThreadPair("retarget.storm.100k.1", "retarget.storm.100k.all"), true),
        (ThreadPair("retarget.batch.100k.1", "retarget.batch.100k.all"), false),
    ]
    for (names, ticks) in storms {
        registry.register(names, unit: ticks ? .frame : .operation, elements: 100_000, tags: ["engine", "retarget"]) { threads in
            let (engine, changes) = try retargetStormEngine(threads: threads)
            var time = 0.0, flip = false
            return BenchmarkBody(
                run: { iterations in
                    for _ in 0..<iterations {
                        time += frame
                        flip.toggle()
                        try engine.animate(changes[flip ? 1 : 0], with: flip ? .snappy : .bouncy, at: time)
                        if ticks { try engine.tick(at: time) }
                    }
                }, digest: { engineDigest(engine) })
        }
    }
    // Combine storms: timing curves retargeted by timing curves combine as chains of lerps.
    registry.register(
        ThreadPair("combine.storm.10k.1", "combine.storm.10k.all"), unit: .frame, elements: 10_000, tags: ["engine", "retarget"]
    ) { threads in
        let engine = MotionEngine(threadCount: threads)
        let ids = try (0..<10_000).map { _ in try engine.addChannel(value: 0) }
        var time = 0.0, step = 0
        return BenchmarkBody(
            run: { iterations in
                for _ in 0..<iterations {
                    time += frame
                    step += 1
                    if step % 4 == 0 { try engine.animate(ids.map { ($0, Double(step % 50)) }, with: .easeInOut(duration: 0.2), at: time) }
                    try engine.tick(at: time)
                }
            }, digest: { engineDigest(engine) })
    }
}

/// 100k channels animating with `.bouncy` from 0 to 100, ticked once at 0, and the storm's two
/// alternating sets of changes.
private func retargetStormEngine(threads: Int) throws -> (MotionEngine, [[(ChannelID, Double)]]) {
    let engine = MotionEngine(threadCount: threads)
    let ids = try (0..<100_000).map { _ in try engine.addChannel(value: 0) }
    try engine.animate(ids.map { ($0, 100.0) }, with: .bouncy, at: 0)
    try engine.tick(at: 0)
    let changes = [ids.enumerated().map { ($1, -Double($0 % 100)) }, ids.enumerated().map { ($1, Double($0 % 200)) }]
    return (engine, changes)
}
