import FixtureFormat
import Foundation
import MotionCore

/// How a fixture's value type maps to a MotionCore type and back: components in, a value out, and
/// the components of a value and of its velocity (an angle's in degrees per second).
package struct ValueCodec<V: Animatable> {
    package let make: ([Double]) -> V
    package let read: (V) -> [Double]
    package let velocity: (V.AnimatableData) -> [Double]
}

/// Code that works on any value type's codec (Swift has no generic closures).
package protocol ValueCodecVisitor {
    associatedtype Result
    func visit<V: Animatable>(_ codec: ValueCodec<V>) -> Result
}

package enum ValueCodecs {
    /// The one place each value type is mapped to MotionCore.
    package static func visit<Visitor: ValueCodecVisitor>(_ type: ValueType, _ visitor: Visitor) -> Visitor.Result {
        switch type {
        case .scalar:
            return visitor.visit(ValueCodec<Double>(make: { $0[0] }, read: { [$0] }, velocity: { [$0] }))
        case .angle:
            return visitor.visit(ValueCodec<Angle>(make: { Angle.degrees($0[0]) }, read: { [$0.degrees] }, velocity: { [$0 / 128 * 180 / .pi] }))
        case .point:
            return visitor.visit(
                ValueCodec<CGPoint>(
                    make: { CGPoint(x: $0[0], y: $0[1]) }, read: { [Double($0.x), Double($0.y)] },
                    velocity: { [Double($0.first), Double($0.second)] }))
        case .size:
            return visitor.visit(
                ValueCodec<CGSize>(
                    make: { CGSize(width: $0[0], height: $0[1]) }, read: { [Double($0.width), Double($0.height)] },
                    velocity: { [Double($0.first), Double($0.second)] }))
        case .rect:
            return visitor.visit(
                ValueCodec<CGRect>(
                    make: { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) },
                    read: { [Double($0.origin.x), Double($0.origin.y), Double($0.size.width), Double($0.size.height)] },
                    velocity: { v in [Double(v.first.first), Double(v.first.second), Double(v.second.first), Double(v.second.second)] }))
        case let .structure(names):
            return visitor.visit(
                ValueCodec<NamedValues>(
                    make: { NamedValues($0) }, read: { $0.components },
                    velocity: { v in (0..<names.count).map { $0 < v.components.count ? v.components[$0] : 0 } }))
        }
    }
}

/// A value animated by MotionCore behind the engine protocol, whatever its type.
package protocol AnimatedValue: AnyObject {
    func set(_ value: [Double], at time: Double, transaction: Transaction)
    func sample(at time: Double) -> (value: [Double], velocity: [Double], isAnimating: Bool)
}

final class AnimatedValueBox<V: Animatable>: AnimatedValue {
    let property: AnimatedProperty<V>
    let codec: ValueCodec<V>

    init(_ codec: ValueCodec<V>, initial: [Double], options: AnimatedProperty<V>.Options) {
        self.codec = codec
        property = AnimatedProperty(codec.make(initial), options: options)
    }

    func set(_ value: [Double], at time: Double, transaction: Transaction) {
        property.set(codec.make(value), at: time, transaction: transaction)
    }

    func sample(at time: Double) -> (value: [Double], velocity: [Double], isAnimating: Bool) {
        (codec.read(property.presentedValue(at: time)), codec.velocity(property.velocity(at: time)), property.isAnimating)
    }
}

package struct MakeAnimatedValue: ValueCodecVisitor {
    let initial: [Double]
    let mergesCoincidentAnimations: Bool
    package init(initial: [Double], mergesCoincidentAnimations: Bool) {
        (self.initial, self.mergesCoincidentAnimations) = (initial, mergesCoincidentAnimations)
    }
    package func visit<V: Animatable>(_ codec: ValueCodec<V>) -> AnimatedValue {
        AnimatedValueBox(codec, initial: initial, options: .init(mergesCoincidentAnimations: mergesCoincidentAnimations))
    }
}
