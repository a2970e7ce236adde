import HarnessSupport

/// The outcome of one fixture.
public struct FixtureResult: Sendable {
    /// `pass`: every check that ran passed (and at least one ran); `fail`: a check failed;
    /// `error`: the fixture could not be played; `skipped`: nothing of it could run — the engine
    /// declared none of what its checks need (the message names it).
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
    /// The worst finite error among the checks that ran, as a multiple of the tolerance (≤ 1
    /// passes); 0 when none was a finite number. Failed checks without one are `nonNumeric`.
    public var maxError: Double
    public var message: String
    public var series: [Series] = []
    /// Where the fixture's expectations come from (its `source`), and the tolerance it was held
    /// to, for the pictures of a failure.
    public var source: String? = nil
    public var tolerance: Fixture.Tolerance? = nil
    /// Every check, in the fixture's order: passed, failed and skipped.
    public var checks: [CheckResult] = []
    /// What the expected numbers rest on, and the inferred rules that decide every check.
    public var basis: Basis? = nil
    public var inferredRules: [String] = []
    /// Passed checks counted but not listed in `checks` (a JSON report lists only the others).
    public var unlistedPasses = 0
    /// How the clock the engine declared changed the fixture's expectations: nil when it did
    /// not (docs/protocol.md §2, "Time: the clock model").
    public var clock: ClockRederivation? = nil
    /// For a failed fixture, the probes under which the engine's answers pass.
    public var probes: [Probe] = []
    /// For a failed fixture reduced to its causes (`Causes`), their ids: its first cause first.
    public var causes: [String] = []
    /// What the fixture exercises that a report breaks failures down by (`kind:`, `valueType:`,
    /// `base:`, `modifier:` features).
    public var facets: [String] = []
    /// Why the process playing it was stopped, for an `error` the isolated player gave: nil
    /// otherwise. What a reader tells a crash from a budget by.
    public var stopped: Stop? = nil

    /// Why the isolated player stopped the process playing a fixture.
    public enum Stop: String, Sendable, CaseIterable {
        /// It trapped, was killed or exited.
        case crashed
        /// It ran past the per-fixture time budget.
        case timeBudget = "time-budget"
        /// It grew past the per-fixture memory budget.
        case memoryBudget = "memory-budget"
        /// It answered with a line that is not a result.
        case unreadableAnswer = "unreadable-answer"

        /// The setting that gets past it: a larger budget.
        public var remedy: Remedy? {
            switch self {
            case .timeBudget: .longerFixtureTime
            case .memoryBudget: .moreFixtureMemory
            case .crashed, .unreadableAnswer: nil
            }
        }
    }

    public var checksPassed: Int { checks.count { $0.outcome == .pass } + unlistedPasses }
    public var checksFailed: Int { checks.count { $0.outcome == .fail } }
    public var checksSkipped: Int { checks.count { $0.outcome == .skipped } }
    /// Failed checks with no finite residual: a NaN or missing answer, any difference where the
    /// tolerance is 0, a wrong `isAnimating`, phase or completion list.
    public var nonNumeric: Int { checks.count { $0.outcome == .fail && !($0.residual?.isFinite ?? false) } }
}

/// What a declared clock did to a fixture's expectations.
public enum ClockRederivation: String, Sendable, Codable {
    /// The reference model's answers on the declared clock replaced them.
    case rederived
    /// They could not be computed for the declared clock: the fixture was skipped, counted apart.
    case notRederivable = "not-rederivable"
}

/// Collects the checks of one fixture. A check whose capability the engine did not declare is
/// recorded as skipped without looking at the answer.
struct Checker {
    let tolerance: Fixture.Tolerance
    /// What the engine declared; nil for MotionCore, which answers everything.
    let available: Set<EngineProtocol.Capability>?
    private(set) var checks: [CheckResult] = []
    private var names: [String: Int] = [:]
    /// Seconds an engine may report a completion after it is due (0: at the sample it is due).
    var completionDelay = 0.0

    init(_ tolerance: Fixture.Tolerance, available: Set<EngineProtocol.Capability>? = nil) {
        self.tolerance = tolerance
        self.available = available
    }

    func declares(_ capability: EngineProtocol.Capability) -> Bool { available?.contains(capability) ?? true }

    /// Marks the checks from index `start` on as taken at a change's own time.
    mutating func markAtChangeTime(from start: Int) {
        for index in checks.indices where index >= start { checks[index].atChangeTime = true }
    }

    private mutating func unique(_ name: String) -> String {
        let seen = names[name, default: 0] + 1
        names[name] = seen
        return seen == 1 ? name : "\(name)#\(seen)"
    }

    private mutating func record(
        _ name: String, _ needs: EngineProtocol.Capability, _ body: () -> (CheckResult.Outcome, String, Double?, String), expected: String
    ) {
        let name = unique(name)
        guard declares(needs) else {
            checks.append(
                .init(name: name, outcome: .skipped, needs: needs.rawValue, expected: expected, actual: "", residual: nil, note: "needs \(needs.rawValue)"))
            return
        }
        let (outcome, actual, residual, note) = body()
        checks.append(.init(name: name, outcome: outcome, needs: needs.rawValue, expected: expected, actual: actual, residual: residual, note: note))
    }

    /// A number against its expectation, within the fixture's tolerance.
    mutating func number(_ name: String, needs: EngineProtocol.Capability, _ actual: Double?, _ expected: Double, field: String) {
        numbers(name, needs: needs, actual.map { [$0] }, [expected], components: ["value"], field: field)
    }

