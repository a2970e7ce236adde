import Foundation
import MotionConformance

/// The coverage map of a set of fixtures over `SemanticsMap`: per rule the fixtures that exercise
/// it, per region how many reach it.
public struct CoverageMap: Sendable {
    public struct RegionCount: Sendable {
        public var region: SemanticsMap.Region
        public var fixtures: Int
        public var isMissing: Bool { fixtures == 0 }
        public var isThin: Bool { fixtures == 1 }
    }

    public struct RuleCoverage: Sendable {
        public var rule: SemanticsMap.Rule
        /// Fixture ids that reach one of its regions or cite its section.
        public var fixtures: [String]
        public var regions: [RegionCount]
        public var isUnchecked: Bool { rule.outsideProtocol == nil && fixtures.isEmpty }
    }

    /// A default or limit of `StatedValues` with how many fixtures reach each of its regions.
    public struct StatementCoverage: Sendable {
        public var statement: StatedValues.Statement
        public var regions: [RegionCount]
    }

    /// A real library's capability set with the fixtures and checks it is asked.
    public struct CapabilitySetCoverage: Sendable {
        public var set: CapabilitySet
        public var fixtures: Int
        public var checks: Int
        /// Fewer fixtures than a verdict on such a library needs (`CapabilitySet.enough`).
        public var isThin: Bool { fixtures < CapabilitySet.enough }
    }

    public var rules: [RuleCoverage]
    public var statements: [StatementCoverage]
    public var capabilitySets: [CapabilitySetCoverage]
    public var fixtureCount: Int

    public init(fixtures: [Fixture]) {
        let features = fixtures.map { ($0, FixtureFeatures.of($0)) }
        fixtureCount = fixtures.count
        rules = SemanticsMap.rules.map { rule in
            let regions = rule.regions.map { region in
                RegionCount(region: region, fixtures: features.filter { $0.1.contains(region.feature) }.count)
            }
            let wanted = Set(rule.regions.map(\.feature))
            let hitting = features.filter { fixture, set in !set.isDisjoint(with: wanted) || Self.cites(fixture.source, rule.id) }.map(\.0.id)
            return RuleCoverage(rule: rule, fixtures: hitting, regions: regions)
        }
        capabilitySets = CapabilitySet.real.map { set in
            let asked = set.asked(fixtures)
            return CapabilitySetCoverage(set: set, fixtures: asked.fixtures, checks: asked.checks)
        }
        statements = StatedValues.statements.map { statement in
            StatementCoverage(
                statement: statement,
                regions: statement.regions.map { region in RegionCount(region: region, fixtures: features.filter { $0.1.contains(region.feature) }.count) })
        }
    }

    /// Whether `source` cites the section `id` ("§4.3" in "docs/semantics.md §3.2, §4.3"), and not
    /// a subsection of it or another section that starts alike (§4.3 is not §4.31 or §4.3.1).
    static func cites(_ source: String, _ id: String) -> Bool {
        guard id.hasPrefix("§"), source.contains("semantics.md") else { return false }
        var rest = Substring(source)
        while let range = rest.range(of: id) {
            let after = rest[range.upperBound...]
            if after.first.map({ !$0.isNumber && $0 != "." }) ?? true { return true }
            if after.first == ".", after.dropFirst().first.map({ !$0.isNumber }) ?? true { return true }
            rest = after
        }
        return false
    }

    /// The rules the protocol carries that no fixture checks: a green run says nothing of them.
    public var uncheckedRules: [RuleCoverage] { rules.filter(\.isUnchecked) }

    public var missingRegions: [(rule: String, region: String)] {
        rules.flatMap { rule in rule.regions.filter(\.isMissing).map { (rule.rule.id, $0.region.name) } }
    }

    public var thinRegions: [(rule: String, region: String)] {
        rules.flatMap { rule in rule.regions.filter(\.isThin).map { (rule.rule.id, $0.region.name) } }
    }

    /// The regions of the stated defaults and limits no fixture reaches: (statement, region).
    public var missingStatedRegions: [(statement: String, region: String)] {
        statements.flatMap { entry in entry.regions.filter(\.isMissing).map { (entry.statement.id, $0.region.name) } }
    }

    public var thinStatedRegions: [(statement: String, region: String)] {
        statements.flatMap { entry in entry.regions.filter(\.isThin).map { (entry.statement.id, $0.region.name) } }
    }

    /// 0 when every rule the protocol carries has a check; 1 otherwise.
    public var exitCode: Int32 { uncheckedRules.isEmpty ? 0 : 1 }

