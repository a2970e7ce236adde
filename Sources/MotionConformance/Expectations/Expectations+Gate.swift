import Foundation

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

    /// Holds `results` against `expectations`.
    public init(_ results: [FixtureResult], _ expectations: Expectations, file: String) {
        self.file = file
        var played = Set<String>()
        for result in results {
            let entry = expectations.entry(for: result.id)
            if result.verdict == .skipped { continue }
            played.insert(result.id)
            let failing = result.checks.filter { $0.outcome == .fail }.map(\.name)
            switch (result.verdict, entry) {
            case (.pass, nil): break
            case let (.pass, entry?): nowPassing.append(NowPassing(fixture: result.id, checks: entry.checks))
            case (_, nil):
                unexpected.append(Unexpected(fixture: result.id, verdict: result.verdict, checks: failing, why: result.message))
            case let (verdict, entry?) where verdict != entry.expected:
                unexpected.append(
                    Unexpected(
                        fixture: result.id, verdict: verdict, checks: failing, why: "expected to \(entry.expected.rawValue), it did not: " + result.message))
            case let (verdict, entry?):
                let listed = Set(entry.checks)
                let new = entry.checks.isEmpty || verdict == .error ? [] : failing.filter { !listed.contains($0) }
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
        notRun = expectations.entries.map(\.fixture).filter { !played.contains($0) }
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
            lines.append("  expected \(e.verdict.rawValue) (\(e.category.rawValue)): \(e.fixture) — \(e.reason)" + (e.link.map { " <\($0)>" } ?? ""))
        }
        for p in nowPassing {
            lines.append("  passes now: \(p.fixture)" + (p.checks.isEmpty ? "" : " [\(p.checks.joined(separator: " | "))]") + " — remove it from \(file)")
        }
        return lines
    }
}

extension Expectations {
    /// The file after a run: entries for what failed or erred (checks listed; the old entry's
    /// category, reason, link and comments kept), none for what passed, and the entries of
    /// fixtures the run did not play left as they were.
    public func updated(with results: [FixtureResult], newReason: String) -> Expectations {
        var entries: [Entry] = []
        var played = Set<String>()
        for result in results where result.verdict != .skipped {
            played.insert(result.id)
            guard result.verdict == .fail || result.verdict == .error else { continue }
            var entry = entry(for: result.id) ?? Entry(fixture: result.id, category: .bug, reason: newReason)
            entry.expected = result.verdict
            entry.checks = result.verdict == .fail ? result.checks.filter { $0.outcome == .fail }.map(\.name) : []
            entries.append(entry)
        }
        entries += self.entries.filter { !played.contains($0.fixture) }
        return Expectations(header: header, entries: entries)
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
            return Expected(
                fixture: try item.field("fixture").string(), verdict: try verdict(item), category: category, reason: try item.field("reason").string(),
                link: link.isNull ? nil : try link.string())
        }
        nowPassing = try cursor.field("nowPassing").array().map {
            NowPassing(fixture: try $0.field("fixture").string(), checks: try strings($0.field("checks")))
        }
        notRun = try strings(cursor.field("notRun"))
    }
}
