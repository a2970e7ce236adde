import ConformanceExplorer
import Foundation
import MotionConformance
import TestSupport
import Testing

@testable import MotionBenchApp

/// The fixture jobs (`fixtures regenerate`, `coverage`, `generate`, `fuzz`) and `list`, called as
/// functions and judged by what they return.
@Suite("fixture jobs")
struct FixtureJobTests {
    static let root = ApplicationJobTests.root
    static let app = ApplicationJobTests.app

    /// A scratch fixtures folder holding copies of the named fixtures (suite/name.json).
    static func scratch(_ names: [String]) throws -> URL {
        let folder = TemporaryFolder.name("fixture-jobs").appendingPathComponent("Fixtures")
        for name in names {
            let target = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent("Fixtures/\(name)"), to: target)
        }
        return folder
    }

    @Test("regenerate finds a reference-model answer changed by hand, lists it under check without writing, and writes an answer MotionCore agrees with")
    func regenerate() throws {
        let folder = try Self.scratch(["merge/blend-duration.json", "curves/easeInOut-rounded-to-2^-20.json"])
        let file = folder.appendingPathComponent("merge/blend-duration.json")
        /// The fixture as the folder holds it now, played through MotionCore (written apart from
        /// the reference model that regenerates it).
        func playedByMotionCore() throws -> FixtureResult.Verdict {
            let loaded = FixtureLoader.load(root: folder, suite: "merge")
            return Player.run(try #require(loaded.fixtures.first)).verdict
        }
        let committed = try String(contentsOf: file, encoding: .utf8)
        let damaged = committed.replacingOccurrences(of: "\"value\": 62.6420657777", with: "\"value\": 62.5")
        #expect(damaged != committed)
        try damaged.write(to: file, atomically: true, encoding: .utf8)
        #expect(try playedByMotionCore() == .fail)

        let checked = try Self.app.regenerateFixtures(in: folder.path, check: true)
        #expect(checked.regenerated == 1 && checked.changedFiles == 1 && checked.exitCode == 1)
        guard case let .changed(changedFile, changes)? = checked.entries.first else {
            Issue.record("no change listed: \(checked.entries)")
            return
        }
        #expect(changedFile == file.path && changes.count == 1)
        #expect(try String(contentsOf: file, encoding: .utf8) == damaged, "check wrote the file")

        let written = try Self.app.regenerateFixtures(in: folder.path, check: false)
        #expect(written.changedFiles == 1 && written.exitCode == 0)
        #expect(try playedByMotionCore() == .pass)
        #expect(try Self.app.regenerateFixtures(in: folder.path, check: true).exitCode == 0)
    }

    @Test("coverage of two curve fixtures leaves rules unchecked (exit 1); a fixture that does not load makes it 2; the bundled suite checks every rule")
    func coverage() throws {
        let folder = try Self.scratch(["curves/easeInOut-rounded-to-2^-20.json", "curves/region-bezier-overshoot.json"])
        let thin = try Self.app.coverage(of: folder.path)
        #expect(thin.map.fixtureCount == 2 && !thin.map.uncheckedRules.isEmpty && thin.exitCode == 1)
        try "{\"id\": 1}".write(to: folder.appendingPathComponent("curves/broken.json"), atomically: true, encoding: .utf8)
        let broken = try Self.app.coverage(of: folder.path)
        #expect(broken.loadErrors.count == 1 && broken.exitCode == 2)
        let bundled = try Self.app.coverage(of: Self.root.appendingPathComponent("Fixtures").path)
        #expect(bundled.loadErrors.isEmpty && bundled.map.uncheckedRules.isEmpty && bundled.exitCode == 0)
    }

    @Test("generate keeps curve scenarios that reach what two fixtures do not, each a generated fixture that loads and passes")
    func generate() throws {
        let folder = try Self.scratch(["curves/easeInOut-rounded-to-2^-20.json", "curves/region-bezier-overshoot.json"])
        var request = GenerateRequest(fixtures: folder.path, seed: 3, count: 60, limit: 4)
        request.kinds = [ScenarioKind.curve.rawValue]
        let outcome = try Self.app.generateFixtures(request)
        #expect((1...4).contains(outcome.written.count) && outcome.exitCode == 0)
        let loaded = FixtureLoader.load(root: folder, suite: "generated")
        #expect(loaded.errors.isEmpty && loaded.fixtures.count == outcome.written.count)
        for fixture in loaded.fixtures {
            #expect(fixture.provenance == .generated && Player.run(fixture).verdict == .pass, "\(fixture.id)")
        }
        #expect(#expect(throws: RequestError.self) { try Self.app.generateFixtures(GenerateRequest(fixtures: folder.path, count: 0)) }?.field == .count)
        request.kinds = ["curve", "springs"]
        #expect(#expect(throws: RequestError.self) { try Self.app.generateFixtures(request) }?.field == .kinds)
    }

    @Test("a seeded fuzz campaign through conform: no crash, no fixture over budget, every rejected fixture named, every control passing")
    func fuzzCampaign() throws {
        var request = FuzzRequest(fixtures: Self.root.appendingPathComponent("Fixtures").path, count: 1000, batch: 250, seed: 7)
        request.controls = 6
        var started: Int?
        let outcome = try Self.app.fuzz(request) { started = $0 }
        let tally = outcome.tally
        #expect(started.map { $0 > 0 } == true)
        #expect(tally.fixtures == 1000 && tally.batches == 4)
        #expect(tally.crashed.isEmpty && tally.overBudget.isEmpty && tally.lostBatches.isEmpty, "\(tally)")
        #expect(tally.unnamed.isEmpty && tally.rejected == tally.rejectedAndNamed && tally.rejected > 0, "\(tally.unnamed)")
        #expect(tally.passed + tally.failed + tally.rejected == 1000)
        #expect(tally.controls == 24 && tally.controlsPassed == 24 && tally.batchesWithEveryControl == 4)
        #expect(tally.holds && outcome.kept == nil && outcome.exitCode == 0)
        #expect(#expect(throws: RequestError.self) { try Self.app.fuzz(FuzzRequest(count: 0)) }?.field == .count)
    }

    @Test("list gives the worker's benchmarks the filter selects; a filter that selects nothing is an error")
    func list() throws {
        var selection = BenchmarkSelection()
        selection.filter = "^tick\\.fluid\\."
        let listed = try Self.app.benchmarks(selection)
        #expect(!listed.isEmpty && listed.allSatisfy { $0.name.hasPrefix("tick.fluid.") })
        selection.filter = "^zzz$"
        let refused = #expect(throws: RequestError.self) { try Self.app.benchmarks(selection) }
        #expect(refused?.field == .filter && refused?.remedy == .listBenchmarks, "the names are a list away")
    }
}
