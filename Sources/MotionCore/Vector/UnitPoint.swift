import Foundation

/// A normalised 2D point in a view's coordinate space: (0, 0) is the top-leading corner and
/// (1, 1) the bottom-trailing one.
///
/// Its `animatableData` is `(x·128, y·128)`, as SwiftUI's is (§4.5). `UnitCurve` uses unit points
/// for its Bézier control points.
@frozen
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat

    @inlinable
    public init() { self.init(x: 0, y: 0) }

    @inlinable
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

extension UnitPoint: Animatable {
    @inlinable
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get {
            AnimatablePair(x * CGFloat(_animatableUnitScale), y * CGFloat(_animatableUnitScale))
        }
        set {
            x = newValue.first / CGFloat(_animatableUnitScale)
            y = newValue.second / CGFloat(_animatableUnitScale)
        }
    }
}

extension UnitPoint: CustomStringConvertible {
    public var description: String { "UnitPoint(x: \(x), y: \(y))" }
}
