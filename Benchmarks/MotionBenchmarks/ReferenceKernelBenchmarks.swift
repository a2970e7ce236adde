import BenchKit
import CReferenceKernels
import EngineConformance
import Foundation
import MotionConformance
import MotionCore
@_spi(Benchmarking) import MotionEngine

/// Struct-of-arrays storage for a C kernel's fields, each on a cache line as the engine's columns
/// are (`Column`): a kernel's vector loads then cost the same on both sides of a ratio.
final class Fields: @unchecked Sendable {
    private var storage: [UnsafeMutableRawPointer] = []
    func make<Element>(_ count: Int, _ value: (Int) -> Element) -> UnsafeMutablePointer<Element> {
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: count * MemoryLayout<Element>.stride, alignment: 64)
            .bindMemory(to: Element.self, capacity: count)
        for i in 0..<count { (pointer + i).initialize(to: value(i)) }
        storage.append(UnsafeMutableRawPointer(pointer))
        return pointer
    }
    deinit { storage.forEach { $0.deallocate() } }
}

func digest(_ values: UnsafeMutablePointer<Double>, _ count: Int) -> String {
    var digest = OutputDigest()
    digest.add(contentsOf: UnsafeBufferPointer(start: values, count: count))
    return digest.value
}

// The engine benchmark's fluid springs (tick.fluid): response 1000 + v s, damping fraction
// 0.3 + 0.1·v, from 0 to 100 + v, v = i mod 8; stiffness and damping as §3.1 derives them.
private func variant(_ i: Int) -> Double { Double(i % 8) }
private func stiffness(_ i: Int) -> Double {
    let w = 2 * Double.pi / (1000 + variant(i))
    return w * w
}
private func damping(_ i: Int) -> Double { 2 * (0.3 + 0.1 * variant(i)) * stiffness(i).squareRoot() }

/// A C kernel set up on its fields: `frame(t, range)` advances elements `range` to time t and
/// writes their outputs into `output`. Ranges that do not overlap touch disjoint memory.
private struct ReferenceKernel: @unchecked Sendable {
    let fields: Fields
    let output: UnsafeMutablePointer<Double>
    let frame: (Double, Range<Int>) -> Void
}

/// The time a frame of a reference kernel runs at, read by the ranges its threads run.
private final class FrameClock: @unchecked Sendable {
    var time = 0.0
}

/// Registers `names.one` (one thread: the kernel over all elements in one call) and `names.all`
/// (the elements cut into the engine's chunks, run on an engine's threads as a tick's chunks are —
/// `MotionEngine.run(_:)`): what the hardware gives C on one and on all threads, so a tick's
/// two-thread speed-up and its kernel's are measured with the same scheduler.
private func registerReference(
    _ names: ThreadPair, elements n: Int, in registry: inout BenchmarkRegistry,
    _ make: @escaping @Sendable (Int) -> ReferenceKernel
) {
    for allThreads in [false, true] {
        registry.register(
            allThreads ? names.all : names.one, unit: .frame, elements: n, tags: ["c"],
            usesAllThreads: allThreads, oneThreadCounterpart: allThreads ? names.one : nil
        ) { context in
            let kernel = make(n)
            let clock = FrameClock()
            let engine = allThreads ? MotionEngine(threadCount: max(1, context.threads)) : nil
            let ranges = engine.map { ParallelRanges(elements: n, chunkSize: $0.chunkSize) { kernel.frame(clock.time, $0) } }
            return BenchmarkBody(
                run: { iterations in
                    for _ in 0..<iterations {
                        clock.time += frame
                        if let engine, let ranges {
                            engine.run(ranges)
                        } else {
                            kernel.frame(clock.time, 0..<n)
                        }
                    }
                }, digest: { digest(kernel.output, n) })
        }
    }
}

/// The C kernels at each channel count the tick benchmarks run at.
private let referenceKernels: [(elements: Int, closed: ThreadPair, fluid: ThreadPair, steps: ThreadPair, cubic: ThreadPair, cached: ThreadPair)] = [
    (
        1_000, ThreadPair("c.closed.1k", "c.closed.1k.all"), ThreadPair("c.fluid.1k", "c.fluid.1k.all"),
        ThreadPair("c.fluid.steps.1k", "c.fluid.steps.1k.all"), ThreadPair("c.cubic.1k", "c.cubic.1k.all"),
        ThreadPair("c.cubic.cached.1k", "c.cubic.cached.1k.all")
    ),
    (
        10_000, ThreadPair("c.closed.10k", "c.closed.10k.all"), ThreadPair("c.fluid.10k", "c.fluid.10k.all"),
        ThreadPair("c.fluid.steps.10k", "c.fluid.steps.10k.all"), ThreadPair("c.cubic.10k", "c.cubic.10k.all"),
        ThreadPair("c.cubic.cached.10k", "c.cubic.cached.10k.all")
    ),
    (
        100_000, ThreadPair("c.closed.100k", "c.closed.100k.all"), ThreadPair("c.fluid.100k", "c.fluid.100k.all"),
        ThreadPair("c.fluid.steps.100k", "c.fluid.steps.100k.all"), ThreadPair("c.cubic.100k", "c.cubic.100k.all"),
        ThreadPair("c.cubic.cached.100k", "c.cubic.cached.100k.all")
    ),
    (
        1_000_000, ThreadPair("c.closed.1M", "c.closed.1M.all"), ThreadPair("c.fluid.1M", "c.fluid.1M.all"),
        ThreadPair("c.fluid.steps.1M", "c.fluid.steps.1M.all"), ThreadPair("c.cubic.1M", "c.cubic.1M.all"),
        ThreadPair("c.cubic.cached.1M", "c.cubic.cached.1M.all")
    ),
]

