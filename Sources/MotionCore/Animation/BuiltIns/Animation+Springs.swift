import Foundation

// The spring animations (docs/semantics.md §3.1). Where SwiftUI has two overloads with all
// arguments defaulted, the response/dampingFraction form is disfavoured, so `.spring()` and
// `.interactiveSpring()` are the duration/bounce forms.

extension Animation {
    /// A fluid spring from a response and a damping fraction.
    @_disfavoredOverload
    @inlinable
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation {
        Animation(FluidSpringAnimation(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    /// A fluid spring from a perceptual duration and a bounce.
    @inlinable
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0, blendDuration: TimeInterval = 0) -> Animation {
        spring(response: duration, dampingFraction: _springDampingFraction(bounce: bounce), blendDuration: blendDuration)
    }

    /// A fluid spring with the response and damping of `spring`.
    @inlinable
    public static func spring(_ spring: Spring, blendDuration: TimeInterval = 0) -> Animation {
        Animation.spring(response: spring.response, dampingFraction: _springDampingFraction(bounce: spring.bounce), blendDuration: blendDuration)
    }

    /// `spring()`: response 0.5, damping fraction 1.
    public static let spring = Animation.spring()

    /// No bounce: `spring(duration: 0.5, bounce: 0)`.
    public static let smooth = Animation.smooth()

    @inlinable
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: extraBounce)
    }

    /// A small bounce: `spring(duration: 0.5, bounce: 0.15)`.
    public static let snappy = Animation.snappy()

    @inlinable
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        return spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A visible bounce: `spring(duration: 0.5, bounce: 0.3)`.
    public static let bouncy = Animation.bouncy()

    @inlinable
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        return spring(duration: duration, bounce: 0.3 + extraBounce)
    }

    /// A stiff spring for interactive changes, from a response and damping fraction.
    @_disfavoredOverload
    @inlinable
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: TimeInterval = 0.25) -> Animation {
        spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// A stiff spring for interactive changes: `spring(duration:, bounce: 0.15 + extraBounce, blendDuration:)`.
    @inlinable
    public static func interactiveSpring(duration: TimeInterval = 0.15, extraBounce: Double = 0, blendDuration: TimeInterval = 0.25) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce, blendDuration: blendDuration)
    }

    /// `interactiveSpring()`: response 0.15, damping fraction 0.85, blend 0.25 s.
    public static let interactiveSpring = Animation.interactiveSpring()

    /// A closed-form spring from physical parameters.
    @inlinable
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) -> Animation {
        Animation(InterpolatingSpringAnimation(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity))
    }

    /// A closed-form spring from a duration and a bounce: k = (2π/duration)² (∞ when the duration
    /// is not positive), c = 2√k · dampingFraction(bounce).
    @inlinable
    public static func interpolatingSpring(duration: TimeInterval = 0.5, bounce: Double = 0, initialVelocity: Double = 0) -> Animation {
        let stiffness = _springStiffness(response: duration)
        return interpolatingSpring(
            mass: 1, stiffness: stiffness, damping: 2 * stiffness.squareRoot() * _springDampingFraction(bounce: bounce),
            initialVelocity: initialVelocity)
    }

    /// A closed-form spring with `spring`'s stiffness and damping and unit mass. For overdamped
    /// springs this inherits the `stiffness` quirk (§1.6).
    @inlinable
    public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0) -> Animation {
        interpolatingSpring(mass: 1, stiffness: spring.stiffness, damping: spring.damping, initialVelocity: initialVelocity)
    }

    /// `interpolatingSpring()`: k = 157.91, c = 25.13.
    public static let interpolatingSpring = Animation.interpolatingSpring()

    /// Equal only to itself; animates as `DefaultAnimation.base` (decision 1: `.smooth`).
    public static let `default` = Animation(DefaultAnimation())
}
