import BenchKit
import Foundation
import MotionConformance

/// `motion-bench fixtures regenerate [--fixtures DIR] [--check]`: recomputes the expectations of
/// `reference-model` fixtures with the reference model, writes the files that changed and prints
/// the changes. `--check` writes nothing and exits 1 if anything would change.
enum FixturesCommand {
    static func run(_ raw: [String]) throws -> Int32 {
        if raw.first == "fuzz" { return try FuzzCommand.run(Array(raw.dropFirst())) }
        guard raw.first == "regenerate" else { throw UsageError("'fixtures' takes a subcommand: regenerate or fuzz") }
        let arguments = try Arguments(Array(raw.dropFirst()), command: "fixtures regenerate", options: ["--fixtures"], flags: ["--check"])
        let root = try fixturesFolder(arguments.value("--fixtures") ?? "Fixtures")
        let loaded = FixtureLoader.load(root: root)
        if loaded.fixtures.isEmpty && loaded.errors.isEmpty { throw ToolError("no fixtures (*.json) under \(root.path)") }
        for error in loaded.errors { writeToStandardError("error: \(error)\n") }
        var changedFiles = 0, regenerated = 0
        for fixture in loaded.fixtures where fixture.provenance == .referenceModel {
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
        print("\(regenerated) reference-model fixtures computed, \(changedFiles) \(arguments.has("--check") ? "would change" : "changed")")
        if !loaded.errors.isEmpty { return 2 }
        return arguments.has("--check") && changedFiles > 0 ? 1 : 0
    }
}
