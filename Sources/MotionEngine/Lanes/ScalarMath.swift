import Foundation

// The scalar functions VectorMath falls back to, named apart so VectorMath's own names do not
// shadow them.
@inline(__always) func scalarSine(_ x: Double) -> Double { sin(x) }
@inline(__always) func scalarCosine(_ x: Double) -> Double { cos(x) }
