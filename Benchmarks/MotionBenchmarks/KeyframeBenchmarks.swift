import BenchKit
import MotionConformance
import MotionCore

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
