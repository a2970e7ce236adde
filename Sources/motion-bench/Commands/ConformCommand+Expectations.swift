import BenchKit
import ConformanceReports
import EngineConformance
import Foundation
import HarnessSupport
import MotionBenchApp
import MotionConformance

extension ConformCommand {
    /// The file `--expectations` names, read; nil without the option.
    func readExpectations() throws -> (file: String, expectations: Expectations)? {
        guard let file = expectations else { return nil }
        return (file, try Self.loadExpectations(file, mustExist: true) ?? Expectations())
    }

    static func loadExpectations(_ file: String, mustExist: Bool) throws -> Expectations? {
        guard FileManager.default.fileExists(atPath: file) else {
            if mustExist { throw UsageError("--expectations \(file): no such file (`--update-expectations \(file)` writes one from a run)") }
            return nil
        }
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
            throw ToolError("\(file): cannot be read as UTF-8 text")
        }
        do { return try Expectations(parsing: text, file: file) } catch { throw ToolError("\(error)") }
    }

    /// Writes the expectation file a run implies, keeping what the old one said of each entry,
    /// and says what changed. Without `--expectations`, the run is then held against it.
    static func updateExpectations(_ file: String, read: (file: String, expectations: Expectations)?, report: inout ConformanceReport) throws {
        let old = read?.file == file ? read!.expectations : try loadExpectations(file, mustExist: false)
        let base =
            old
            ?? Expectations(header: [
                "# Fixtures and checks this engine is expected to fail (motion-bench conform --expectations).",
                "# [fixture id], then `check = NAME` lines (none: the whole fixture), `category = bug|by-design`,",
                "# `reason = …` and an optional `link = …`; `expected = error` for a fixture expected to error.",
            ])
        let updated = base.updated(with: report.results, newReason: "not yet examined")
        try AtomicFile.write(Data(updated.rendered().utf8), to: URL(fileURLWithPath: file))
        let before = Set(base.entries.map(\.fixture)), after = Set(updated.entries.map(\.fixture))
        status(
            "expectations: wrote \(file): \(updated.entries.count) entries (\(after.subtracting(before).count) added, "
                + "\(before.subtracting(after).count) removed, \(before.intersection(after).count) kept)\n")
        if read == nil { report.expectations = ExpectationsGate(report.results, updated, file: file) }
    }

    /// `conform --fixture ID --transcript`: the fixture played once, with every request and answer
    /// as they pass (with --engine) and every check: expected, actual, tolerance, residual.
    static func transcript(_ id: String, fixtures: String, engine options: ExternalEngine.Options?) throws -> Int32 {
        let root = try Application.fixturesFolder(fixtures)
        let loaded = FixtureLoader.load(root: root)
        guard let fixture = loaded.fixtures.first(where: { $0.id == id }) else {
            throw UsageError("--fixture '\(id)' is no fixture id; the nearest: \(nearestNames(loaded.fixtures.map(\.id), to: id).joined(separator: ", "))")
        }
        print("fixture \(fixture.id): \(fixture.title)")
        print(
            "file: \(Application.relative(fixture.file, root) ?? "?") (under \(root.path)); provenance \(fixture.provenance.rawValue); source: \(fixture.source)"
        )
        print("tolerance: |actual − expected| ≤ \(fixture.tolerance.absolute) + \(fixture.tolerance.relative) × |expected|")
        var result: FixtureResult
        if let options {
            let engine = ExternalEngine(options)
            defer { engine.close() }
            engine.transcript = { print($0) }
            do { try engine.start() } catch {
                writeToStandardError("motion-bench: error: \(error)\n")
                return 2
            }
            result = engine.run(fixture)
        } else {
            print("(no --engine: MotionCore answers in process; there are no requests to show)")
            result = Player.run(fixture, mirror: MotionEngineMirror.factory)
        }
        print("checks:")
        for check in result.checks {
            let residual = check.residual.map { CheckResult.residualText($0) + ($0.isFinite && $0 >= CheckResult.divergedResidual ? "" : " × tol") } ?? "—"
            print(
                "  \(check.outcome.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)) \(check.name)  expected \(check.expected)  actual \(check.actual.isEmpty ? "(none)" : check.actual)  residual \(residual)"
                    + (check.note.isEmpty ? "" : "  — \(check.note)"))
        }
        let report = ConformanceReport(results: [result], loadErrors: [], engine: options?.command)
        if result.verdict == .error || result.verdict == .skipped { print("\(result.verdict.rawValue): \(result.message)") }
        print(report.summaryLine)
        return report.exitCode
    }
}
