import BenchKit
import EngineConformance
import Foundation
import MotionBenchApp
import MotionConformance

/// `motion-bench fixtures regenerate [--fixtures DIR] [--check]`: recomputes the expectations of
/// `reference-model` fixtures with the reference model, writes the files that changed and prints
/// the changes. `--check` writes nothing and exits 1 if anything would change.
enum FixturesCommand {
    static func run(_ raw: [String]) throws -> Int32 {
        if raw.first == "fuzz" { return try FuzzCommand.run(Array(raw.dropFirst())) }
        if raw.first == "coverage" { return try coverage(Array(raw.dropFirst())) }
        if raw.first == "generate" { return try generate(Array(raw.dropFirst())) }
        guard raw.first == "regenerate" else { throw UsageError("'fixtures' takes a subcommand: regenerate, coverage, generate or fuzz") }
        let arguments = try Arguments(Array(raw.dropFirst()), spec: .named("fixtures regenerate"))
        let root = try Application.fixturesFolder(arguments.value("--fixtures") ?? "Fixtures")
        let loaded = FixtureLoader.load(root: root)
        if loaded.fixtures.isEmpty && loaded.errors.isEmpty { throw ToolError("no fixtures (*.json) under \(root.path)") }
        for error in loaded.errors { writeToStandardError("error: \(error)\n") }
        var changedFiles = 0, regenerated = 0
        for fixture in loaded.fixtures where fixture.provenance.isComputedByReference {
            let outcome = FixtureRegenerator.regenerate(fixture)
            if let reason = outcome.skipped {
                print("skipped \(outcome.file): \(reason)")
                continue
            }
            regenerated += 1
            guard !outcome.changes.isEmpty, let text = outcome.newText else { continue }
            changedFiles += 1
            print("\(arguments.has("--check") ? "would change" : "changed") \(outcome.file)")
            for change in outcome.changes.prefix(20) { print("  \(change)") }
            if !arguments.has("--check") { try AtomicFile.write(text, to: URL(fileURLWithPath: outcome.file)) }
        }
        print("\(regenerated) reference-model and generated fixtures computed, \(changedFiles) \(arguments.has("--check") ? "would change" : "changed")")
        if !loaded.errors.isEmpty { return 2 }
        return arguments.has("--check") && changedFiles > 0 ? 1 : 0
    }

    /// `motion-bench fixtures coverage [--fixtures DIR]`: the coverage map of docs/semantics.md and
    /// the protocol's operations by the fixtures; exit 1 when a rule the protocol carries has no check.
    static func coverage(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("fixtures coverage"))
        let root = try Application.fixturesFolder(arguments.value("--fixtures") ?? "Fixtures")
        let loaded = FixtureLoader.load(root: root)
        for error in loaded.errors { writeToStandardError("error: \(error)\n") }
        if loaded.fixtures.isEmpty { throw ToolError("no fixtures (*.json) under \(root.path)") }
        let map = CoverageMap(fixtures: loaded.fixtures)
        print(map.text(), terminator: "")
        return loaded.errors.isEmpty ? map.exitCode : 2
    }

    /// `motion-bench fixtures generate --seed S --count N [--engine CMD]… [--fixtures DIR]`: from N
    /// generated scenarios, the ones that reach thin or missing regions of the coverage map, that
    /// the reference model and MotionCore answer alike and that every named engine passes, written
    /// to DIR/generated (the `generated` suite), with their seed and rules.
    static func generate(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("fixtures generate"))
        let root = try Application.fixturesFolder(arguments.value("--fixtures") ?? "Fixtures")
        guard let seed = UInt64(arguments.value("--seed") ?? "1") else { throw UsageError("--seed takes a whole number from 0 to 2^64 - 1") }
        guard let count = Int(arguments.value("--count") ?? "2000"), count > 0 else { throw UsageError("--count takes a positive whole number") }
        guard let limit = Int(arguments.value("--limit") ?? "200"), limit > 0 else { throw UsageError("--limit takes a positive whole number") }
        let kinds = try ConformCommand.scenarioKinds(arguments.value("--kinds"), option: "--kinds")
        // Generated fixtures of other kinds stay, and count as reached.
        let existing = FixtureLoader.load(root: root).fixtures.filter { fixture in
            fixture.suite != "generated" || !kinds.contains(ScenarioKind(fixture.body))
        }
        let engines = arguments.all("--engine").map { ExternalEngine(.init(command: $0)) }
        for engine in engines { try engine.start() }
        defer { engines.forEach { $0.close() } }
        let chosen = Explorer.selectCovering(
            seed: seed, count: count, existing: existing,
            accept: { fixture in
                engines.allSatisfy { $0.run(fixture).verdict == .pass }
            }, limit: limit, kinds: kinds)
        let folder = root.appendingPathComponent("generated")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for fixture in chosen {
            let file = folder.appendingPathComponent(String(fixture.id.dropFirst("generated/".count)) + ".json")
            try AtomicFile.write((fixture.json?.serialized() ?? "") + "\n", to: file)
        }
        print("\(chosen.count) generated fixtures written to \(folder.path) (seed \(seed), \(count) scenarios)")
        return chosen.isEmpty ? 1 : 0
    }
}
