import EngineConformance
import Foundation
import MotionBenchApp

/// `motion-bench fixtures regenerate|coverage|generate|fuzz`: parses each into its job and
/// renders the outcome.
enum FixturesCommand {
    static func run(_ raw: [String]) throws -> Int32 {
        switch raw.first {
        case "regenerate": return try regenerate(Array(raw.dropFirst()))
        case "coverage": return try coverage(Array(raw.dropFirst()))
        case "generate": return try generate(Array(raw.dropFirst()))
        case "fuzz": return try FuzzCommand.run(Array(raw.dropFirst()))
        default: throw UsageError("'fixtures' takes a subcommand: regenerate, coverage, generate or fuzz")
        }
    }

    static func regenerate(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("fixtures regenerate"))
        let check = arguments.has("--check")
        let outcome = try app.regenerateFixtures(in: arguments.string("--fixtures"), check: check)
        for error in outcome.loadErrors { writeToStandardError("error: \(error)\n") }
        for entry in outcome.entries {
            switch entry {
            case let .skipped(file, reason): print("skipped \(file): \(reason)")
            case let .changed(file, changes):
                print("\(check ? "would change" : "changed") \(file)")
                for change in changes.prefix(20) { print("  \(change)") }
            }
        }
        print("\(outcome.regenerated) reference-model and generated fixtures computed, \(outcome.changedFiles) \(check ? "would change" : "changed")")
        return outcome.exitCode
    }

    static func coverage(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("fixtures coverage"))
        let outcome = try app.coverage(of: arguments.string("--fixtures"))
        for error in outcome.loadErrors { writeToStandardError("error: \(error)\n") }
        print(outcome.map.text(), terminator: "")
        return outcome.exitCode
    }

    static func generate(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("fixtures generate"))
        guard let seed = UInt64(arguments.string("--seed")) else { throw UsageError("--seed takes a whole number from 0 to 2^64 - 1") }
        guard let count = Int(arguments.string("--count")), count > 0 else { throw UsageError("--count takes a positive whole number") }
        guard let limit = Int(arguments.string("--limit")), limit > 0 else { throw UsageError("--limit takes a positive whole number") }
        var request = GenerateRequest(fixtures: arguments.string("--fixtures"), seed: seed, count: count, limit: limit)
        request.kinds = try ConformCommand.scenarioKinds(arguments.value("--kinds"), option: "--kinds")
        request.engines = arguments.all("--engine").map { ExternalEngine.Options(command: $0) }
        let outcome = try app.generateFixtures(request)
        print("\(outcome.written.count) generated fixtures written to \(outcome.folder.path) (seed \(seed), \(count) scenarios)")
        return outcome.exitCode
    }
}
