import MotionCore

/// Apple's documented keyframe example (docs/semantics.md §9 E01, from "Controlling the timing
/// and movements of your animations"), written once in Swift for the tests and the benchmarks.
/// The `documented/e01-*` fixtures carry the same keyframes as data.
public enum DocumentedExamples {
    /// The values the emoji example animates.
    public struct EmojiValues: Sendable {
        public var scale = 1.0
        public var verticalStretch = 1.0
        public var verticalOffset = 0.0
        public var angle = Angle.zero

        public init() {}
    }

    /// The verticalStretch track's cubic keyframes: (value, duration).
    public static let stretchKeyframes: [(value: Double, duration: Double)] =
        [(1.0, 0.1), (0.6, 0.15), (1.5, 0.1), (1.05, 0.15), (1.0, 0.88), (0.8, 0.1), (1.04, 0.4), (1.0, 0.22)]
    /// The angle track's cubic keyframes: (degrees, duration).
    public static let angleKeyframes: [(degrees: Double, duration: Double)] =
        [(0, 0.58), (16, 0.125), (-16, 0.125), (16, 0.125), (0, 0.125)]

    public static var scaleTrack: KeyframeTrack<EmojiValues, Double> {
        KeyframeTrack(\.scale) {
            LinearKeyframe(1.0, duration: 0.36)
            SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
            SpringKeyframe(1.0, spring: .bouncy)
        }
    }

    public static var verticalOffsetTrack: KeyframeTrack<EmojiValues, Double> {
        KeyframeTrack(\.verticalOffset) {
            LinearKeyframe(0.0, duration: 0.1)
            SpringKeyframe(20.0, duration: 0.15, spring: .bouncy)
            SpringKeyframe(-60.0, duration: 1.0, spring: .bouncy)
            SpringKeyframe(0.0, spring: .bouncy)
        }
    }

    public static var verticalStretchTrack: KeyframeTrack<EmojiValues, Double> {
        KeyframeTrack(\.verticalStretch) {
            for keyframe in stretchKeyframes { CubicKeyframe(keyframe.value, duration: keyframe.duration) }
        }
    }

    public static var angleTrack: KeyframeTrack<EmojiValues, Angle> {
        KeyframeTrack(\.angle) {
            for keyframe in angleKeyframes { CubicKeyframe(Angle.degrees(keyframe.degrees), duration: keyframe.duration) }
        }
    }

    /// The whole example: four tracks of linear, spring and cubic keyframes.
    public static func emojiTimeline() -> KeyframeTimeline<EmojiValues> {
        KeyframeTimeline(initialValue: EmojiValues()) {
            scaleTrack
            verticalOffsetTrack
            verticalStretchTrack
            angleTrack
        }
    }
}
