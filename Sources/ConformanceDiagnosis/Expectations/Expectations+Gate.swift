import FixtureFormat
import Foundation
import MotionConformance

/// A run held against an expectation file: what nobody expected (these gate), what failed as
/// expected, and what was expected to fail but passes now (the file can shrink).
public struct ExpectationsGate: Sendable {
    public struct Unexpected: Sendable, Equatable {
        public var fixture: String
        public var verdict: FixtureResult.Verdict
        /// The failing checks no entry lists (empty for an error or a whole-fixture failure).
        public var checks: [String]
        public var why: String
    }

    public struct Expected: Sendable, Equatable {
        public var fixture: String
        public var verdict: FixtureResult.Verdict
        public var category: Expectations.Category
        public var reason: String
        public var link: String?
        /// The group entry that expected it (`group: …`); nil for a fixture's own entry.
        public var group: String? = nil
    }

    public struct NowPassing: Sendable, Equatable {
        public var fixture: String
        /// The listed checks that passed; empty: the whole fixture passed.
        public var checks: [String]
    }

    /// The file the run was held against, as given.
    public var file: String
    public var unexpected: [Unexpected] = []
    public var expected: [Expected] = []
    public var nowPassing: [NowPassing] = []
    /// Entries for fixtures this run did not play (filtered out, skipped, or no longer there).
    public var notRun: [String] = []

    /// Holds `results` against `expectations`. A failing check is expected when its fixture's
    /// entry lists it (or lists no checks) or a group entry covers it; a group entry that covers
    /// nothing in the run is listed as passing now.
    public init(_ results: [FixtureResult], _ expectations: Expectations, file: String) {
        self.file = file
        var played = Set<String>(), usedGroups = Set<String>()
        for result in results {
            let entry = expectations.entry(for: result.id)
            if result.verdict == .skipped { continue }
            played.insert(result.id)
            let failingChecks = result.checks.filter { $0.outcome == .fail }
            let failing = failingChecks.map(\.name)
            let covering = failingChecks.map { expectations.group(covering: $0, in: result) }
            switch (result.verdict, entry) {
            case (.pass, nil): break
            case let (.pass, entry?): nowPassing.append(NowPassing(fixture: result.id, checks: entry.checks))
            case (.error, nil):
                if let group = expectations.group(expectingErrorOf: result.id) {
                    usedGroups.insert(group.fixture)
                    expected.append(
                        Expected(fixture: result.id, verdict: .error, category: group.category, reason: group.reason, link: group.link, group: group.fixture))
                } else {
                    unexpected.append(Unexpected(fixture: result.id, verdict: .error, checks: [], why: result.message))
                }
            case (_, nil):
                let uncovered = zip(failingChecks, covering).filter { $0.1 == nil }.map(\.0)
                guard uncovered.isEmpty, !failingChecks.isEmpty else {
                    unexpected.append(
                        Unexpected(
                            fixture: result.id, verdict: result.verdict, checks: uncovered.map(\.name),
                            why: uncovered.count < failingChecks.count
                                ? "checks no entry covers fail: " + uncovered.prefix(3).map(\.summary).joined(separator: "; ") : result.message))
                    usedGroups.formUnion(covering.compactMap { $0?.fixture })
                    continue
                }
                // Named by the group that covers most of its failing checks.
                let groups = covering.compactMap { $0 }
                usedGroups.formUnion(groups.map(\.fixture))
                let main = Dictionary(grouping: groups, by: \.fixture).max { ($0.value.count, $1.key) < ($1.value.count, $0.key) }!.value[0]
                expected.append(
                    Expected(fixture: result.id, verdict: .fail, category: main.category, reason: main.reason, link: main.link, group: main.fixture))
            case let (verdict, entry?) where verdict != entry.expected:
                unexpected.append(
                    Unexpected(
                        fixture: result.id, verdict: verdict, checks: failing, why: "expected to \(entry.expected.rawValue), it did not: " + result.message))
            case let (verdict, entry?):
                let listed = Set(entry.checks)
                let new =
                    entry.checks.isEmpty || verdict == .error
                    ? [] : zip(failingChecks, covering).filter { !listed.contains($0.0.name) && $0.1 == nil }.map(\.0.name)
                usedGroups.formUnion(covering.compactMap { $0?.fixture })
                if !new.isEmpty {
                    let details = result.checks.filter { new.contains($0.name) }.map(\.summary)
                    unexpected.append(
                        Unexpected(
                            fixture: result.id, verdict: verdict, checks: new, why: "checks no entry lists fail: " + details.prefix(3).joined(separator: "; ")))
                }
                expected.append(Expected(fixture: result.id, verdict: verdict, category: entry.category, reason: entry.reason, link: entry.link))
                let passing = entry.checks.filter { !failing.contains($0) }
                if !passing.isEmpty && verdict == .fail { nowPassing.append(NowPassing(fixture: result.id, checks: passing)) }
            }
        }
        notRun = expectations.entries.filter { $0.group == nil }.map(\.fixture).filter { !played.contains($0) }
        for group in expectations.groups where !usedGroups.contains(group.fixture) {
            // A pattern no fixture of the run matches was not run. A group passes now only when
            // nothing it covers fails: one that other groups covered first still has failures.
            let kind = group.group!
            if case .fixtures = kind, !played.contains(where: { kind.matches($0) }) {
                notRun.append(group.fixture)
            } else if !results.contains(where: { result in
                group.expected == .error
                    ? result.verdict == .error && kind.matches(result.id)
                    : result.verdict == .fail && result.checks.contains { $0.outcome == .fail && kind.covers($0, in: result) }
            }) {
                nowPassing.append(NowPassing(fixture: group.fixture, checks: []))
            }
        }
    }

