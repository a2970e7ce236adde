import BenchKit
import CReferenceKernels
import Foundation

/// Struct-of-arrays storage for a C kernel's fields.
final class Fields {
    private var storage: [UnsafeMutablePointer<Double>] = []
    func make(_ count: Int, _ value: (Int) -> Double) -> UnsafeMutablePointer<Double> {
        let pointer = UnsafeMutablePointer<Double>.allocate(capacity: count)
        for i in 0..<count { pointer[i] = value(i) }
        storage.append(pointer)
        return pointer
    }
    deinit { storage.forEach { $0.deallocate() } }
}

func digest(_ values: UnsafeMutablePointer<Double>, _ count: Int) -> String {
    var digest = OutputDigest()
    digest.add(contentsOf: UnsafeBufferPointer(start: values, count: count))
    return digest.value
}

func registerReferenceKernels(in registry: inout BenchmarkRegistry) {
    for (label, n) in channelCounts {
        registry.register("c.closed.\(label)", unit: .frame, elements: n, tags: ["c"]) { _ in
            let f = Fields()
            let target = f.make(n) { 100 + Double($0 % 8) }, v0 = f.make(n) { _ in 0 }
            let zeta = f.make(n) { 0.5 + 0.01 * Double($0 % 8) }, omega = f.make(n) { 8 + 0.1 * Double($0 % 8) }
            let start = f.make(n) { _ in 0 }, out = f.make(n) { _ in 0 }
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
            let value = f.make(n) { 100 + Double($0 % 8) }
            let k = f.make(n) { let r = 40 + Double($0 % 8); return (2 * .pi / r) * (2 * .pi / r) }
            let c = f.make(n) { 2 * (0.3 + 0.1 * Double($0 % 8)) * k[$0].squareRoot() }
            let offset = f.make(n) { _ in 0 }, velocity = f.make(n) { _ in 0 }, force = f.make(n) { _ in 0 }
            let time = f.make(n) { _ in 0 }, out = f.make(n) { _ in 0 }
            var t = 0.0
            return BenchmarkBody(run: { iterations in
                for _ in 0..<iterations {
                    t += frame
                    mb_fluid_spring(n, t, value, k, c, offset, velocity, force, time, out)
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
            let m0 = f.make(n * segments) { _ in 1 }, m1 = f.make(n * segments) { _ in -1 }
            let cursor = UnsafeMutablePointer<Int32>.allocate(capacity: n)
            cursor.initialize(repeating: 0, count: n)
            let out = f.make(n) { _ in 0 }
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
