import BenchKit
import EngineConformance
import Foundation
import MotionConformance
import MotionCore

/// Single values through `AnimatedProperty` with a type-erased `Animation`: what batching in the
/// engine buys. One iteration is one frame; a finished animation is restarted towards a new target.
func registerPropertyBenchmarks(in registry: inout BenchmarkRegistry) {
    let animations: [(String, Animation)] = [
        ("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy), ("spring", .spring(response: 0.4, dampingFraction: 0.6)),
        ("interactiveSpring", .interactiveSpring), ("interpolatingSpring", .interpolatingSpring(stiffness: 170, damping: 15)),
        ("linear", .linear), ("easeInOut", .easeInOut), ("timingCurve", .timingCurve(0.68, -0.6, 0.32, 1.6)),
        ("default", .default), ("custom", Animation(SmoothStepAnimation(duration: 0.4))),
        ("delayed", .easeIn.delay(0.1)), ("repeating", .linear(duration: 0.2).repeatCount(3)),
    ]
    for (name, animation) in animations {
        registry.register("property.\(name)", unit: .frame, elements: 1, tags: ["property"]) { _ in
            let property = AnimatedProperty(0.0)
            var time = 0.0, target = 100.0
            var digest = OutputDigest()
            property.set(target, at: time, transaction: Transaction(animation: animation))
            return BenchmarkBody(
                run: { iterations in
                    for _ in 0..<iterations {
                        time += frame
                        let value = property.presentedValue(at: time)
                        blackHole(value)
                        digest.add(value)
                        if !property.isAnimating {
                            target = -target
                            property.set(target, at: time, transaction: Transaction(animation: animation))
                        }
                    }
                }, digest: { digest.value })
        }
    }
}

func registerKeyframeBenchmarks(in registry: inout BenchmarkRegistry) {
    // Apple's emoji example (§9 E01): four tracks of linear, spring and cubic keyframes.
    registry.register("keyframes.timeline.emoji", unit: .operation, elements: 1, tags: ["keyframes"]) { _ in
        let timeline = DocumentedExamples.emojiTimeline()
        var time = 0.0
        var digest = OutputDigest()
        let duration = timeline.duration
        return BenchmarkBody(
            run: { iterations in
                for _ in 0..<iterations {
                    time += frame
                    if time > duration { time = 0 }
                    let value = timeline.value(time: time)
                    blackHole(value)
                    digest.add(value.verticalStretch)
                }
            }, digest: { digest.value })
    }
}

/// Benchmarks for the runner's own tests, registered only when MOTIONBENCH_TEST_BENCHMARKS=1:
/// one that crashes, one that hangs, one that allocates a known number of objects per iteration and
/// one that needs 256 MiB.
func registerTestOnlyBenchmarks(in registry: inout BenchmarkRegistry) {
    registry.register("test.crash", unit: .operation, tags: ["test"]) { _ in
        BenchmarkBody(run: { _ in
            let values: [Int] = []
            blackHole(values[1])
        })
    }
    final class Node {
        var next: Node?
        init(_ next: Node?) { self.next = next }
    }
    registry.register("test.allocate.7", unit: .operation, tags: ["test"]) { _ in
        BenchmarkBody(run: { iterations in
            for _ in 0..<iterations {
                var head: Node?
                for _ in 0..<7 { head = Node(head) }
                blackHole(head)
            }
        })
    }
    registry.register("test.sleep", unit: .operation, tags: ["test"]) { _ in
        BenchmarkBody(run: { _ in Thread.sleep(forTimeInterval: 60) })
    }
    // 256 MiB written page by page each iteration: under a memory limit, the out-of-memory killer's.
    registry.register("test.memory.256MiB", unit: .operation, tags: ["test"]) { _ in
        BenchmarkBody(run: { iterations in
            for _ in 0..<iterations {
                let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256 << 20)
                for page in stride(from: 0, to: 256 << 20, by: 4096) { bytes[page] = 1 }
                blackHole(bytes[4096])
                bytes.deallocate()
            }
        })
    }
}

/// Replays the conformance fixtures' property scenarios through `AnimatedProperty` and the engine,
/// as `motion-bench conform` does: one iteration plays them all once.
func registerConformanceReplay(in registry: inout BenchmarkRegistry) {
    let root = URL(fileURLWithPath: ProcessInfo.processInfo.environment["MOTIONBENCH_FIXTURES"] ?? "Fixtures")
    registry.register("conformance.replay", unit: .operation, elements: 1, tags: ["conformance"]) { _ in
        let fixtures = FixtureLoader.load(root: root).fixtures
        guard !fixtures.isEmpty else { throw ReplayError(message: "no fixtures under \(root.path) (set MOTIONBENCH_FIXTURES)") }
        var digest = OutputDigest()
        return BenchmarkBody(
            run: { iterations in
                for _ in 0..<iterations {
                    for fixture in fixtures {
                        let result = Player.run(fixture, mirror: MotionEngineMirror.factory)
                        digest.add(result.verdict == .pass ? 1 : 0)
                    }
                }
            }, digest: { digest.value })
    }
}

struct ReplayError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
