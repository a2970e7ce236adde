import BenchKit
import CReferenceKernels
import Foundation
import MotionCore

/// Struct-of-arrays storage for a C kernel's fields.
final class Fields {
    private var storage: [UnsafeMutableRawPointer] = []
    func make<Element>(_ count: Int, _ value: (Int) -> Element) -> UnsafeMutablePointer<Element> {
        let pointer = UnsafeMutablePointer<Element>.allocate(capacity: count)
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
private func stiffness(_ i: Int) -> Double { let w = 2 * Double.pi / (1000 + variant(i)); return w * w }
private func damping(_ i: Int) -> Double { 2 * (0.3 + 0.1 * variant(i)) * stiffness(i).squareRoot() }

func registerReferenceKernels(in registry: inout BenchmarkRegistry) {
    for (label, n) in channelCounts {
        registry.register("c.closed.\(label)", unit: .frame, elements: n, tags: ["c"]) { _ in
            let f = Fields()
            let target = f.make(n) { 100 + Double($0 % 8) }, v0 = f.make(n) { _ in 0.0 }
            let zeta = f.make(n) { 0.5 + 0.01 * Double($0 % 8) }, omega = f.make(n) { 8 + 0.1 * Double($0 % 8) }
            let start = f.make(n) { _ in 0.0 }, out = f.make(n) { _ in 0.0 }
            var time = 0.0
            return BenchmarkBody(run: { iterations in
                for _ in 0..<iterations {
                    time += frame
                    mb_closed_spring(n, time, target, v0, zeta, omega, start, out)
                }
                withExtendedLifetime(f) {}
            }, digest: { digest(out, n) })
        }
        registry.register("c.fluid.\(label)", unit: .frame, elements: n, tags: ["c"]) { _ in
            let f = Fields()
            let id: UnsafeMutablePointer<UInt32> = f.make(n) { UInt32($0) }
            let beginTime = f.make(n) { _ in 0.0 }, startTime = f.make(n) { _ in 0.0 }
            let response = f.make(n) { 1000 + variant($0) }
            let interval = f.make(n) { 100 + variant($0) }, model = f.make(n) { 100 + variant($0) }
            let k = f.make(n, stiffness), c = f.make(n, damping)
            let offset = f.make(n) { _ in 0.0 }, velocity = f.make(n) { _ in 0.0 }, force = f.make(n) { _ in 0.0 }
            let time = f.make(n) { _ in 0.0 }, status: UnsafeMutablePointer<UInt8> = f.make(n) { _ in 0 }
            let out = f.make(n) { _ in 0.0 }
            var t = 0.0
            return BenchmarkBody(run: { iterations in
                for _ in 0..<iterations {
                    t += frame
                    mb_fluid_spring(n, t, FluidSpringAnimation.restingThreshold, id, beginTime, startTime, response,
                                    interval, model, k, c, offset, velocity, force, time, status, out)
                }
                withExtendedLifetime(f) {}
            }, digest: { digest(out, n) })
        }
        registry.register("c.fluid.steps.\(label)", unit: .frame, elements: n, tags: ["c"]) { _ in
            let f = Fields()
            let value = f.make(n) { 100 + variant($0) }
            let k = f.make(n, stiffness), c = f.make(n, damping)
            let offset = f.make(n) { _ in 0.0 }, velocity = f.make(n) { _ in 0.0 }, force = f.make(n) { _ in 0.0 }
            let time = f.make(n) { _ in 0.0 }, out = f.make(n) { _ in 0.0 }
            var t = 0.0
            return BenchmarkBody(run: { iterations in
                for _ in 0..<iterations {
                    t += frame
                    mb_fluid_spring_steps(n, t, value, k, c, offset, velocity, force, time, out)
                }
                withExtendedLifetime(f) {}
            }, digest: { digest(out, n) })
        }
        registry.register("c.cubic.\(label)", unit: .frame, elements: n, tags: ["c"]) { _ in
            let f = Fields()
            let segments = 8
            let start = f.make(n) { -Double($0 % 64) * 20 }
            let segmentStart = f.make(n * segments) { Double($0 % segments) * keyframeSegmentDuration }
            let duration = f.make(n * segments) { _ in keyframeSegmentDuration }
            let from = f.make(n * segments) { Double(($0 % segments) * 37 % 11) - 5 }
            let to = f.make(n * segments) { Double((($0 % segments) + 1) * 37 % 11) - 5 }
            let m0 = f.make(n * segments) { _ in 1.0 }, m1 = f.make(n * segments) { _ in -1.0 }
            let cursor = UnsafeMutablePointer<Int32>.allocate(capacity: n)
            cursor.initialize(repeating: 0, count: n)
            let out = f.make(n) { _ in 0.0 }
            var time = 0.0
            return BenchmarkBody(run: { iterations in
                for _ in 0..<iterations {
                    time += frame
                    mb_cubic_track(n, segments, time, start, segmentStart, duration, from, to, m0, m1, cursor, out)
                }
                withExtendedLifetime(f) {}
            }, digest: { digest(out, n) })
        }
    }
}
