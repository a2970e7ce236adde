/// What an animation's argument stands for when a fixture or a request leaves it out (protocol §2,
/// "Animations"; semantics §2.3 and §3.1). Part of the fixture format: the parser, the reference
/// model, the coverage map and the generator all read these, and `StatedValues` writes each into
/// the row of the protocol's table a test finds it in, so a default lives in one place.
package enum AnimationDefaults {
    /// `linear`, `easeIn`, `easeOut`, `easeInOut` and `timingCurve`.
    package static let curveDuration = 0.35

    /// `spring(response:dampingFraction:blendDuration:)` and `spring(duration:bounce:blendDuration:)`.
    package enum Spring {
        package static let response = 0.5
        package static let dampingFraction = 0.825
        package static let duration = 0.5
        package static let bounce = 0.0
        package static let blendDuration = 0.0
    }

    /// `smooth`, `snappy` and `bouncy`.
    package enum Preset {
        package static let duration = 0.5
        package static let extraBounce = 0.0
    }

    /// Both forms of `interactiveSpring`.
    package enum InteractiveSpring {
        package static let response = 0.15
        package static let dampingFraction = 0.86
        package static let duration = 0.15
        package static let extraBounce = 0.0
        package static let blendDuration = 0.25
    }

    /// Both forms of `interpolatingSpring`.
    package enum InterpolatingSpring {
        package static let mass = 1.0
        package static let duration = 0.5
        package static let bounce = 0.0
        package static let initialVelocity = 0.0
    }

    /// The harness's `custom` animations.
    package static let customDuration = 1.0

    /// A fluid spring's blend duration when its arguments leave it out; nil for other bases.
    package static func blendDuration(base: String) -> Double? {
        switch base {
        case "interactiveSpring": InteractiveSpring.blendDuration
        case "spring": Spring.blendDuration
        case "smooth", "snappy", "bouncy", "default": 0
        default: nil
        }
    }

    /// A fluid spring's response (or duration, which §3.1 makes its response) when its arguments
    /// leave it out; nil for other bases.
    package static func response(base: String) -> Double? {
        switch base {
        case "spring": Spring.response
        case "smooth", "snappy", "bouncy", "default": Preset.duration
        case "interactiveSpring": InteractiveSpring.response
        default: nil
        }
    }
}
