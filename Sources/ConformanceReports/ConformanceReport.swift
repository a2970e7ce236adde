import BenchKit
import ConformanceDiagnosis
import FixtureFormat
import Foundation
import MotionConformance

/// The results of a conformance run, and its formats.
public struct ConformanceReport: Sendable, RenderableResult {
    public static let formats: [OutputFormat] = [.text, .json, .junit, .markdown, .html]
    public static let kind = "a conformance result"

    public var results: [FixtureResult]
    /// Fixtures that could not be loaded: each is reported as an error result.
    public var loadErrors: [FixtureError]

    /// The engine that played the fixtures, when it was not MotionBench's own.
    public var engine: String?
    /// The run held against an expectation file, when one was given: the exit code then gates on
    /// unexpected results only.
    public var expectations: ExpectationsGate?
    /// The failing fixtures reduced to their causes, when they were (an engine's run).
    public var causes: Causes?
    /// The clock an engine was judged on and how it was chosen (an engine's run).
    public var clock: EngineClock?

    public init(results: [FixtureResult], loadErrors: [FixtureError], engine: String? = nil, expectations: ExpectationsGate? = nil) {
        self.results = results
        self.loadErrors = loadErrors
        self.engine = engine
        self.expectations = expectations
    }

    public var passed: Int { results.filter { $0.verdict == .pass }.count }
    public var failed: Int { results.filter { $0.verdict == .fail }.count }
    public var errors: Int { loadErrors.count + results.filter { $0.verdict == .error }.count }
    public var skipped: Int { results.filter { $0.verdict == .skipped }.count }
    /// Skipped fixtures whose expectations could not be computed for the clock the engine declared.
    public var notRederivable: Int { results.filter { $0.clock == .notRederivable }.count }
    /// Fixtures judged on the reference model's answers for the clock the engine declared.
    public var rederived: Int { results.filter { $0.clock == .rederived }.count }

    /// 0 all pass, 1 failures (or nothing ran: no fixture passed or failed), 2 errors. With
    /// expectations, only what they did not expect counts: an unexpected error or a fixture that
    /// could not be loaded 2, an unexpected failure 1.
    public var exitCode: Int32 {
        if let gate = expectations {
            if !loadErrors.isEmpty || gate.unexpectedErrors > 0 { return 2 }
            return gate.unexpectedFailures > 0 || passed + failed + errors == 0 ? 1 : 0
        }
        return errors > 0 ? 2 : (failed > 0 || passed == 0 ? 1 : 0)
    }

    /// The checks of every fixture that ran: passed, failed, skipped.
    public var checksPassed: Int { results.reduce(0) { $0 + $1.checksPassed } }
    public var checksFailed: Int { results.reduce(0) { $0 + $1.checksFailed } }
    public var checksSkipped: Int { results.reduce(0) { $0 + $1.checksSkipped } }

    /// The closing line test runners and CI read.
    public var summaryLine: String {
        "\(passed) passed, \(failed) failed" + (errors > 0 ? ", \(errors) errors" : "") + (skipped > 0 ? ", \(skipped) skipped" : "")
            + (notRederivable > 0 ? " (\(notRederivable) of them not re-derivable for the declared clock)" : "")
            + (rederived > 0 ? ", \(rederived) judged on expectations re-derived for the declared clock" : "")
            + (passed + failed == 0 && errors == 0 ? " (no fixture ran)" : "")
            + "; checks: \(checksPassed) of \(checksPassed + checksFailed) passed" + (checksSkipped > 0 ? ", \(checksSkipped) skipped" : "")
            + (expectations.map { g in "; \(g.unexpected.count) unexpected, \(g.expected.count) as expected, \(g.nowPassing.count) now passing" } ?? "")
            + "; exit \(exitCode)"
    }

    /// One section's score: the fraction of the checks that ran which passed, as the Web
    /// Platform Tests count subtests; skipped checks are counted beside it, not in it.
    public struct SectionScore: Sendable, Equatable {
        public var suite: String
        public var fixtures: Int
        public var checksPassed: Int
        public var checksFailed: Int
        public var checksSkipped: Int
        /// Passed ÷ run; nil when no check of the section ran.
        public var score: Double? { checksPassed + checksFailed == 0 ? nil : Double(checksPassed) / Double(checksPassed + checksFailed) }
    }

    /// The scores of each suite, in name order.
    public var sections: [SectionScore] {
        Dictionary(grouping: results, by: \.suite).map { suite, results in
            SectionScore(
                suite: suite, fixtures: results.count, checksPassed: results.reduce(0) { $0 + $1.checksPassed },
                checksFailed: results.reduce(0) { $0 + $1.checksFailed }, checksSkipped: results.reduce(0) { $0 + $1.checksSkipped })
        }.sorted { $0.suite < $1.suite }
    }

