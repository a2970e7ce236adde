import Foundation

/// A geometric angle, stored in radians.
///
/// Its `animatableData` is the angle in radians multiplied by 128, as SwiftUI's is (§4.5), so an
/// angle animated with a fluid spring settles as precisely as a point does.
@frozen
public struct Angle: Hashable, Comparable, Sendable {
    public var radians: Double

    @inlinable
    public var degrees: Double {
        get { radians * (180 / .pi) }
        set { radians = newValue * (.pi / 180) }
    }

    @inlinable
    public init() { radians = 0 }

    @inlinable
    public init(radians: Double) { self.radians = radians }

    @inlinable
    public init(degrees: Double) { self.radians = degrees * (.pi / 180) }

    @inlinable
    public static var zero: Angle { Angle() }

    @inlinable
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }

    @inlinable
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }

    @inlinable
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }

    @inlinable
    public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }
}

extension Angle: Animatable {
    @inlinable
    public var animatableData: Double {
        get { radians * _animatableUnitScale }
        set { radians = newValue / _animatableUnitScale }
    }
}

extension Angle: CustomStringConvertible {
    public var description: String { "\(degrees)°" }
}