    /// The three groups as the JSON report writes them.
    package var json: JSONValue {
        func strings(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }
        return .object([
            ("file", .string(file)),
            (
                "unexpected",
                .array(
                    unexpected.map {
                        .object([
                            ("fixture", .string($0.fixture)), ("verdict", .string($0.verdict.rawValue)), ("checks", strings($0.checks)),
                            ("why", .string($0.why)),
                        ])
                    })
            ),
            (
                "expected",
                .array(
                    expected.map {
                        .object([
                            ("fixture", .string($0.fixture)), ("verdict", .string($0.verdict.rawValue)), ("category", .string($0.category.rawValue)),
                            ("reason", .string($0.reason)), ("link", $0.link.map { .string($0) } ?? .null),
                            ("group", $0.group.map { .string($0) } ?? .null),
                        ])
                    })
            ),
            ("nowPassing", .array(nowPassing.map { .object([("fixture", .string($0.fixture)), ("checks", strings($0.checks))]) })),
            ("notRun", strings(notRun)),
        ])
    }

    public var unexpectedErrors: Int { unexpected.count { $0.verdict == .error } }
    public var unexpectedFailures: Int { unexpected.count { $0.verdict == .fail } }

    /// One line: the three groups counted.
    public var summaryLine: String {
        "expectations \(file): \(unexpected.count) unexpected, \(expected.count) failed as expected, \(nowPassing.count) expected to fail but \(nowPassing.count == 1 ? "passes" : "pass") now"
            + (notRun.isEmpty ? "" : ", \(notRun.count) not run")
    }

    /// The lines every text-like format shows: each group, named.
    public var lines: [String] {
        var lines = [summaryLine]
        for u in unexpected {
            lines.append(
                "  unexpected \(u.verdict.rawValue): \(u.fixture)" + (u.checks.isEmpty ? "" : " [\(u.checks.joined(separator: " | "))]") + " — \(u.why)")
        }
        for e in expected {
            lines.append(
                "  expected \(e.verdict.rawValue) (\(e.category.rawValue)): \(e.fixture)" + (e.group.map { " by [\($0)]" } ?? "") + " — \(e.reason)"
                    + (e.link.map { " <\($0)>" } ?? ""))
        }
        for p in nowPassing {
            lines.append("  passes now: \(p.fixture)" + (p.checks.isEmpty ? "" : " [\(p.checks.joined(separator: " | "))]") + " — remove it from \(file)")
        }
        return lines
    }
}

