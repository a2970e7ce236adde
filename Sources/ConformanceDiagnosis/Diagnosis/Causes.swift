import MotionConformance

/// A run's failing fixtures grouped by cause: each fixture reduced against the engine to its
/// smallest failing scenario, and fixtures whose reductions share a signature (`FailureSignature`)
/// grouped as one cause.
///
/// Each failing fixture belongs to one cause first — the reduction of its first failing kind of
/// check — so the causes' fixtures add up to the failing fixtures; the causes of its other failing
/// kinds of check list it under `also`. A fixture that could not be reduced belongs to a cause
/// named by why (`NotReduced`) and by what its numbers rest on.
public struct Causes: Sendable, Equatable {
    public struct Cause: Sendable, Equatable {
        public var id: String
        public var name: String
        /// Where the documents state the rules the smallest scenario exercises.
        public var sections: [String]
        /// The failing fixtures this is the first cause of, and those it is a later cause of.
        public var fixtures: [String]
        public var also: [String] = []
        /// The smallest scenario of the cause (nil for fixtures not reduced).
        public var smallest: Smallest?
        /// The probes under which every one of `fixtures` passes: experiments that confirm it.
        public var probes: [Probe] = []
        /// False when the budget cut a member's reduction short: its scenario may shrink further.
        public var complete = true
        /// What it does, whatever scenario shows it (`FailureSignature.Family`); the unreduced
        /// fixtures' causes are a family each.
        public var family: FailureSignature.Family?

        public init(id: String, name: String, sections: [String], fixtures: [String]) {
            (self.id, self.name, self.sections, self.fixtures) = (id, name, sections, fixtures)
        }
    }

    /// The smallest scenario of a cause: the fixture it came from, the scenario in words, the
    /// failing check, and the scenario as a fixture file with the reference model's answers.
    public struct Smallest: Sendable, Equatable {
        public var from: String
        public var scenario: String
        public var check: String
        public var size: Int
        public var fixture: String

        public init(from: String, scenario: String, check: String, size: Int, fixture: String) {
            (self.from, self.scenario, self.check, self.size, self.fixture) = (from, scenario, check, size, fixture)
        }
    }

    /// A smaller scenario on which the engine crashed, hung or answered what the harness could not
    /// read: a finding in its own right.
    public struct EngineError: Sendable, Equatable {
        public var fixture: String
        public var scenario: String
        public var message: String

        public init(fixture: String, scenario: String, message: String) {
            (self.fixture, self.scenario, self.message) = (fixture, scenario, message)
        }
    }

    public var causes: [Cause]
    public var engineErrors: [EngineError]
    /// Failing fixtures no reduction reached (the budget), and the budget in seconds.
    public var notReached: Int
    public var budgetSeconds: Double?
    public var seconds: Double

    public init(causes: [Cause] = [], engineErrors: [EngineError] = [], notReached: Int = 0, budgetSeconds: Double? = nil, seconds: Double = 0) {
        (self.causes, self.engineErrors, self.notReached, self.budgetSeconds, self.seconds) = (causes, engineErrors, notReached, budgetSeconds, seconds)
    }

    /// Groups the reductions: `reductions[id]` are the fixture's reductions, its first failing
    /// kind of check first; `notReduced[id]` why one was not reduced. `results` gives the failing
    /// fixtures' order, basis and probes.
    public init(
        _ results: [FixtureResult], reductions: [String: [ReducedFailure]], notReduced: [String: NotReduced], engineErrors: [EngineError] = [],
        budgetSeconds: Double? = nil, seconds: Double = 0
    ) {
        var byID: [String: Cause] = [:], order: [String] = []
        func add(_ id: String, made make: () -> Cause, changed change: (inout Cause) -> Void) {
            if byID[id] == nil {
                byID[id] = make()
                order.append(id)
            }
            change(&byID[id]!)
        }
        var probes: [String: [[Probe]]] = [:]
        for result in results where result.verdict == .fail {
            if let reduced = reductions[result.id], !reduced.isEmpty {
                for (index, failure) in reduced.enumerated() {
                    let signature = failure.signature
                    let made = {
                        var cause = Cause(id: signature.id, name: signature.name, sections: signature.sections, fixtures: [])
                        cause.family = signature.family
                        return cause
                    }
                    add(signature.id, made: made) { cause in
                        if index == 0 { cause.fixtures.append(result.id) } else if !cause.fixtures.contains(result.id) { cause.also.append(result.id) }
                        if !failure.complete { cause.complete = false }
                        let smallest = Smallest(
                            from: failure.fixture, scenario: failure.scenario.summary, check: failure.check.summary, size: failure.sizeAfter,
                            fixture: (failure.reduced.json?.serialized() ?? "") + "\n")
                        if cause.smallest.map({ (smallest.size, smallest.from) < ($0.size, $0.from) }) ?? true { cause.smallest = smallest }
                    }
                    if index == 0 { probes[signature.id, default: []].append(result.probes) }
                }
            } else {
                let why = notReduced[result.id] ?? .budget
                let basis = result.basis?.rawValue ?? "unknown"
                let id = "unreduced:" + why.id + ":" + basis
                let made = { Cause(id: id, name: "not reduced (\(basis)): " + why.text, sections: ["Fixtures/README.md, \"Provenance\""], fixtures: []) }
                add(id, made: made) { $0.fixtures.append(result.id) }
                probes[id, default: []].append(result.probes)
            }
        }
        for (id, lists) in probes {
            byID[id]!.probes = lists.dropFirst().reduce(Set(lists.first ?? [])) { $0.intersection($1) }.sorted()
        }
        causes = order.map { byID[$0]! }.sorted { ($1.fixtures.count, $1.also.count, $0.id) < ($0.fixtures.count, $0.also.count, $1.id) }
        self.engineErrors = engineErrors
        notReached = notReduced.values.filter { $0 == .budget }.count
        self.budgetSeconds = budgetSeconds
        self.seconds = seconds
    }

    /// A behaviour and the causes that show it, with the fixtures they account for first.
    public struct Family: Sendable, Equatable {
        public var id: String
        public var name: String
        public var causes: [String]
        public var fixtures: Int
    }

    /// The causes grouped by what they do, largest first: a family of one cause when the cause
    /// has no family (a fixture not reduced).
    public var families: [Family] {
        var byID: [String: Family] = [:], order: [String] = []
        for cause in causes {
            let key = cause.family?.id ?? cause.id
            if byID[key] == nil {
                byID[key] = Family(id: key, name: cause.family?.name ?? cause.name, causes: [], fixtures: 0)
                order.append(key)
            }
            byID[key]!.causes.append(cause.id)
            byID[key]!.fixtures += cause.fixtures.count
        }
        return order.map { byID[$0]! }.filter { $0.fixtures > 0 }.sorted { ($1.fixtures, $0.id) < ($0.fixtures, $1.id) }
    }

    /// The fixtures each cause accounts for first: together, every failing fixture once.
    public var fixturesAccountedFor: Int { causes.reduce(0) { $0 + $1.fixtures.count } }

    /// The cause ids of a fixture: its first cause, then the others.
    public func causes(of fixture: String) -> [String] {
        causes.filter { $0.fixtures.contains(fixture) }.map(\.id) + causes.filter { $0.also.contains(fixture) }.map(\.id)
    }
}
