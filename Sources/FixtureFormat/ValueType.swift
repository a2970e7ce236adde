/// A value of the scenario's type, as its animatable components.
public enum ValueType: Sendable, Equatable {
    case scalar, angle, point, size, rect
    /// A struct of named scalar properties.
    case structure([String])

    package var componentNames: [String] {
        switch self {
        case .scalar: return ["value"]
        case .angle: return ["degrees"]
        case .point: return ["x", "y"]
        case .size: return ["width", "height"]
        case .rect: return ["x", "y", "width", "height"]
        case let .structure(names): return names
        }
    }
}
