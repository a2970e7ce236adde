import FixtureFormat
import Foundation

extension ArgumentDomain {
    /// The domains of `Spring`'s response and physical forms (docs/semantics.md §1.2) and of the
    /// explicit velocities and dates that other requests take as given.
    static let formDomains: [ArgumentDomain] = [
        domain(
            "Spring.response", "Spring(response:dampingRatio:)'s response",
            [semantics(initializers, "A response at or below 0, or a negative ratio, is outside this document")],
            at(path("spring", "init|spring", "response")),
            classes: [(.tiny, "ω and ζ̂ scale with τ/ρ"), (.ordinary, "ω = s·√|1 − r²|·τ/ρ"), (.huge, "slow: past lastTimeOutside's horizon")],
            refused: finiteOnly + [(.zero, outside), (.negative, outside)], huge: 8,
            decided: "a response at or below 0 is outside the document: §1.2"),
        domain(
            "Spring.dampingRatio", "Spring(response:dampingRatio:)'s damping ratio",
            [semantics(initializers, "At r = 1 the spring is critically damped (ω = 0) and r = 0 is undamped")],
            .when(path("spring", "init|spring"), requires: ["response"], value: ["dampingRatio"]),
            classes: [(.zero, "undamped: it never rests"), (.ordinary, "ω = s·√|1 − r²|·τ/ρ"), (.huge, "heavily overdamped")],
            refused: finiteOnly + [(.negative, outside)], huge: 10,
            boundaries: [Boundary(value: 1, readsAbove: false, reading: "ω = 0 at it (critical); s = −1 above it: overdamped", span: 0.1)],
            decided: "a negative damping ratio is outside the document: §1.2"),
        domain(
            "Spring.mass", "Spring(mass:stiffness:damping:)'s mass", [semantics(initializers, "A mass or stiffness at or below 0")],
            at(path("spring", "init|spring", "mass")),
            classes: [(.tiny, "ω₀ = √(k/m) large"), (.ordinary, "ω₀ = √(k/m), ζ̂ = c/(2m)"), (.huge, "ω₀ and ζ̂ small: slow")],
            refused: finiteOnly + [(.zero, outside), (.negative, outside)], tiny: 0.01, huge: 100,
            decided: "a mass at or below 0 is outside the document: §1.2"),
        domain(
            "Spring.stiffness", "Spring(mass:stiffness:damping:)'s stiffness", [semantics(initializers, "A mass or stiffness at or below 0")],
            at(path("spring", "init|spring", "stiffness")),
            classes: [(.tiny, "ω₀ = √(k/m) small: slow"), (.ordinary, "ω₀ = √(k/m)"), (.huge, "ω₀ large: fast")],
            refused: finiteOnly + [(.zero, outside), (.negative, outside)], tiny: 0.1, huge: 1e4,
            decided: "a stiffness at or below 0 is outside the document: §1.2"),
        domain(
            "Spring.damping", "Spring(mass:stiffness:damping:)'s damping", [semantics(initializers, "a damping of 0 is undamped")],
            at(path("spring", "init|spring", "damping")),
            classes: [(.zero, "undamped: it never rests"), (.ordinary, "ζ̂ = c/(2m)"), (.huge, "ζ̂ = c/(2m) large")],
            refused: finiteOnly + [(.negative, outside)], huge: 1000,
            decided: "a negative damping is outside the document: §1.2"),
        domain(
            "Spring.critical", "Spring(mass:stiffness:damping:)'s damping against critical, c/(2√(mk)), over-damping not allowed",
            [semantics(initializers, "is made critically damped (ω = 0, ζ̂ = ω₀) unless")], .formula(path("spring", "init|spring"), critical(allowed: false)),
            classes: [(.zero, "undamped"), (.ordinary, "underdamped below 1; above it made critical: ω = 0, ζ̂ = ω₀"), (.huge, "made critical")],
            refused: finiteOnly, huge: 10,
            boundaries: [Boundary(value: 1, readsAbove: false, reading: "critical at it, and above it made critical: ω = 0, ζ̂ = ω₀", span: 0.1)]),
        domain(
            "Spring.critical.allowed", "Spring(mass:stiffness:damping:)'s damping against critical, c/(2√(mk)), over-damping allowed",
            [semantics(initializers, "unless over-damping is allowed"), semantics(initializers, "with over-damping allowed or not")],
            .formula(path("spring", "init|spring"), critical(allowed: true)),
            classes: [(.zero, "undamped"), (.ordinary, "underdamped below 1, overdamped above: ω negative"), (.huge, "heavily overdamped")],
            refused: finiteOnly, huge: 10,
            boundaries: [Boundary(value: 1, readsAbove: false, reading: "critical at it; overdamped above it, ω = −√(ζ̂² − ω₀²)", span: 0.1)]),
        domain(
            "keyframe.velocity", "a cubic or spring keyframe's explicit velocity",
            [semantics(keyframeRules, "an explicit 0 is 0, not the tangent a")],
            at(path("keyframes", "cubic", "startVelocity|endVelocity"), path("keyframes", "spring", "startVelocity")),
            classes: [
                (.negative, "as given"), (.zero, "0, not the tangent a keyframe without one takes"), (.ordinary, "as given"), (.huge, "as given"),
            ], refused: finiteOnly, huge: 1e4),
        domain(
            "explicit.date", "an explicit schedule's date against the start", [semantics(schedules, "and dates before the start")],
            .formula(path("timeline"), explicitDates),
            classes: [(.negative, "before the start: kept, as given"), (.zero, "the start itself"), (.ordinary, "as given"), (.huge, "as given")],
            refused: finiteOnly, huge: 1e6),
    ]

    static let initializers = "1.2 Initializers"
    static let outside = "outside the document (§1.2): fixtures ask nothing of it"

    /// A physical spring's damping as a fraction of critical damping 2√(mk), read from its
    /// `init` when over-damping is (or is not) allowed there; setting it sets the damping.
    static func critical(allowed: Bool) -> Formula {
        @Sendable func parts(_ node: JSONValue) -> (critical: Double, damping: Double)? {
            guard let k = number(node, at: ["stiffness"]), let c = number(node, at: ["damping"]) else { return nil }
            let m = number(node, at: ["mass"]) ?? 1
            var flag = false
            if case let .bool(b)? = node["allowOverDamping"] { flag = b }
            guard flag == allowed, m > 0, k > 0 else { return nil }
            return (2 * (m * k).squareRoot(), c)
        }
        return Formula(
            read: { node in parts(node).map { [$0.damping / $0.critical] } ?? [] },
            write: { node, x in parts(node).map { set(node, ["damping"], x * $0.critical) } ?? node })
    }

    /// An explicit schedule's dates less the date the entries are asked from; setting the
    /// first value moves the first date.
    static let explicitDates = Formula(
        read: { node in
            guard case let .array(dates)? = node["schedule"]?["explicit"], let start = number(node, at: ["from"]) else { return [] }
            return dates.compactMap { if case let .number(d) = $0 { d - start } else { nil } }
        },
        write: { node, x in
            guard case var .array(dates)? = node["schedule"]?["explicit"], !dates.isEmpty, let start = number(node, at: ["from"]) else { return node }
            dates[0] = .number(start + x)
            return replacing(node, "schedule", .object([("explicit", .array(dates))]))
        })
}
