import Foundation
import MotionConformance

/// A set of capabilities (and limits) a real library presents, and what the suites ask of it:
/// an engine that declares only these must still get enough fixtures to judge it.
public struct CapabilitySet: Sendable {
    public var name: String
    /// The names such an engine declares in its handshake.
    public var declared: [String]
    public var limits: EngineLimits

    public init(_ name: String, _ declared: [String], limits: EngineLimits = EngineLimits()) {
        (self.name, self.declared, self.limits) = (name, declared, limits)
    }

    /// The fixtures a library of one set must be asked at least, for its verdict to say more
    /// than a handful of cases do.
    public static let enough = 30

    /// The libraries the suites are measured against: the partial ones real projects ship, and
    /// a complete engine for scale.
    public static let real: [CapabilitySet] = [
        CapabilitySet("Bézier easing only (control points in [0, 1], as CSS)", ["curve.value", "curve.bezier"]),
        CapabilitySet("springs by value in two forms", ["spring.value", "spring.form.duration", "spring.form.response"]),
        CapabilitySet(
            "springs by value in two forms, the duration form without initial velocity, damping ratio clamped to [0, 1]",
            ["spring.value", "spring.form.duration", "spring.form.response"], limits: EngineLimits(initialVelocityIgnored: [.duration], dampingRatio: 0...1)),
        CapabilitySet("curves and springs without properties", ["curve", "spring"]),
        CapabilitySet("scalar properties without velocity", ["property.scalar"]),
        CapabilitySet("everything", EngineProtocol.Capability.allCases.filter { !$0.rawValue.hasPrefix("workload.") }.map(\.rawValue)),
    ]

    /// The capabilities such an engine is taken to have.
    public var capabilities: Set<EngineProtocol.Capability> { EngineProtocol.capabilities(declared: declared).known }

    /// How many of `fixtures` such an engine is asked, and how many of their checks.
    public func asked(_ fixtures: [Fixture]) -> (fixtures: Int, checks: Int) {
        let known = capabilities
        var played = 0, checks = 0
        for fixture in fixtures {
            let available = limits.available(known, for: fixture)
            guard EngineProtocol.missing(fixture, available: available).isEmpty, limits.excludes(fixture) == nil else { continue }
            // A fixture all of whose checks are skipped is skipped (docs/protocol.md §3).
            let asked = Player.check(fixture, Player.noAnswers(fixture), available: available, marking: false).checks.filter { $0.outcome != .skipped }.count
            guard asked > 0 else { continue }
            (played, checks) = (played + 1, checks + asked)
        }
        return (played, checks)
    }
}
