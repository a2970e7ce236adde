import BenchKit
import ConformanceExplorer
import EngineConformance
import FixtureFormat
import Foundation
import MotionConformance

/// What `fixtures regenerate` found: for each `reference-model` and `generated` fixture in the
/// folder's order, whether it was skipped or what changed.
package struct RegenerateOutcome: Sendable {
    package enum Entry: Sendable {
        /// The reference refused to compute it, with the reason.
        case skipped(file: String, reason: String)
        /// Its answers differ from the reference's: written, or only listed under `check`.
        case changed(file: String, changes: [String])
    }
    package var entries: [Entry]
    package var loadErrors: [FixtureError]
    /// Fixtures the reference computed.
    package var regenerated: Int
    /// Nothing was written: the changes are what would be.
    package var check: Bool
    package var changedFiles: Int { entries.count { if case .changed = $0 { true } else { false } } }
    /// 2 when a fixture could not be loaded; 1 when `check` finds a change; else 0.
    package var exitCode: Int32 { !loadErrors.isEmpty ? 2 : check && changedFiles > 0 ? 1 : 0 }
}

/// The coverage map of a fixtures folder and the fixtures that could not be loaded.
package struct CoverageOutcome: Sendable {
    package var map: CoverageMap
    package var loadErrors: [FixtureError]
    /// 2 when a fixture could not be loaded; 1 when a rule the protocol carries has no check.
    package var exitCode: Int32 { loadErrors.isEmpty ? map.exitCode : 2 }
}

/// What `fixtures generate` is asked: how many scenarios of which kinds from which seed, how many
/// to keep at most, and the engines every kept scenario must pass.
package struct GenerateRequest: Sendable {
    package var fixtures = "Fixtures"
    package var seed: UInt64 = 1
    package var count = 2000
    package var limit = 200
    /// The kinds of scenario by name (`Application.scenarioKinds`), taking turns; nil: every kind.
    package var kinds: [String]?
    package var engines: [EngineLaunch] = []

    package init(fixtures: String = "Fixtures", seed: UInt64 = 1, count: Int = 2000, limit: Int = 200) {
        (self.fixtures, self.seed, self.count, self.limit) = (fixtures, seed, count, limit)
    }
}

/// The generated fixtures written, in the folder they were written to.
package struct GenerateOutcome: Sendable {
    package var folder: URL
    package var written: [URL]
    /// 1 when no scenario was kept.
    package var exitCode: Int32 { written.isEmpty ? 1 : 0 }
}

extension Application {
    /// `fixtures regenerate`: recomputes the answers of every `reference-model` and `generated`
    /// fixture with the reference model and rewrites the files that changed (atomically), or,
    /// with `check`, writes nothing.
    package func regenerateFixtures(in folder: String, check: Bool) throws -> RegenerateOutcome {
        let root = try Self.fixturesFolder(folder)
        let loaded = FixtureLoader.load(root: root)
        if loaded.fixtures.isEmpty && loaded.errors.isEmpty { throw ToolError("no fixtures (*.json) under \(root.path)") }
        var outcome = RegenerateOutcome(entries: [], loadErrors: loaded.errors, regenerated: 0, check: check)
        for fixture in loaded.fixtures where fixture.provenance.isComputedByReference {
            let regenerated = FixtureRegenerator.regenerate(fixture)
            if let reason = regenerated.skipped {
                outcome.entries.append(.skipped(file: regenerated.file, reason: reason))
                continue
            }
            outcome.regenerated += 1
            guard !regenerated.changes.isEmpty, let text = regenerated.newText else { continue }
            if !check { try AtomicFile.write(text, to: URL(fileURLWithPath: regenerated.file)) }
            outcome.entries.append(.changed(file: regenerated.file, changes: regenerated.changes))
        }
        return outcome
    }

    /// `fixtures coverage`: which rules of docs/semantics.md and which regions of the behaviour
    /// the fixtures check, and how often.
    package func coverage(of folder: String) throws -> CoverageOutcome {
        let root = try Self.fixturesFolder(folder)
        let loaded = FixtureLoader.load(root: root)
        if loaded.fixtures.isEmpty { throw ToolError("no fixtures (*.json) under \(root.path)") }
        return CoverageOutcome(map: CoverageMap(fixtures: loaded.fixtures), loadErrors: loaded.errors)
    }

    /// `fixtures generate`: of `count` generated scenarios, those that reach a region or a pair
    /// of features nothing else in the folder reaches, that the reference model and MotionCore
    /// answer alike and that every named engine passes, written to the folder's `generated`
    /// suite. Generated fixtures of kinds not asked for stay, and count as reached.
    package func generateFixtures(_ request: GenerateRequest) throws -> GenerateOutcome {
        let kinds = try Self.scenarioKinds(request.kinds, field: .kinds)
        let root = try Self.fixturesFolder(request.fixtures)
        guard request.count > 0 else { throw RequestError(.count, "\(request.count)", "is not a positive whole number") }
        guard request.limit > 0 else { throw RequestError(.limit, "\(request.limit)", "is not a positive whole number") }
        let existing = FixtureLoader.load(root: root).fixtures.filter { fixture in
            fixture.suite != "generated" || !kinds.contains(ScenarioKind(fixture.body))
        }
        let engines = request.engines.map { ExternalEngine($0.client) }
        for engine in engines { try engine.start() }
        defer { engines.forEach { $0.close() } }
        let chosen = Explorer.selectCovering(
            seed: request.seed, count: request.count, existing: existing, accept: { fixture in engines.allSatisfy { $0.run(fixture).verdict == .pass } },
            limit: request.limit, kinds: kinds)
        let folder = root.appendingPathComponent("generated")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var written: [URL] = []
        for fixture in chosen {
            let file = folder.appendingPathComponent(String(fixture.id.dropFirst("generated/".count)) + ".json")
            try AtomicFile.write((fixture.json?.serialized() ?? "") + "\n", to: file)
            written.append(file)
        }
        return GenerateOutcome(folder: folder, written: written)
    }
}