extension Expectations {
    /// The file after a run: entries for what failed or erred (checks listed; the old entry's
    /// category, reason, link and comments kept), none for what passed or was skipped whole (it
    /// needs what the engine did not declare), and the entries of fixtures the run did not have
    /// (filtered out) left as they were.
    ///
    /// Group entries still covering a failing check are kept; fixtures no entry covers are first
    /// offered group entries — one per cause the reduction found (`causes`), or without one the
    /// diagnosis's probes, change-time and rule groups explaining two fixtures or more, reason
    /// `newReason` and what the group means — and the rest get entries of their own.
    public func updated(with results: [FixtureResult], newReason: String, causes: Causes? = nil) -> Expectations {
        var entries: [Entry] = []
        var played = Set<String>()
        let failed = results.filter { $0.verdict == .fail }
        let kept = groups.filter { group in
            if case .fixtures = group.group!, !results.contains(where: { $0.verdict != .skipped && group.group!.matches($0.id) }) { return true }
            return results.contains { result in
                group.expected == .error
                    ? result.verdict == .error && group.group!.matches(result.id)
                    : result.checks.contains { $0.outcome == .fail && group.group!.covers($0, in: result) }
            }
        }
        let keeping = Expectations(header: header, entries: kept)
        var uncovered: [FixtureResult] = []
        for result in failed where entry(for: result.id) == nil {
            if result.checks.contains(where: { $0.outcome == .fail && keeping.group(covering: $0, in: result) == nil }) { uncovered.append(result) }
        }
        let (proposed, left) =
            causes.map { Self.proposedCauses(uncovered, causes: $0, reason: newReason) } ?? Self.proposedGroups(uncovered, reason: newReason)
        let leftIDs = Set(left.map(\.id))
        for result in results where result.verdict != .skipped {
            played.insert(result.id)
            guard result.verdict == .fail || result.verdict == .error else { continue }
            let existing = entry(for: result.id)
            guard existing != nil || leftIDs.contains(result.id) || (result.verdict == .error && keeping.group(expectingErrorOf: result.id) == nil)
            else { continue }
            var entry = existing ?? Entry(fixture: result.id, category: .bug, reason: newReason)
            entry.expected = result.verdict
            entry.checks = result.verdict == .fail ? result.checks.filter { $0.outcome == .fail }.map(\.name) : []
            entries.append(entry)
        }
        // A fixture the run skipped whole cannot fail for this engine: its entry goes; one the
        // run did not have at all (filtered out) keeps its entry.
        let skipped = Set(results.filter { $0.verdict == .skipped }.map(\.id))
        entries += self.entries.filter { $0.group == nil && !played.contains($0.fixture) && !skipped.contains($0.fixture) }
        return Expectations(header: header, entries: kept + proposed + entries)
    }
}

extension ExpectationsGate {
    /// The groups read back from a JSON report.
    package init(json cursor: JSONCursor) throws {
        file = try cursor.field("file").string()
        func strings(_ field: JSONCursor) throws -> [String] { try field.array().map { try $0.string() } }
        func verdict(_ item: JSONCursor) throws -> FixtureResult.Verdict {
            let text = try item.field("verdict").string()
            guard let verdict = FixtureResult.Verdict(rawValue: text) else { throw try item.field("verdict").error("unknown verdict \"\(text)\"") }
            return verdict
        }
        unexpected = try cursor.field("unexpected").array().map { item in
            Unexpected(
                fixture: try item.field("fixture").string(), verdict: try verdict(item), checks: try strings(item.field("checks")),
                why: try item.field("why").string())
        }
        expected = try cursor.field("expected").array().map { item in
            let categoryText = try item.field("category").string()
            guard let category = Expectations.Category(rawValue: categoryText) else { throw try item.field("category").error("expected bug or by-design") }
            let link = try item.field("link")
            let group = try item.optionalField("group")
            return Expected(
                fixture: try item.field("fixture").string(), verdict: try verdict(item), category: category, reason: try item.field("reason").string(),
                link: link.isNull ? nil : try link.string(), group: group == nil || group!.isNull ? nil : try group!.string())
        }
        nowPassing = try cursor.field("nowPassing").array().map {
            NowPassing(fixture: try $0.field("fixture").string(), checks: try strings($0.field("checks")))
        }
        notRun = try strings(cursor.field("notRun"))
    }
}
