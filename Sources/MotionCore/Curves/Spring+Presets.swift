import Foundation

extension Spring {
    /// A smooth spring with no bounce: `Spring(duration: 0.5, bounce: 0)`.
    public static let smooth = Spring.smooth()

    /// A smooth spring: `Spring(duration: duration, bounce: extraBounce)`.
    @inlinable
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }

    /// A spring with a small bounce: `Spring(duration: 0.5, bounce: 0.15)`.
    public static let snappy = Spring.snappy()

    /// A snappy spring: `Spring(duration: duration, bounce: 0.15 + extraBounce)`.
    @inlinable
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A spring with a visible bounce: `Spring(duration: 0.5, bounce: 0.3)`.
    public static let bouncy = Spring.bouncy()

    /// A bouncy spring: `Spring(duration: duration, bounce: 0.3 + extraBounce)`.
    @inlinable
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}
