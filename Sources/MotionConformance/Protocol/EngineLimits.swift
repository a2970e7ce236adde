import FixtureFormat
import Foundation

/// What an engine says it does only in part (the handshake's `limits`, docs/protocol.md §3,
/// revision 2.7): the spring forms it builds without the initial velocity it is given, and the
/// range it clamps damping ratios to. A check or a fixture outside them is skipped, naming the
/// limit, rather than failed: the engine said so before it was asked.
public struct EngineLimits: Sendable, Equatable {
    /// Forms whose springs start from rest whatever initial velocity they are asked with.
    public var initialVelocityIgnored: Set<SpringScenario.Form> = []
    /// The damping ratios the engine's springs can have; nil: any.
    public var dampingRatio: ClosedRange<Double>?

    public init(initialVelocityIgnored: Set<SpringScenario.Form> = [], dampingRatio: ClosedRange<Double>? = nil) {
        (self.initialVelocityIgnored, self.dampingRatio) = (initialVelocityIgnored, dampingRatio)
    }

    public var isEmpty: Bool { initialVelocityIgnored.isEmpty && dampingRatio == nil }

    /// Reads the handshake's `limits` object. Keys this harness does not know are returned apart
    /// (listed, otherwise ignored, as unknown capabilities are); a known key with a value of the
    /// wrong shape is an error naming the key and what was expected.
    public static func read(_ value: JSONValue) throws(Problem) -> (limits: EngineLimits, unknown: [String]) {
        guard case let .object(pairs) = value else { throw Problem("`limits` is \(value.compactSerialized()); expected an object") }
        var limits = EngineLimits(), unknown: [String] = []
        for (key, item) in pairs {
            switch key {
            case "initialVelocityIgnoredBy":
                let forms = Self.strings(item)?.map(SpringScenario.Form.init(rawValue:))
                guard let forms, !forms.contains(nil) else {
                    throw Problem(
                        "`limits.initialVelocityIgnoredBy` is \(item.compactSerialized()); expected an array of spring forms from "
                            + SpringScenario.Form.allCases.map(\.rawValue).joined(separator: ", "))
                }
                limits.initialVelocityIgnored = Set(forms.compactMap { $0 })
            case "dampingRatio":
                guard let bounds = EngineProtocol.numbers(item), bounds.count == 2, !bounds.contains(where: \.isNaN), bounds[0] >= 0, bounds[0] <= bounds[1]
                else {
                    throw Problem(
                        "`limits.dampingRatio` is \(item.compactSerialized()); expected [lowest, highest] with 0 ≤ lowest ≤ highest (\"inf\" for no upper bound)"
                    )
                }
                limits.dampingRatio = bounds[0]...bounds[1]
            default: unknown.append(key)
            }
        }
        return (limits, unknown)
    }

    static func strings(_ value: JSONValue) -> [String]? {
        guard case let .array(items) = value else { return nil }
        let strings = items.compactMap { if case let .string(s) = $0 { s } else { nil } }
        return strings.count == items.count ? strings : nil
    }

    /// Why a whole fixture lies outside the limits: a `spring` scenario whose damping ratio the
    /// engine would clamp. Nil when it does not.
    public func excludes(_ fixture: Fixture) -> String? {
        guard let range = dampingRatio, case let .spring(scenario) = fixture.body else { return nil }
        let ratio = scenario.spring.dampingRatio
        guard !range.contains(ratio) else { return nil }
        return "its spring's damping ratio \(Self.format(ratio)) lies outside \(description(of: range)), which the engine's limits clamp it to"
    }

    /// The capabilities a fixture's checks may use on this engine: all it declared, less
    /// `spring.initialVelocity` where the limits say the fixture's spring form ignores it.
    public func available(_ capabilities: Set<EngineProtocol.Capability>, for fixture: Fixture) -> Set<EngineProtocol.Capability> {
        guard case let .spring(scenario) = fixture.body, initialVelocityIgnored.contains(scenario.form) else { return capabilities }
        return capabilities.subtracting([.springInitialVelocity])
    }

    /// The limits as the start of a run lists them.
    public var summary: String {
        var parts: [String] = []
        if !initialVelocityIgnored.isEmpty {
            parts.append("initial velocity ignored by the \(initialVelocityIgnored.map(\.rawValue).sorted().joined(separator: ", ")) form")
        }
        if let range = dampingRatio { parts.append("damping ratio clamped to \(description(of: range))") }
        return parts.joined(separator: "; ")
    }

    func description(of range: ClosedRange<Double>) -> String { "[\(Self.format(range.lowerBound)), \(Self.format(range.upperBound))]" }

    static func format(_ value: Double) -> String { value.isInfinite ? (value > 0 ? "inf" : "-inf") : String(format: "%g", value) }

    /// A `limits` value that cannot be read, with what was expected.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
