import BenchKit
import EngineConformance
import Foundation
import MotionConformance

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
