import Foundation
import MotionConformance
import MotionCore

/// `motion-bench mutants` and `motion-bench adapter`: the conformance suites' power, measured by
/// playing every fixture through each one-bug variant of MotionCore over the engine protocol —
/// exactly as an outside engine is played — and counting the variants some fixture catches.
enum MutantsCommand {
    static func adapter(_ options: [String]) throws -> Int32 {
        let arguments = try Arguments(options, spec: .named("adapter"))
        var version = EngineProtocol.version
        if let text = arguments.value("--protocol") {
            guard let v = Int(text), EngineProtocol.versions.contains(v) else {
                throw UsageError(
                    "--protocol '\(text)' is not a protocol version; expected one of: \(EngineProtocol.versions.map(String.init).joined(separator: ", "))")
            }
            version = v
        }
        var name = "MotionCore"
        if let mutantName = arguments.value("--mutant") {
            guard _Mutants.compiledIn else {
                throw ToolError("--mutant needs the mutation build (make mutants builds it in .build/mutants); this build has no mutants")
            }
            guard let mutant = _Mutant(rawValue: mutantName) else {
                throw UsageError("unknown mutant '\(mutantName)'; `motion-bench mutants --list` lists them")
            }
            _Mutants.active = mutant
            name = "MotionCore with \(mutant.rawValue)"
        }
        MotionCoreAdapter(engineName: name, legacy: arguments.has("--legacy"), protocolVersion: version).serve()
        return 0
    }

    struct Outcome {
        var mutant: String
        var caughtBy: [String]
        var errors: Int
    }

    static func run(_ options: [String]) throws -> Int32 {
        let arguments = try Arguments(options, spec: .named("mutants"))
        if arguments.has("--list") {
            _Mutant.allCases.forEach { print($0.rawValue) }
            return 0
        }
        let format = arguments.value("--format") ?? "text"
        guard ["text", "markdown", "json"].contains(format) else { throw UsageError("unknown format '\(format)'; expected text, markdown or json") }
        let jobs =
            try arguments.value("--jobs").map { text -> Int in
                guard let n = Int(text), (1...16).contains(n) else { throw UsageError("--jobs '\(text)' is not a whole number from 1 to 16") }
                return n
            } ?? 2
        var mutants = _Mutant.allCases
        if let pattern = arguments.value("--mutant") {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { throw UsageError("--mutant '\(pattern)' is not a valid regular expression") }
            mutants = mutants.filter { regex.firstMatch(in: $0.rawValue, range: NSRange($0.rawValue.startIndex..., in: $0.rawValue)) != nil }
            guard !mutants.isEmpty else { throw UsageError("--mutant '\(pattern)' matches no mutant; `motion-bench mutants --list` lists them") }
        }
        guard _Mutants.compiledIn else {
            throw ToolError("mutants needs the mutation build, where MotionCore has its one-bug variants compiled in: run `make mutants`")
        }
        let root = URL(fileURLWithPath: arguments.value("--fixtures") ?? "Fixtures")
        let loaded = FixtureLoader.load(root: root)
        guard loaded.errors.isEmpty else { throw ToolError("fixtures do not load: \(loaded.errors.map(\.description).joined(separator: "; "))") }
        guard !loaded.fixtures.isEmpty else { throw ToolError("no fixtures under \(root.path)") }
        let tool = "'" + selfExecutable + "'"

        // The unmutated adapter must pass everything, or a "catch" means nothing.
        let clean = ExternalEngine(.init(command: "\(tool) adapter"))
        let baseline = loaded.fixtures.map { clean.run($0) }.filter { $0.verdict != .pass }
        clean.close()
        guard baseline.isEmpty else {
            throw ToolError(
                "the unmutated adapter does not pass \(baseline.count) fixtures (\(baseline.prefix(3).map(\.id).joined(separator: ", "))); fix that first")
        }

        let outcomes = OutcomeTable(count: mutants.count)
        let next = ManagedCounter()
        let chosen = mutants, fixtures = loaded.fixtures
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            while let index = next.take(below: chosen.count) {
                let engine = ExternalEngine(.init(command: "\(tool) adapter --mutant \(chosen[index].rawValue)"))
                let results = fixtures.map { engine.run($0) }
                engine.close()
                let outcome = Outcome(
                    mutant: chosen[index].rawValue, caughtBy: results.filter { $0.verdict == .fail || $0.verdict == .error }.map(\.id),
                    errors: results.filter { $0.verdict == .error }.count)
                outcomes.set(index, outcome)
            }
        }
        let done = outcomes.all
        print(render(done, fixtures: loaded.fixtures.count, format: format), terminator: "")
        return done.allSatisfy { !$0.caughtBy.isEmpty } ? 0 : 1
    }

    static func render(_ outcomes: [Outcome], fixtures: Int, format: String) -> String {
        let killed = outcomes.filter { !$0.caughtBy.isEmpty }.count
        let rate = outcomes.isEmpty ? 0 : Double(killed) / Double(outcomes.count)
        let summary = "\(killed) of \(outcomes.count) mutants caught (kill rate \(String(format: "%.1f", rate * 100))%) by \(fixtures) fixtures"
        func shown(_ o: Outcome) -> String {
            o.caughtBy.isEmpty ? "SURVIVED: no fixture catches it" : o.caughtBy.prefix(4).joined(separator: ", ") + (o.caughtBy.count > 4 ? ", …" : "")
        }
        switch format {
        case "json":
            let items: [JSONValue] = outcomes.map { o in
                .object([
                    ("mutant", .string(o.mutant)), ("caught", .bool(!o.caughtBy.isEmpty)), ("caughtBy", .array(o.caughtBy.map { .string($0) })),
                    ("errors", .number(Double(o.errors))),
                ])
            }
            return JSONValue.object([
                ("mutants", .number(Double(outcomes.count))), ("caught", .number(Double(killed))), ("killRate", .number(rate)),
                ("fixtures", .number(Double(fixtures))), ("results", .array(items)),
            ]).serialized() + "\n"
        case "markdown":
            var lines = ["## Mutants: \(summary)", "", "| mutant | fixtures that catch it | |", "|---|---|---|"]
            for o in outcomes { lines.append("| `\(o.mutant)` | \(o.caughtBy.count) | \(shown(o)) |") }
            return lines.joined(separator: "\n") + "\n"
        default:
            let width = max(6, outcomes.map(\.mutant.count).max() ?? 0)
            func pad(_ s: String) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
            var lines = ["\(pad("mutant"))  caught  by (first fixtures)"]
            for o in outcomes { lines.append("\(pad(o.mutant))  \(String(format: "%6d", o.caughtBy.count))  \(shown(o))") }
            lines.append(summary)
            return lines.joined(separator: "\n") + "\n"
        }
    }
}

/// Results filled in by several threads.
final class OutcomeTable: @unchecked Sendable {
    private var items: [MutantsCommand.Outcome?]
    private let lock = NSLock()

    init(count: Int) { items = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ outcome: MutantsCommand.Outcome) {
        lock.lock()
        items[index] = outcome
        lock.unlock()
    }

    var all: [MutantsCommand.Outcome] {
        lock.lock()
        defer { lock.unlock() }
        return items.compactMap { $0 }
    }
}

/// A shared counter handing out work items to threads.
final class ManagedCounter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}
