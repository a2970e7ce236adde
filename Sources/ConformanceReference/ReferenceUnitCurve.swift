import FixtureFormat
import Foundation

/// `UnitCurve.value(at:)` and `velocity(at:)` by docs/semantics.md §2.1–§2.2, written apart from
/// MotionCore's: the circular curves in closed form, p as given; Béziers through the reference
/// model's solver, rounded to 2⁻²⁰.
package enum ReferenceUnitCurve {
    case linear
    case circularEaseIn, circularEaseOut, circularEaseInOut
    case bezier([Double])

    package static let named: [String: [Double]] = ["easeIn": [0.42, 0, 1, 1], "easeOut": [0, 0, 0.58, 1], "easeInOut": [0.42, 0, 0.58, 1]]

    /// The curve a fixture names: a name, or `{"bezier": [x1, y1, x2, y2]}`.
    package init(json: JSONValue) throws {
        switch json {
        case .string("linear"): self = .linear
        case .string("circularEaseIn"): self = .circularEaseIn
        case .string("circularEaseOut"): self = .circularEaseOut
        case .string("circularEaseInOut"): self = .circularEaseInOut
        case let .string(name) where Self.named[name] != nil: self = .bezier(Self.named[name]!)
        case let .object(members):
            guard case let .array(points)? = members.first(where: { $0.0 == "bezier" })?.1 else { fallthrough }
            self = .bezier(points.compactMap { if case let .number(v) = $0 { return v } else { return nil } })
        default: throw ReferenceModel.Unsupported(description: "unknown curve \(json.serialized())")
        }
    }

    /// A Bézier clamps p and every control point to [0, 1] for its value (decision 3).
    package func value(at p: Double) -> Double {
        switch self {
        case .linear: return p
        case .circularEaseIn: return 1 - (1 - p * p).squareRoot()
        case .circularEaseOut: return (1 - (1 - p) * (1 - p)).squareRoot()
        case .circularEaseInOut: return p < 0.5 ? (1 - (1 - 4 * p * p).squareRoot()) / 2 : (((8 - 4 * p) * p - 3).squareRoot() + 1) / 2
        case let .bezier(points): return ReferenceCurve(change: 1, controlPoints: points, duration: 1, clampsY: true, reportsSpeed: true).progress(p)
        }
    }

    /// A Bézier clamps p and the x of its control points, not y, for its velocity.
    package func velocity(at p: Double) -> Double {
        switch self {
        case .linear: return 1
        case .circularEaseIn: return abs(p / (1 - p * p).squareRoot())
        case .circularEaseOut: return abs((p - 1) / (-(p - 2) * p).squareRoot())
        case .circularEaseInOut: return p < 0.5 ? abs(2 * p / (1 - 4 * p * p).squareRoot()) : abs((2 * p - 2) / ((8 - 4 * p) * p - 3).squareRoot())
        case let .bezier(points): return ReferenceCurve(change: 1, controlPoints: points, duration: 1, clampsY: false, reportsSpeed: true).slope(p)
        }
    }
}
