import Foundation
import MotionCore

/// A vector of any number of components, for struct-valued fixtures: component-wise arithmetic,
/// the empty vector is zero, and vectors of different lengths are padded with zeros.
public struct ComponentVector: VectorArithmetic, Sendable {
    public var components: [Double]

    public init(_ components: [Double]) { self.components = components }

    public static var zero: ComponentVector { ComponentVector([]) }

    static func combine(_ a: ComponentVector, _ b: ComponentVector, _ op: (Double, Double) -> Double) -> ComponentVector {
        let n = max(a.components.count, b.components.count)
        return ComponentVector((0..<n).map { op($0 < a.components.count ? a.components[$0] : 0, $0 < b.components.count ? b.components[$0] : 0) })
    }

    public static func + (lhs: ComponentVector, rhs: ComponentVector) -> ComponentVector { combine(lhs, rhs, +) }
    public static func - (lhs: ComponentVector, rhs: ComponentVector) -> ComponentVector { combine(lhs, rhs, -) }

    public static func == (lhs: ComponentVector, rhs: ComponentVector) -> Bool {
        let n = max(lhs.components.count, rhs.components.count)
        return (0..<n).allSatisfy { ($0 < lhs.components.count ? lhs.components[$0] : 0) == ($0 < rhs.components.count ? rhs.components[$0] : 0) }
    }

    public mutating func scale(by rhs: Double) {
        for i in components.indices { components[i] *= rhs }
    }

    public var magnitudeSquared: Double { components.reduce(0) { $0 + $1 * $1 } }
}

/// A struct of named scalar properties, as struct-valued fixtures describe values.
public struct NamedValues: Animatable, Sendable {
    public var components: [Double]

    public init(_ components: [Double]) { self.components = components }

    public var animatableData: ComponentVector {
        get { ComponentVector(components) }
        set {
            for i in components.indices { components[i] = i < newValue.components.count ? newValue.components[i] : 0 }
        }
    }

    public subscript(component index: Int) -> Double {
        get { components[index] }
        set { components[index] = newValue }
    }
}
