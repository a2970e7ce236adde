import ConformanceReports
import Foundation
import MotionBenchApp
import MotionConformance

extension ConformCommand {
    /// `conform --fixture ID --transcript`: the fixture played once, with every request and answer
    /// as they pass (with --engine) and every check: expected, actual, tolerance, residual.
    func transcript(_ id: String) throws -> Int32 {
        let request = TranscriptRequest(fixtureID: id, fixtures: fixtures.path, engine: engines.first)
        let outcome: TranscriptOutcome
        do {
            outcome = try app.transcript(request) { fixture, file, root in
                print("fixture \(fixture.id): \(fixture.title)")
                print("file: \(file ?? "?") (under \(root.path)); provenance \(fixture.provenance.rawValue); source: \(fixture.source)")
                print("tolerance: |actual − expected| ≤ \(fixture.tolerance.absolute) + \(fixture.tolerance.relative) × |expected|")
                if request.engine == nil { print("(no --engine: MotionCore answers in process; there are no requests to show)") }
            } exchange: {
                print($0)
            }
        } catch let error as EngineUnavailable {
            return Self.engineUnavailable(error)
        }
        let result = outcome.result
        print("checks:")
        for check in result.checks { print("  " + check.transcriptLine) }
        if result.verdict == .error || result.verdict == .skipped { print("\(result.verdict.rawValue): \(result.message)") }
        print(outcome.report.summaryLine)
        return outcome.report.exitCode
    }
}