    public func text() -> String {
        var lines: [String] = []
        let regionCount = rules.reduce(0) { $0 + $1.regions.count }
        lines.append("coverage of docs/semantics.md and docs/protocol.md §4 by \(fixtureCount) fixture\(fixtureCount == 1 ? "" : "s")")
        for rule in rules {
            if let reason = rule.rule.outsideProtocol {
                lines.append("\(rule.rule.id) \(rule.rule.title): outside the protocol (\(reason))")
                continue
            }
            let reached = rule.regions.filter { !$0.isMissing }.count
            lines.append(
                "\(rule.rule.id) \(rule.rule.title): \(rule.fixtures.count) fixture\(rule.fixtures.count == 1 ? "" : "s"), "
                    + "\(reached) of \(rule.regions.count) regions" + (rule.isUnchecked ? "  UNCHECKED" : ""))
            for region in rule.regions {
                let mark = region.isMissing ? "  missing" : region.isThin ? "  thin" : ""
                lines.append("  \(region.region.name): \(region.fixtures)\(mark)")
            }
        }
        let missing = missingRegions.count, thin = thinRegions.count
        let outside = rules.filter { $0.rule.outsideProtocol != nil }.count
        lines.append(
            "\(rules.count - outside) rules checked by the protocol, \(uncheckedRules.count) without a check, \(outside) outside the protocol; "
                + "\(regionCount) regions: \(missing) missing, \(thin) thin")
        if !uncheckedRules.isEmpty { lines.append("unchecked: \(uncheckedRules.map(\.rule.id).joined(separator: ", "))") }
        lines += statedText()
        lines += ["", "fixtures asked of the capability sets real libraries present (at least \(CapabilitySet.enough) each)"]
        for entry in capabilitySets {
            lines.append(
                "  \(entry.set.name): \(entry.fixtures) fixture\(entry.fixtures == 1 ? "" : "s"), \(entry.checks) check\(entry.checks == 1 ? "" : "s")"
                    + (entry.isThin ? "  thin" : ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The defaults and limits the two documents state, each with its regions.
    func statedText() -> [String] {
        var lines = ["", "defaults, limits and argument domains stated by docs/semantics.md and docs/protocol.md"]
        let domains = Dictionary(uniqueKeysWithValues: ArgumentDomain.table.map { ($0.statementID, $0) })
        for entry in statements {
            let statement = entry.statement
            let places = statement.places.map { "\($0.document.replacingOccurrences(of: "docs/", with: "")) “\($0.heading)”" }
            var unique: [String] = []
            for place in places where !unique.contains(place) { unique.append(place) }
            let head = "\(statement.kind.rawValue) \(statement.id): \(statement.title) (\(unique.joined(separator: ", ")))"
            if let elsewhere = statement.reachedElsewhere {
                lines.append("\(head): not a fixture's (\(elsewhere))")
                continue
            }
            lines.append(head)
            for region in entry.regions {
                let mark = region.isMissing ? "  missing" : region.isThin ? "  thin" : ""
                lines.append("  \(region.region.name): \(region.fixtures)\(mark)")
            }
            if let domain = domains[statement.id] {
                lines += domain.refused.map { "  \($0.0.rawValue): \($0.1)" }
                if let decided = domain.decided { lines.append("  decided by the project: \(decided)") }
            }
        }
        let defaults = statements.filter { $0.statement.kind == .default }.count
        let domainEntries: [StatementCoverage] = statements.filter { $0.statement.kind == .domain }
        let elsewhere = statements.filter { $0.statement.reachedElsewhere != nil }.count
        let regionCount = statements.reduce(0) { $0 + $1.regions.count }
        let domainRegions: [RegionCount] = domainEntries.flatMap { $0.regions }
        let limitCount = statements.count - defaults - domainEntries.count
        let missingDomains = domainRegions.filter { $0.isMissing }.count, thinDomains = domainRegions.filter { $0.isThin }.count
        lines.append(
            "\(defaults) defaults, \(limitCount) limits and \(domainEntries.count) argument domains, \(elsewhere) of them reached outside fixtures; "
                + "\(regionCount) regions: \(missingStatedRegions.count) missing, \(thinStatedRegions.count) thin")
        lines.append(
            "of them the argument domains' classes, boundaries and roundings: \(domainRegions.count) regions, \(missingDomains) missing, \(thinDomains) thin")
        return lines
    }

    /// The rules of docs/semantics.md (the `§N.N` or `§N` of each numbered section), as the map
    /// must list them.
    public static func documentedSections(_ semantics: String) -> [String] {
        var sections: [String] = []
        var major: String?
        for line in semantics.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## "), let number = line.dropFirst(3).split(separator: ".").first, Int(number) != nil {
                major = String(number)
                let sub = line.dropFirst(3).split(separator: " ").first ?? ""
                if sub.hasSuffix("."), Int(sub.dropLast()) != nil { sections.append("§\(number)") }
            } else if line.hasPrefix("### "), let number = line.dropFirst(4).split(separator: " ").first, number.contains("."),
                number.split(separator: ".").allSatisfy({ Int($0) != nil })
            {
                if let major, sections.last == "§\(major)" { sections.removeLast() }
                sections.append("§\(number)")
            }
        }
        return sections
    }
}
