import ConformanceDiagnosis
import FixtureFormat
import MotionConformance

/// A run's failing checks grouped by what they share, so that one cause reads as one line rather
/// than as a hundred fixtures: samples on a change's own time, the inferred rule a check rests
/// on, the capability it needs (its kind: value, velocity, isAnimating, completion, …), its basis.
///
/// A check belongs to every group whose cause it has, so groups overlap; what adds up is
/// `explained`: the failing fixtures all of whose failing checks are in the group — the fixtures
/// that would pass if that one cause were settled. Groups are ordered by that, then by checks.
public struct Diagnosis: Sendable, Equatable {
    /// What the checks of a group share.
    public typealias Cause = FailureCause

    public struct Group: Sendable, Equatable {
        public var cause: Cause
        /// What the group likely means, in a sentence.
        public var meaning: String
        /// Where the documents state the rule that decides these checks.
        public var section: String
        /// Failing fixtures with at least one failing check in the group.
        public var fixtures: [String]
        /// Failing fixtures all of whose failing checks are in the group.
        public var explained: [String]
        public var checks: Int
    }

    public var groups: [Group]
    public var failingFixtures: Int
    public var failingChecks: Int

    /// The groups of `results`' failing checks (fixtures that failed; errors are not checks).
    public init(_ results: [FixtureResult]) {
        var members: [Cause: (fixtures: [String], checks: Int)] = [:]
        var explained: [Cause: [String]] = [:]
        var failingChecks = 0, failingFixtures = 0
        for result in results where result.verdict == .fail {
            let failing = result.checks.filter { $0.outcome == .fail }
            guard !failing.isEmpty else { continue }
            failingFixtures += 1
            failingChecks += failing.count
            let causes = failing.map { Self.causes(of: $0, in: result) }
            for cause in Set(causes.flatMap { $0 }) {
                let count = causes.count { $0.contains(cause) }
                members[cause, default: ([], 0)].fixtures.append(result.id)
                members[cause, default: ([], 0)].checks += count
                if count == failing.count { explained[cause, default: []].append(result.id) }
            }
            for probe in result.probes {
                members[.probe(probe), default: ([], 0)].fixtures.append(result.id)
                members[.probe(probe), default: ([], 0)].checks += failing.count
                explained[.probe(probe), default: []].append(result.id)
            }
        }
        groups = members.map { cause, member in
            return Group(
                cause: cause, meaning: cause.meaning.text, section: cause.meaning.section, fixtures: member.fixtures, explained: explained[cause] ?? [],
                checks: member.checks)
        }.sorted { ($1.explained.count, $1.checks, $0.cause) < ($0.explained.count, $0.checks, $1.cause) }
        self.failingFixtures = failingFixtures
        self.failingChecks = failingChecks
    }

    /// A check's causes but the fixture's probes, which are counted per fixture below.
    static func causes(of check: CheckResult, in result: FixtureResult) -> [Cause] {
        FailureCause.causes(of: check, in: result).filter {
            switch $0 {
            case .probe, .reduced: false
            default: true
            }
        }
    }

    /// The groups as text lines, at most `limit` of them: a breakdown of the failing checks by
    /// what they rest on, beside the causes (`Causes`), which say what the engine does wrong.
    public func lines(limit: Int = 8) -> [String] {
        guard failingFixtures > 0 else { return [] }
        var lines = ["breakdown: \(failingChecks) failing checks in \(failingFixtures) fixtures by what they rest on (a check is in every group it shares):"]
        for group in groups.prefix(limit) {
            lines.append(
                "  \(group.cause.id): \(group.checks) checks in \(group.fixtures.count) fixtures (all the failing checks of \(group.explained.count)) — "
                    + group.meaning + " (" + group.section + ")")
        }
        if groups.count > limit { lines.append("  and \(groups.count - limit) more groups (every one in the JSON report)") }
        return lines
    }

    /// The groups as JSON, every one.
    public var json: JSONValue {
        .array(
            groups.map { g in
                .object([
                    ("cause", .string(g.cause.id)), ("meaning", .string(g.meaning)), ("section", .string(g.section)),
                    ("checks", .number(Double(g.checks))), ("fixtures", .array(g.fixtures.map { .string($0) })),
                    ("explained", .array(g.explained.map { .string($0) })),
                ])
            })
    }
}
