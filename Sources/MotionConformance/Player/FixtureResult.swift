/// The outcome of one fixture.
public struct FixtureResult: Sendable {
    /// `skipped`: the engine did not declare a capability the fixture needs (the message names it).
    public enum Verdict: String, Codable, Sendable { case pass, fail, error, skipped }

    /// One compared quantity over time, for plots: what was expected and what came out.
    public struct Series: Sendable {
        public var label: String
        public var points: [(time: Double, expected: Double, actual: Double)]
    }

    public var id: String
    public var suite: String
    public var provenance: String
    public var file: String?
    public var verdict: Verdict
    /// The worst error as a multiple of the tolerance (≤ 1 passes).
    public var maxError: Double
    public var message: String
    public var series: [Series] = []
    /// Where the fixture's expectations come from (its `source`), and the tolerance it was held
    /// to, for the pictures of a failure.
    public var source: String? = nil
    public var tolerance: Fixture.Tolerance? = nil
}

/// Collects comparisons of one fixture: the worst error, and the first failures, described.
struct Checker {
    let tolerance: Fixture.Tolerance
    var worst = 0.0
    var failures: [String] = []

    init(_ tolerance: Fixture.Tolerance) { self.tolerance = tolerance }

    mutating func check(_ actual: Double, _ expected: Double, _ what: @autoclosure () -> String) {
        let error = tolerance.error(actual, expected)
        worst = max(worst, error.isNaN ? .infinity : error)
        if !tolerance.accepts(actual, expected) {
            failures.append("\(what()): got \(actual), expected \(expected)")
        }
    }

    mutating func fail(_ message: String) {
        worst = .infinity
        failures.append(message)
    }

    func result(for fixture: Fixture, series: [FixtureResult.Series] = []) -> FixtureResult {
        let message = failures.isEmpty ? "" : failures.prefix(3).joined(separator: "; ") + (failures.count > 3 ? "; and \(failures.count - 3) more" : "")
        return FixtureResult(
            id: fixture.id, suite: fixture.suite, provenance: fixture.provenance.rawValue, file: fixture.file,
            verdict: failures.isEmpty ? .pass : .fail, maxError: worst, message: message, series: series,
            source: fixture.source, tolerance: fixture.tolerance)
    }
}