func registerReferenceKernels(in registry: inout BenchmarkRegistry) {
    for kernels in referenceKernels {
        let n = kernels.elements
        registerReference(kernels.closed, elements: n, in: &registry) { n in
            let f = Fields()
            let target = f.make(n) { 100 + Double($0 % 8) }, v0 = f.make(n) { _ in 0.0 }
            let zeta = f.make(n) { 0.5 + 0.01 * Double($0 % 8) }, omega = f.make(n) { 8 + 0.1 * Double($0 % 8) }
            let start = f.make(n) { _ in 0.0 }, out = f.make(n) { _ in 0.0 }
            return ReferenceKernel(fields: f, output: out) { t, r in
                let i = r.lowerBound
                mb_closed_spring(r.count, t, target + i, v0 + i, zeta + i, omega + i, start + i, out + i)
            }
        }
        registerReference(kernels.fluid, elements: n, in: &registry) { n in
            let f = Fields()
            let id: UnsafeMutablePointer<UInt32> = f.make(n) { UInt32($0) }
            let beginTime = f.make(n) { _ in 0.0 }, startTime = f.make(n) { _ in 0.0 }
            let response = f.make(n) { 1000 + variant($0) }
            let interval = f.make(n) { 100 + variant($0) }, model = f.make(n) { 100 + variant($0) }
            let k = f.make(n, stiffness), c = f.make(n, damping)
            let offset = f.make(n) { _ in 0.0 }, velocity = f.make(n) { _ in 0.0 }, force = f.make(n) { _ in 0.0 }
            let time = f.make(n) { _ in 0.0 }, status: UnsafeMutablePointer<UInt8> = f.make(n) { _ in 0 }
            let out = f.make(n) { _ in 0.0 }
            return ReferenceKernel(fields: f, output: out) { t, r in
                let i = r.lowerBound
                mb_fluid_spring(
                    r.count, t, FluidSpringAnimation.restingThreshold, id + i, beginTime + i, startTime + i, response + i,
                    interval + i, model + i, k + i, c + i, offset + i, velocity + i, force + i, time + i, status + i, out)
            }
        }
        registerReference(kernels.steps, elements: n, in: &registry) { n in
            let f = Fields()
            let value = f.make(n) { 100 + variant($0) }
            let k = f.make(n, stiffness), c = f.make(n, damping)
            let offset = f.make(n) { _ in 0.0 }, velocity = f.make(n) { _ in 0.0 }, force = f.make(n) { _ in 0.0 }
            let time = f.make(n) { _ in 0.0 }, out = f.make(n) { _ in 0.0 }
            return ReferenceKernel(fields: f, output: out) { t, r in
                let i = r.lowerBound
                mb_fluid_spring_steps(r.count, t, value + i, k + i, c + i, offset + i, velocity + i, force + i, time + i, out + i)
            }
        }
        // `c.cubic` reads the segment table every frame. The engine
        // keeps the segment under each cursor beside the cursor; `c.cubic.cached` does that in C.
        for cached in [false, true] {
            registerReference(cached ? kernels.cached : kernels.cubic, elements: n, in: &registry) { n in
                let f = Fields()
                let segments = 8
                let start = f.make(n) { -Double($0 % 64) * 20 }
                let segmentStart = f.make(n * segments) { Double($0 % segments) * Workload.keyframeSegmentDuration }
                let duration = f.make(n * segments) { _ in Workload.keyframeSegmentDuration }
                let from = f.make(n * segments) { Double(($0 % segments) * 37 % 11) - 5 }
                let to = f.make(n * segments) { Double((($0 % segments) + 1) * 37 % 11) - 5 }
                let m0 = f.make(n * segments) { _ in 1.0 }, m1 = f.make(n * segments) { _ in -1.0 }
                let cursor: UnsafeMutablePointer<Int32> = f.make(n) { _ in 0 }
                let out = f.make(n) { _ in 0.0 }
                // Each element's first segment, beside its cursor.
                let current = [segmentStart, duration, from, to, m0, m1].map { field in f.make(n) { field[$0 * segments] } }
                return ReferenceKernel(fields: f, output: out) { t, r in
                    let i = r.lowerBound, j = i * segments
                    if cached {
                        mb_cubic_track_cached(
                            r.count, segments, t, start + i, segmentStart + j, duration + j, from + j, to + j,
                            m0 + j, m1 + j, cursor + i, current[0] + i, current[1] + i, current[2] + i,
                            current[3] + i, current[4] + i, current[5] + i, out + i)
                    } else {
                        mb_cubic_track(
                            r.count, segments, t, start + i, segmentStart + j, duration + j, from + j, to + j,
                            m0 + j, m1 + j, cursor + i, out + i)
                    }
                }
            }
        }
    }
}