    /// The failed checks (and the errors, as one each) counted by what their expected numbers rest
    /// on, with the inferred rules behind the inferred ones: "fails only inferred checks" at a glance.
    public var failuresByBasis: [(basis: Basis, count: Int, rules: [(rule: String, count: Int)])] {
        var counts: [Basis: Int] = [:], rules: [Basis: [String: Int]] = [:]
        for r in results {
            let failing =
                r.verdict == .error
                ? [CheckResult(name: "", outcome: .fail, needs: "", expected: "", actual: "", residual: nil, note: "")]
                : r.checks.filter { $0.outcome == .fail }
            for check in failing {
                let basis = r.verdict == .error ? (r.basis ?? .appleDocument) : (check.basis ?? r.basis ?? .appleDocument)
                counts[basis, default: 0] += 1
                for rule in r.verdict == .error ? r.inferredRules : check.inferredRules { rules[basis, default: [:]][rule, default: 0] += 1 }
            }
        }
        return counts.keys.sorted().map { basis in
            (basis, counts[basis]!, (rules[basis] ?? [:]).sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) })
        }
    }

    /// One line: failed checks by basis, the inferred ones with their rules.
    public var basisLine: String? {
        let groups = failuresByBasis
        guard !groups.isEmpty else { return nil }
        return "failed checks by basis: "
            + groups.map { g in
                "\(g.basis.rawValue) \(g.count)"
                    + (g.rules.isEmpty
                        ? "" : " (by rule, a check under each rule it rests on: " + g.rules.map { "\($0.rule) \($0.count)" }.joined(separator: ", ") + ")")
            }.joined(separator: "; ")
    }

    /// A score as a percentage, or "—" when no check ran.
    static func formatScore(_ score: Double?) -> String { score.map { String(format: "%.1f%%", $0 * 100) } ?? "—" }

    /// The section scores as lines of text.
    public var sectionLines: [String] {
        ["section scores (checks passed of those run):"]
            + sections.map { s in
                "  " + s.suite.padding(toLength: 14, withPad: " ", startingAt: 0)
                    + " \(formatScoreCell(s))"
            }
    }

    func formatScoreCell(_ s: SectionScore) -> String {
        "\(Self.formatScore(s.score)) (\(s.checksPassed)/\(s.checksPassed + s.checksFailed))" + (s.checksSkipped > 0 ? ", \(s.checksSkipped) skipped" : "")
    }

    /// The report in `format`; the HTML page plots every failing fixture's series, or with
    /// `plotAll` every fixture's.
    public func render(_ format: OutputFormat, plotAll: Bool) throws -> String {
        switch format {
        case .text: return text()
        case .json: return json()
        case .junit: return junit()
        case .markdown: return markdown()
        case .html: return HTMLConformanceReport.render(self, plotAll: plotAll)
        case .csv, .github: throw Self.unrendered(format)
        }
    }

    func text() -> String {
        var lines = [Self.textHeader]
        for r in results { lines += Self.textLines(r) }
        lines += textFooter
        return lines.joined(separator: "\n") + "\n"
    }

    /// The text report's first line; with `textLines` for each result as it finishes and
    /// `textFooter` at the end, the text report can be written as the fixtures run.
    public static let textHeader = row("fixture", "provenance", "error/tol", "checks passed", "verdict")

    /// One line in fixed columns (fixed, so that lines written as fixtures finish line up): the id
    /// in 58 characters, the provenance in 15, the error right-aligned in 10, the checks in 22, the
    /// verdict last; longer cells push the rest along rather than being cut.
    static func row(_ id: String, _ provenance: String, _ error: String, _ checks: String, _ verdict: String) -> String {
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        return pad(id, 58) + "  " + pad(provenance, 15) + "  " + String(repeating: " ", count: max(0, 10 - error.count)) + error + "  "
            + pad(checks, 22) + "  " + verdict
    }

    public static func textLines(_ r: FixtureResult) -> [String] {
        var lines = [row(r.id, r.provenance, errorCell(r), checksCell(r), r.verdict.rawValue)]
        if r.nonNumeric > 0 { lines.append("    \(r.nonNumeric) failed without a finite residual (named below); error/tol is the worst of the others") }
        if r.verdict != .pass { lines.append("    \(r.message)") }
        if r.verdict == .fail || r.verdict == .error, let file = r.file { lines.append("    fixture: \(file)") }
        return lines
    }

    /// The worst finite residual; "—" for a fixture that did not run its checks.
    static func errorCell(_ r: FixtureResult) -> String {
        r.verdict == .error || r.verdict == .skipped ? "—" : CheckResult.residualText(r.maxError)
    }

    /// A fixture's checks: passed of run, skipped, and failures without a finite residual.
    static func checksCell(_ r: FixtureResult) -> String {
        guard !r.checks.isEmpty else { return "" }
        return "\(r.checksPassed)/\(r.checksPassed + r.checksFailed)" + (r.checksSkipped > 0 ? ", \(r.checksSkipped) skipped" : "")
    }

    /// The failing checks grouped by cause.
    public var diagnosis: Diagnosis { Diagnosis(results) }

    /// One facet of what fixtures exercise, with how many of the fixtures that ran with it failed.
    public struct FacetRate: Sendable, Equatable {
        public var facet: String
        public var ran: Int
        public var failed: Int
        public var rate: Double { Double(failed) / Double(ran) }
    }

    /// The facets of at least `minimum` failing fixtures, by failure rate (then by failures):
    /// where failures concentrate — a modifier, an animation kind, a value type.
    public func facetRates(minimum: Int = 3) -> [FacetRate] {
        var ran: [String: Int] = [:], failed: [String: Int] = [:]
        for result in results where result.verdict == .pass || result.verdict == .fail {
            for facet in result.facets {
                ran[facet, default: 0] += 1
                if result.verdict == .fail { failed[facet, default: 0] += 1 }
            }
        }
        return failed.filter { $0.value >= minimum }.map { FacetRate(facet: $0.key, ran: ran[$0.key]!, failed: $0.value) }
            .sorted { ($1.rate, $1.failed, $0.facet) < ($0.rate, $0.failed, $1.facet) }
    }

    /// The facet rates as text lines, at most `limit`.
    func facetLines(limit: Int = 6) -> [String] {
        let rates = facetRates()
        guard !rates.isEmpty else { return [] }
        return ["failures by what the fixtures exercise (of the fixtures that ran with it, how many failed; every facet in the JSON):"]
            + rates.prefix(limit).map { "  \($0.facet): \($0.failed) of \($0.ran) failed (\(Int(($0.rate * 100).rounded()))%)" }
    }

    public var textFooter: [String] {
        loadErrors.map { "error: \($0)" } + (clock.map { [$0.line] } ?? []) + (causes?.lines(failing: failed) ?? []) + diagnosis.lines() + facetLines()
            + sectionLines
            + (basisLine.map { [$0] } ?? []) + (expectations?.lines ?? []) + [
                summaryLine
            ]
    }

    func json() -> String {
        var fixtures: [JSONValue] = results.map { r in
            .object([
                ("id", .string(r.id)), ("suite", .string(r.suite)), ("provenance", .string(r.provenance)), ("verdict", .string(r.verdict.rawValue)),
                ("maxError", r.maxError.isFinite ? .number(r.maxError) : .string("inf")), ("message", .string(r.message)),
                ("file", r.file.map { .string($0) } ?? .null), ("basis", r.basis.map { .string($0.rawValue) } ?? .null),
                ("inferredRules", .array(r.inferredRules.map { .string($0) })),
                ("clock", r.clock.map { .string($0.rawValue) } ?? .null), ("probes", .array(r.probes.map { .string($0.rawValue) })),
                ("facets", .array(r.facets.map { .string($0) })), ("causes", .array(r.causes.map { .string($0) })),
                ("stopped", r.stopped.map { .string($0.rawValue) } ?? .null),
                ("checksPassed", .number(Double(r.checksPassed))), ("checksFailed", .number(Double(r.checksFailed))),
                ("checksSkipped", .number(Double(r.checksSkipped))),
                ("checks", .array(r.checks.filter { $0.outcome != .pass }.map(\.wire))),
            ])
        }
        fixtures += loadErrors.map { e in
            .object([
                ("id", .string(e.file ?? "")), ("suite", .string("")), ("provenance", .string("")), ("verdict", .string("error")),
                ("maxError", .null), ("message", .string(e.description)), ("file", e.file.map { .string($0) } ?? .null),
                ("basis", .null), ("inferredRules", .array([])), ("checksPassed", .number(0)), ("checksFailed", .number(0)), ("checksSkipped", .number(0)),
                ("checks", .array([])),
            ])
        }
        let sections = JSONValue.array(
            sections.map { s in
                .object([
                    ("suite", .string(s.suite)), ("fixtures", .number(Double(s.fixtures))), ("checksPassed", .number(Double(s.checksPassed))),
                    ("checksFailed", .number(Double(s.checksFailed))), ("checksSkipped", .number(Double(s.checksSkipped))),
                    ("score", s.score.map { .number($0) } ?? .null),
                ])
            })
        return JSONValue.object([
            ("schemaVersion", .number(2)), ("engine", engine.map { .string($0) } ?? .null),
            ("passed", .number(Double(passed))), ("failed", .number(Double(failed))), ("errors", .number(Double(errors))),
            ("skipped", .number(Double(skipped))), ("exitCode", .number(Double(exitCode))), ("clock", clock?.json ?? .null), ("causes", causes?.json ?? .null),
            ("sections", sections),
            ("expectations", expectations?.json ?? .null), ("diagnosis", diagnosis.json), ("fixtures", .array(fixtures)),
        ]).serialized() + "\n"
    }

    func junit() -> String {
        var cases = results.map { r -> JUnitDocument.TestCase in
            let outcome: JUnitDocument.Outcome
            let failing = r.checks.filter { $0.outcome == .fail }.map(\.summary)
            let cause = r.causes.first.flatMap { id in causes?.causes.first { $0.id == id } }
            let message = (cause.map { ["cause: " + $0.name + " (" + $0.id + ")"] } ?? []) + (failing.isEmpty ? [r.message] : failing)
            let messageText = message.joined(separator: "\n")
            if let expected = expectations?.expected.first(where: { $0.fixture == r.id }),
                !(expectations?.unexpected.contains { $0.fixture == r.id } ?? false)
            {
                outcome = .skipped(message: "expected to \(expected.verdict.rawValue) (\(expected.category.rawValue)): \(expected.reason)\n" + messageText)
            } else {
                switch r.verdict {
                case .pass: outcome = .passed
                case .fail: outcome = .failure(type: "fail", message: messageText)
                case .error: outcome = .error(type: "error", message: messageText)
                case .skipped: outcome = .skipped(message: r.message)
                }
            }
            return JUnitDocument.TestCase(classname: "conformance.\(r.suite)", name: r.id, outcome: outcome)
        }
        cases += loadErrors.map {
            JUnitDocument.TestCase(classname: "conformance.load", name: $0.file ?? "fixture", outcome: .error(type: "load", message: $0.description))
        }
        return JUnitDocument(name: "motion-bench conform", properties: [("engine", engine ?? "MotionCore and MotionEngine (in process)")], cases: cases)
            .render()
    }

    /// A text line as a Markdown list item, indented as deep as the line was.
    static func markdownItem(_ line: String) -> String {
        let depth = line.prefix { $0 == " " }.count
        let text = line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "|", with: "\\|")
        return (depth > 4 ? "  - " : "- ") + text
    }

    func markdown() -> String {
        var lines = ["## Conformance: \(summaryLine)", ""] + (clock.map { [$0.line, ""] } ?? [])
        let causeLines = causes?.lines(failing: failed) ?? []
        if let heading = causeLines.first {
            lines += ["### " + heading, ""] + causeLines.dropFirst().map { Self.markdownItem($0) } + [""]
        }
        let diagnosis = diagnosis.lines()
        if let heading = diagnosis.first {
            let items = diagnosis.dropFirst().map { "- " + $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "|", with: "\\|") }
            lines += ["### " + heading, ""] + items + [""]
        }
        let facets = facetLines()
        if let heading = facets.first { lines += [heading, ""] + facets.dropFirst().map { "- " + $0.trimmingCharacters(in: .whitespaces) } + [""] }
        lines += ["| section | score | checks passed | checks skipped |", "|---|---|---|---|"]
        for section in sections {
            lines.append(
                "| \(section.suite) | \(Self.formatScore(section.score)) | \(section.checksPassed) of \(section.checksPassed + section.checksFailed) | \(section.checksSkipped) |"
            )
        }
        if let line = basisLine { lines += ["", line] }
        if let gate = expectations {
            lines += ["", "### " + gate.summaryLine.replacingOccurrences(of: "|", with: "\\|"), ""]
            lines += gate.lines.dropFirst().map { "- " + $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "|", with: "\\|") }
        }
        lines += ["", "| fixture | provenance | error/tol | checks | verdict |", "|---|---|---|---|---|"]
        for r in results.sorted(by: { ($0.verdict == .pass ? 1 : 0, $0.id) < ($1.verdict == .pass ? 1 : 0, $1.id) }) {
            lines.append(
                "| `\(r.id)` | \(r.provenance) | \(Self.errorCell(r)) | \(Self.checksCell(r)) | \(r.verdict == .pass ? "pass" : "**\(r.verdict.rawValue)**")"
                    + (r.verdict == .pass ? "" : ": " + r.message.replacingOccurrences(of: "|", with: "\\|")) + " |")
        }
        for e in loadErrors { lines.append("| `\(e.file ?? "")` | | | | **error**: \(e.message.replacingOccurrences(of: "|", with: "\\|")) |") }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ConformanceReport {
    public func render(_ format: OutputFormat) throws -> String { try render(format, plotAll: false) }
}
