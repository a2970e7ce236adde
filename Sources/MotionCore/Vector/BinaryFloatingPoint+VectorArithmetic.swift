import Foundation

// Scalars are one-dimensional vectors and are their own animatable data (§4.5).

extension Double: VectorArithmetic, Animatable {
    @inlinable
    public mutating func scale(by rhs: Double) { self *= rhs }

    @inlinable
    public func scaled(by rhs: Double) -> Double { _scaled(by: rhs) }

    @inlinable
    public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic, Animatable {
    @inlinable
    public mutating func scale(by rhs: Double) { self = Float(Double(self) * rhs) }

    @inlinable
    public func scaled(by rhs: Double) -> Float { _scaled(by: rhs) }

    @inlinable
    public var magnitudeSquared: Double { Double(self) * Double(self) }
}

extension CGFloat: VectorArithmetic, Animatable {
    @inlinable
    public mutating func scale(by rhs: Double) { self = CGFloat(Double(self) * rhs) }

    @inlinable
    public func scaled(by rhs: Double) -> CGFloat { _scaled(by: rhs) }

    @inlinable
    public var magnitudeSquared: Double { Double(self) * Double(self) }
}
