import BenchKit
import MotionConformance
import MotionCore

/// Single values through `AnimatedProperty` with a type-erased `Animation`: what batching in the
/// engine buys. One iteration is one frame; a finished animation is restarted towards a new target.
func registerPropertyBenchmarks(in registry: inout BenchmarkRegistry) {
    let animations: [(String, Animation)] = [
        ("property.smooth", .smooth), ("property.snappy", .snappy), ("property.bouncy", .bouncy),
        ("property.spring", .spring(response: 0.4, dampingFraction: 0.6)), ("property.interactiveSpring", .interactiveSpring),
        ("property.interpolatingSpring", .interpolatingSpring(stiffness: 170, damping: 15)), ("property.linear", .linear),
        ("property.easeInOut", .easeInOut), ("property.timingCurve", .timingCurve(0.68, -0.6, 0.32, 1.6)),
        ("property.default", .default), ("property.custom", Animation(SmoothStepAnimation(duration: 0.4))),
        ("property.delayed", .easeIn.delay(0.1)), ("property.repeating", .linear(duration: 0.2).repeatCount(3)),
    ]
    for (name, animation) in animations {
        registry.register(name, unit: .frame, elements: 1, tags: ["property"]) { _ in
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