    /// Components against their expectations; the residual is the worst component's.
    mutating func numbers(_ name: String, needs: EngineProtocol.Capability, _ actual: [Double]?, _ expected: [Double], components: [String], field: String) {
        let tolerance = tolerance
        record(
            name, needs,
            { () -> (CheckResult.Outcome, String, Double?, String) in
                guard let actual else { return (.fail, "", nil, "the engine did not answer `\(field)`") }
                guard actual.count == expected.count else {
                    return (.fail, actual.fixtureText, nil, "\(actual.count) components, expected \(expected.count)")
                }
                var worst = 0.0, off: [String] = [], notes: [String] = []
                for k in expected.indices {
                    let error = tolerance.error(actual[k], expected[k])
                    if !tolerance.accepts(actual[k], expected[k]) { off.append(components[k]) }
                    let name = expected.count > 1 ? components[k] + " " : ""
                    if error.isFinite {
                        worst = max(worst, error)
                    } else if actual[k].isFinite && expected[k].isFinite {
                        // A tolerance of 0 makes any difference infinitely many tolerances: say how far.
                        notes.append(name + "off by \((actual[k] - expected[k]).fixtureText) where the tolerance is 0")
                    } else {
                        notes.append(name + (actual[k].isFinite ? "finite where \(expected[k].fixtureText) was expected" : "answered \(actual[k].fixtureText)"))
                    }
                }
                let note = (expected.count > 1 && !off.isEmpty ? ["off: " + off.joined(separator: ", ")] : []) + notes
                if !notes.isEmpty { return (.fail, actual.fixtureText, nil, note.joined(separator: "; ")) }
                return (off.isEmpty ? .pass : .fail, actual.fixtureText, worst, note.joined(separator: "; "))
            }, expected: expected.fixtureText)
    }

    /// A value that must match exactly (a flag, a name, a list of names).
    mutating func exact<T: Equatable>(_ name: String, needs: EngineProtocol.Capability, _ actual: T?, _ expected: T, field: String, show: (T) -> String) {
        record(
            name, needs,
            { () -> (CheckResult.Outcome, String, Double?, String) in
                guard let actual else { return (.fail, "", nil, "the engine did not answer `\(field)`") }
                return (actual == expected ? .pass : .fail, show(actual), nil, "")
            }, expected: show(expected))
    }

    /// Completions fired by a sample, in order: every one `due` reported, and none beyond
    /// `expected` (a prefix of it: nothing early, nothing out of order).
    mutating func completions(_ name: String, needs: EngineProtocol.Capability, _ actual: [String]?, _ expected: [String], due: [String]) {
        let show = { (list: [String]) in "[" + list.joined(separator: ", ") + "]" }
        let delay = completionDelay
        record(
            name, needs,
            { () -> (CheckResult.Outcome, String, Double?, String) in
                guard let actual else { return (.fail, "", nil, "the engine did not answer `completed`") }
                let pass = actual.count >= due.count && actual.count <= expected.count && Array(expected.prefix(actual.count)) == actual
                let note = due.count < expected.count ? "reported within \(delay.fixtureText) s: due by then \(show(due))" : ""
                return (pass ? .pass : .fail, show(actual), nil, note)
            }, expected: show(expected))
    }

    /// A check that failed outright: the answer had the wrong shape, or the fixture cannot be played.
    mutating func fail(_ name: String, needs: EngineProtocol.Capability, expected: String, actual: String, _ note: String) {
        record(name, needs, { (.fail, actual, nil, note) }, expected: expected)
    }

    func result(for fixture: Fixture, series: [FixtureResult.Series] = []) -> FixtureResult {
        let failures = checks.filter { $0.outcome == .fail }
        let ran = checks.filter { $0.outcome != .skipped }
        let verdict: FixtureResult.Verdict = !failures.isEmpty ? .fail : ran.isEmpty ? .skipped : .pass
        var message = failures.prefix(3).map(\.summary).joined(separator: "; ") + (failures.count > 3 ? "; and \(failures.count - 3) more" : "")
        if checks.isEmpty {
            return FixtureResult(
                id: fixture.id, suite: fixture.suite, provenance: fixture.provenance.rawValue, file: fixture.file, verdict: .error,
                maxError: 0, message: "the fixture checks nothing: it has no expected value to compare", series: series, source: fixture.source,
                tolerance: fixture.tolerance)
        }
        if verdict == .skipped {
            let missing = Set(checks.map(\.needs)).sorted()
            message = "needs \(missing.joined(separator: ", ")), which the engine did not declare"
        }
        return FixtureResult(
            id: fixture.id, suite: fixture.suite, provenance: fixture.provenance.rawValue, file: fixture.file,
            verdict: verdict, maxError: ran.compactMap(\.residual).filter(\.isFinite).max() ?? 0, message: message,
            series: series, source: fixture.source, tolerance: fixture.tolerance, checks: checks)
    }
}

extension FixtureResult {
    /// A result without plot series: an engine module's error, or a result read back from a report.
    package init(
        id: String, suite: String, provenance: String, file: String?, verdict: Verdict, maxError: Double, message: String, checks: [CheckResult] = []
    ) {
        self.init(id: id, suite: suite, provenance: provenance, file: file, verdict: verdict, maxError: maxError, message: message, series: [], checks: checks)
    }
}
