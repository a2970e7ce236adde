import Foundation

/// Where a benchmark's work changed between two builds: its functions' instructions per
/// iteration in each, from callgrind over the measured region, the largest changes first.
///
/// The functions' self instructions add up to the benchmark's total, so the changes listed and
/// `elsewhere` add up to the total's change: Δtotal = Σ Δself(listed) + elsewhere. A function is
/// listed when its self change is at least `noiseFraction` of the baseline's total (instruction
/// counts are exact, but a build's layout moves a few instructions between functions).
///
/// When the instructions did not change (within `unchangedFraction`) the time's change is not
/// the work's: `functions` is empty and `cache` compares what a cache simulation of both builds
/// saw, the events that can explain it on this machine.
public struct InstructionAttribution: Codable, Sendable, Equatable {
    public var benchmark: String
    /// Instructions per iteration in the measured region, baseline and candidate.
    public var baselineInstructions: Double
    public var candidateInstructions: Double
    /// The functions whose self instructions changed most, largest first.
    public var functions: [FunctionChange]
    /// The change not in `functions`: Δtotal − Σ Δself of the listed ones, per iteration.
    public var elsewhere: Double
    /// The smallest self change listed, per iteration (`noiseFraction` of the baseline's total).
    public var floor: Double
    /// The simulated cache events per iteration in each build, when the instructions did not
    /// change; nil otherwise.
    public var cache: [EventChange]?
    /// A benchmark on every thread, attributed from a one-thread run of the same workload
    /// (callgrind runs a program's threads one at a time).
    public var fromOneThread = false
    /// What else the reader must know about how it was made (a cache simulation that failed).
    public var notes: [String]

    /// The part of the baseline's total a function's change must reach to be listed.
    public static let noiseFraction = 0.002
    /// A change in total instructions within this part of the baseline's is no change of work.
    public static let unchangedFraction = 0.005
    /// Functions listed at most.
    public static let listed = 12

    public struct FunctionChange: Codable, Sendable, Equatable {
        /// The demangled name (Swift's simplified form), and the symbol it came from.
        public var name: String
        public var symbol: String
        /// Where the candidate's debug information puts it, when it has it.
        public var file: String?
        public var line: Int?
        /// Instructions per iteration, self and inclusive, in each build (0 where absent).
        public var baselineSelf: Double
        public var candidateSelf: Double
        public var baselineInclusive: Double
        public var candidateInclusive: Double

        public var selfChange: Double { candidateSelf - baselineSelf }
        public var inclusiveChange: Double { candidateInclusive - baselineInclusive }
    }

    /// One simulated event per iteration in each build: "DLmr", last-level data read misses.
    public struct EventChange: Codable, Sendable, Equatable {
        public var event: String
        public var meaning: String
        public var baseline: Double
        public var candidate: Double
    }

    /// The total change of instructions per iteration.
    public var change: Double { candidateInstructions - baselineInstructions }

    /// Whether the work did not change: the total within `unchangedFraction` of the baseline's.
    public var instructionsUnchanged: Bool { abs(change) <= Self.unchangedFraction * max(baselineInstructions, 1) }

    /// `part` as a percentage of the total change; nil when nothing changed.
    public func sharePercent(_ part: Double) -> Double? { change != 0 ? part / change * 100 : nil }

    /// The part of the total change the listed functions account for (1 when nothing changed).
    public var explained: Double {
        guard change != 0 else { return 1 }
        return functions.map(\.selfChange).reduce(0, +) / change
    }
}

extension InstructionAttribution {
    /// The two profiles compared: `iterations` per profile, the number of iterations each
    /// measured region ran. `symbolise` names the symbols (demangled) and places them; it is
    /// asked only about the functions listed.
    public init(
        benchmark: String, baseline: CallgrindProfile, candidate: CallgrindProfile, iterations: Int, notes: [String] = [],
        symbolise: ([String]) -> [String: SymbolInfo] = { _ in [:] }
    ) {
        let perIteration = 1 / Double(max(iterations, 1))
        let a = baseline.totals.first.map { Double($0) } ?? 0, b = candidate.totals.first.map { Double($0) } ?? 0
        self.benchmark = benchmark
        (baselineInstructions, candidateInstructions) = (a * perIteration, b * perIteration)
        self.notes = notes
        floor = Self.noiseFraction * baselineInstructions
        let symbols = Set(baseline.functions.keys).union(candidate.functions.keys)
        var changes: [FunctionChange] = symbols.compactMap { symbol in
            let before = baseline.functions[symbol], after = candidate.functions[symbol]
            let change = FunctionChange(
                name: symbol, symbol: symbol, file: nil, line: nil,
                baselineSelf: Double(before?.selfCost(0) ?? 0) * perIteration, candidateSelf: Double(after?.selfCost(0) ?? 0) * perIteration,
                baselineInclusive: Double(before?.inclusive(0) ?? 0) * perIteration,
                candidateInclusive: Double(after?.inclusive(0) ?? 0) * perIteration)
            return change.selfChange != 0 ? change : nil
        }
        // Largest self change first; equal ones by symbol, so the order never depends on hashing.
        changes.sort { (abs($0.selfChange), $1.symbol) > (abs($1.selfChange), $0.symbol) }
        let floor = self.floor
        functions = Array(changes.prefix { abs($0.selfChange) >= max(floor, 1) }.prefix(Self.listed))
        let known = symbolise(functions.map(\.symbol))
        for index in functions.indices {
            guard let info = known[functions[index].symbol] else { continue }
            functions[index].name = info.name
            (functions[index].file, functions[index].line) = (info.file, info.line)
        }
        elsewhere = (candidateInstructions - baselineInstructions) - functions.map(\.selfChange).reduce(0, +)
        cache = nil
    }

    /// The cache events of two cache-simulated profiles per iteration, those that changed by
    /// at least 1% (or from zero), largest relative change first.
    public static func cacheChanges(baseline: CallgrindProfile, candidate: CallgrindProfile, iterations: Int) -> [EventChange] {
        let perIteration = 1 / Double(max(iterations, 1))
        return baseline.events.enumerated().compactMap { index, event -> EventChange? in
            guard event != "Ir", let other = candidate.index(of: event) else { return nil }
            let a = Double(baseline.totals.count > index ? baseline.totals[index] : 0) * perIteration
            let b = Double(candidate.totals.count > other ? candidate.totals[other] : 0) * perIteration
            guard abs(b - a) >= 0.01 * max(a, 1) else { return nil }
            return EventChange(event: event, meaning: Self.eventMeanings[event] ?? event, baseline: a, candidate: b)
        }
        .sorted { (abs($0.candidate - $0.baseline) / max($0.baseline, 1), $1.event) > (abs($1.candidate - $1.baseline) / max($1.baseline, 1), $0.event) }
    }

    /// callgrind's cache simulation's events, in words.
    public static let eventMeanings = [
        "Ir": "instructions", "Dr": "data reads", "Dw": "data writes", "I1mr": "first-level instruction cache misses",
        "D1mr": "first-level data cache read misses", "D1mw": "first-level data cache write misses",
        "ILmr": "last-level cache instruction misses", "DLmr": "last-level cache data read misses",
        "DLmw": "last-level cache data write misses",
    ]
}

/// A symbol's readable name and place, from the toolchain's demangler and the binary's debug
/// information.
public struct SymbolInfo: Sendable, Equatable {
    public var name: String
    public var file: String?
    public var line: Int?
    public init(name: String, file: String?, line: Int?) { (self.name, self.file, self.line) = (name, file, line) }
}
