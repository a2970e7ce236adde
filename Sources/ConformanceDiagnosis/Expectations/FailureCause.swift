import MotionConformance

/// What failing checks can share, as the diagnosis groups them and expectation files name them
/// (`[group: rule:modifier-order]`): samples on a change's own time, an inferred rule, a
/// capability, a basis, a probe the fixture passes, or a cause its reduction found.
public enum FailureCause: Sendable, Hashable, Comparable {
    /// Property samples at the time of one of the scenario's changes.
    case changeTime
    /// Checks resting on an inferred or decided rule of docs/semantics.md (`InferredRule.id`).
    case rule(String)
    /// Checks needing one capability: one kind of check.
    case capability(String)
    /// Checks whose expected numbers rest on one basis.
    case basis(String)
    /// Every failing check of fixtures that pass under one probe (`Probe`).
    case probe(Probe)
    /// The failing checks of one kind of fixtures whose reduction found one cause (`Causes`), by
    /// its id: the quantity its checks ask is the id's second word (`*`: every quantity).
    case reduced(String)

    /// A stable identifier: `change-time`, `rule:ID`, `capability:NAME`, `basis:NAME`, `probe:NAME`.
    public var id: String {
        switch self {
        case .changeTime: return "change-time"
        case let .rule(id): return "rule:" + id
        case let .capability(name): return "capability:" + name
        case let .basis(name): return "basis:" + name
        case let .probe(probe): return "probe:" + probe.rawValue
        case let .reduced(id): return "cause:" + id
        }
    }

    /// The cause an identifier names; nil when it names none this harness knows.
    public init?(id: String) {
        guard let colon = id.firstIndex(of: ":") else {
            guard id == "change-time" else { return nil }
            self = .changeTime
            return
        }
        let kind = id[..<colon], name = String(id[id.index(after: colon)...])
        switch kind {
        case "rule" where InferredRule.all.contains { $0.id == name }: self = .rule(name)
        case "capability" where EngineProtocol.Capability(rawValue: name) != nil: self = .capability(name)
        case "basis" where Basis(rawValue: name) != nil: self = .basis(name)
        case "probe":
            guard let probe = Probe(rawValue: name) else { return nil }
            self = .probe(probe)
        case "cause" where name.split(separator: ":").count >= 2: self = .reduced(name)
        default: return nil
        }
    }

    /// The causes a failing check has, within its fixture's result (probes are the fixture's).
    public static func causes(of check: CheckResult, in result: FixtureResult) -> [FailureCause] {
        var causes: [FailureCause] = [.capability(check.needs)]
        if check.atChangeTime { causes.append(.changeTime) }
        causes += check.inferredRules.map { .rule($0) }
        if let basis = check.basis ?? result.basis { causes.append(.basis(basis.rawValue)) }
        let quantity = CheckKind(check).quantity
        causes += result.causes.filter { id in
            let word = id.split(separator: ":").dropFirst().first.map(String.init)
            return word == quantity || word == "*"
        }.map { .reduced($0) }
        return causes + result.probes.map { .probe($0) }
    }

    /// What a group of this cause likely means, and the section that states its rule.
    public var meaning: (text: String, section: String) {
        switch self {
        case .changeTime:
            return (
                "samples taken at a change's own time: they show the state at t (the new animation at elapsed 0 over what was running, evaluated at t), "
                    + "not the last frame's value, and the animation begins at t, not at the next frame",
                "docs/protocol.md §2, \"Time: the clock model\""
            )
        case let .rule(id):
            let rule = InferredRule.all.first { $0.id == id }
            return ("a rule the project inferred or decided: " + (rule?.summary ?? id), "docs/semantics.md " + (rule?.section ?? ""))
        case let .capability(name):
            return ("checks that need \(name)", "docs/protocol.md §3, \"Capabilities\"")
        case let .basis(name):
            return ("checks whose expected numbers rest on \(name)", "Fixtures/README.md, \"Provenance\"")
        case let .probe(probe):
            return probe.meaning
        case let .reduced(id):
            return ("the failing fixtures reduced to one smallest scenario: " + id, "the report's causes")
        }
    }
}
