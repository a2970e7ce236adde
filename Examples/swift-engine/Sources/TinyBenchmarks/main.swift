import BenchKitWorker
import Foundation
import MotionCore
import TinyTween

// The benchmark worker of this package: `motion-bench run --worker .build/release/TinyBenchmarks`
// starts it once per benchmark. Each benchmark is a name and a closure; one iteration is a frame.

var registry = BenchmarkRegistry()
registry.source = buildSource
for (name, curve) in [("linear", UnitCurve.linear), ("easeInOut", UnitCurve.easeInOut)] {
    for count in [10_000, 100_000] {
        registry.register("tween.\(name).\(count / 1000)k", unit: .frame, elements: count, tags: ["tween"]) { _ in
            var engine = TweenEngine(count: count, curve: curve)
            var time = 0.0
            var digest = OutputDigest()
            for index in 0..<count { engine.animate(index, to: Double(index % 100), duration: 0.5 + Double(index % 7) / 10, at: 0) }
            return BenchmarkBody(
                run: { frames in
                    for _ in 0..<frames {
                        time += 1.0 / 120
                        engine.tick(at: time)
                        if time > 1.2 {
                            // Start over, so that every frame has work to do.
                            time = 0
                            for index in 0..<count { engine.animate(index, to: -engine.values[index], duration: 0.5, at: 0) }
                        }
                    }
                    digest.add(engine.values[count / 2])
                }, digest: { digest.value })
        }
    }
}
exit(BenchmarkWorker.main(registry: registry))
