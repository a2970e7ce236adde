import Foundation
import MotionConformance
import MotionCore
import Testing

/// §9 E01 and E02: Apple's documented keyframe examples, run on MotionCore's typed API. (The
/// `documented/e01-*` fixtures check the same example through the player.)
@Suite("§9 E rows: documented keyframe examples")
struct DocumentedKeyframeTests {
    typealias EmojiValues = DocumentedExamples.EmojiValues

    func expectClose(
        _ actual: Double, _ expected: Double, tolerance: Double, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            abs(actual - expected) <= tolerance, "\(what): got \(actual), expected \(expected) ± \(tolerance)",
            sourceLocation: sourceLocation)
    }

    @Test("E01: the verticalStretch track lasts 2.10 s and the angle track 1.08 s")
    func e01TrackDurations() {
        let stretch = KeyframeTimeline(initialValue: EmojiValues()) { DocumentedExamples.verticalStretchTrack }
        let angle = KeyframeTimeline(initialValue: EmojiValues()) { DocumentedExamples.angleTrack }
        expectClose(stretch.duration, 2.10, tolerance: 1e-12, "verticalStretch track")
        expectClose(angle.duration, 1.08, tolerance: 1e-12, "angle track")
    }

    @Test("E01: each linear and cubic keyframe's value is reached exactly at the end of its duration")
    func e01ValuesAtKeyframeEnds() {
        let timeline = DocumentedExamples.emojiTimeline()
        var t = 0.0
        for (value, duration) in DocumentedExamples.stretchKeyframes {
            t += duration
            expectClose(timeline.value(time: t).verticalStretch, value, tolerance: 1e-12, "verticalStretch at \(t)")
        }
        t = 0
        for (degrees, duration) in DocumentedExamples.angleKeyframes {
            t += duration
            expectClose(timeline.value(time: t).angle.degrees, degrees, tolerance: 1e-9, "angle at \(t)")
        }
        expectClose(timeline.value(time: 0.36).scale, 1.0, tolerance: 1e-12, "scale's linear keyframe")
        expectClose(timeline.value(time: 0.1).verticalOffset, 0.0, tolerance: 1e-12, "verticalOffset's linear keyframe")
    }

    @Test("E01: the timeline lasts as long as its longest track; shorter tracks hold their end value")
    func e01TimelineDuration() {
        let timeline = DocumentedExamples.emojiTimeline()
        let singles: [KeyframeTimeline<EmojiValues>] = [
            KeyframeTimeline(initialValue: EmojiValues()) { DocumentedExamples.scaleTrack },
            KeyframeTimeline(initialValue: EmojiValues()) { DocumentedExamples.verticalOffsetTrack },
        ]
        let longest = max(2.10, singles.map(\.duration).max()!)
        expectClose(timeline.duration, longest, tolerance: 1e-12, "timeline duration")
        #expect(timeline.duration >= 2.10)
        // Past 1.08 s the angle track holds its last value, 0°, while others still move.
        for t in stride(from: 1.1, through: timeline.duration, by: 0.1) {
            expectClose(timeline.value(time: t).angle.degrees, 0, tolerance: 1e-9, "angle held at \(t)")
        }
    }

    @Test("E02: KeyframeTimeline(initialValue: CGPoint.zero) { Cubic (0, 100) 0.3; Cubic (0, 0) 0.7 }")
    func e02() {
        let timeline = KeyframeTimeline(initialValue: CGPoint.zero) {
            CubicKeyframe(CGPoint(x: 0, y: 100), duration: 0.3)
            CubicKeyframe(CGPoint(x: 0, y: 0), duration: 0.7)
        }
        expectClose(timeline.duration, 1.0, tolerance: 1e-12, "duration")
        expectClose(Double(timeline.value(time: 0.3).y), 100, tolerance: 1e-12, "y at 0.3")
        expectClose(Double(timeline.value(time: 1.0).y), 0, tolerance: 1e-12, "y at 1.0")
        expectClose(Double(timeline.value(progress: 0.3).y), 100, tolerance: 1e-12, "value(progress:) = value(time: progress·duration)")
    }
}
