import Foundation
import TestSupport
import Testing

@testable import ConformanceExplorer
@testable import EngineConformance
@testable import MotionConformance

/// The suites' power: the coverage map of docs/semantics.md, generated scenarios, shrinking, and
/// exploration of a broken engine (docs/semantics.md, Fixtures/README.md).
@Suite("exploration and coverage", .serialized)
struct ExplorationTests {
    static let fixtures = FixtureLoader.load(root: Repository.root.appendingPathComponent("Fixtures"))

    @Test("every rule the protocol carries has a check")
    func everyRuleChecked() {
        #expect(Self.fixtures.errors.isEmpty)
        let map = CoverageMap(fixtures: Self.fixtures.fixtures)
        #expect(map.uncheckedRules.map(\.rule.id) == [])
        #expect(map.exitCode == 0)
    }

    @Test("the map lists every numbered section of docs/semantics.md")
    func mapListsEverySection() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("docs/semantics.md"), encoding: .utf8)
        // §0 lists sources, §9 is the table the `documented` suite checks row by row, §10 lists open questions.
        let sections = CoverageMap.documentedSections(text).filter { !["§0", "§9", "§10"].contains($0) }
        #expect(sections.count >= 20)
        let mapped = Set(SemanticsMap.rules.map(\.id))
        #expect(sections.filter { !mapped.contains($0) } == [])
    }

    @Test("a suite without a rule's fixtures fails the map, naming the rule")
    func uncheckedRuleFails() {
        let curvesOnly = Self.fixtures.fixtures.filter { $0.suite == "curves" || $0.id.hasPrefix("documented/c") }
        let map = CoverageMap(fixtures: curvesOnly)
        #expect(map.exitCode == 1)
        #expect(map.uncheckedRules.map(\.rule.id).contains("§4.4"))
        #expect(map.uncheckedRules.map(\.rule.id).contains("§8.2"))
    }

    @Test("a section cited is that section, not a longer one")
    func citations() {
        #expect(CoverageMap.cites("docs/semantics.md §3.2, §4.3", "§4.3"))
        #expect(!CoverageMap.cites("docs/semantics.md §4.31", "§4.3"))
        #expect(CoverageMap.cites("docs/semantics.md §7.", "§7"))
        #expect(!CoverageMap.cites("docs/semantics.md §7.1", "§7"))
    }

    @Test("scenario i of a seed is the same whatever else was generated")
    func deterministic() {
        let a = ScenarioGenerator(seed: 42), b = ScenarioGenerator(seed: 42)
        #expect((0..<50).map(a.scenario) == (0..<50).map(b.scenario))
        #expect(a.scenario(7) == b.scenario(7))
        #expect(ScenarioGenerator(seed: 43).scenario(7) != a.scenario(7))
        #expect((0..<200).allSatisfy { a.scenario($0).isPlayableByReference })
    }

    @Test("the shrinker keeps what the failure needs and rounds the rest")
    func shrinks() {
        var scenario = ScenarioGenerator(seed: 5).scenario(0)
        scenario.valueType = .scalar
        scenario.initialValue = [13.7]
        let easeIn = GeneratedScenario.Animation(
            base: "easeIn", arguments: [.init(key: "duration", value: .number(0.8333))],
            modifiers: [
                .init(key: "delay", value: .number(0.37))
            ])
        scenario.events = [
            .init(time: 0.013, value: [187.3], animation: easeIn),
            .init(time: 0.4, value: [-51.2], animation: .init(base: "default", arguments: [], modifiers: [])),
        ]
        scenario.sampleTimes = [0.1, 0.27, 0.61, 0.9]
        // The "failure": an easeIn change and a sample after 0.5 s.
        let shrunk = ScenarioShrinker.shrink(scenario) { s in
            s.events.contains { $0.animation?.base == "easeIn" } && s.sampleTimes.contains { $0 > 0.5 }
        }
        #expect(shrunk.events.count == 1)
        #expect(shrunk.events[0].animation?.modifiers == [])
        #expect(shrunk.events[0].animation?.arguments == [])
        #expect(shrunk.sampleTimes.count == 1)
        #expect(shrunk.sampleTimes[0] == 1)
        #expect(shrunk.events[0].time == 0)
        #expect(shrunk.initialValue == [0])
    }

    /// A scalar scenario from 0 with these changes and samples.
    static func scalar(_ events: [GeneratedScenario.Event], samples: [Double]) -> GeneratedScenario {
        var scenario = ScenarioGenerator(seed: 5).scenario(0)
        (scenario.valueType, scenario.initialValue, scenario.mergesCoincidentAnimations) = (.scalar, [0], true)
        (scenario.events, scenario.sampleTimes) = (events, samples)
        return scenario
    }

    @Test("where samples are frames the shrinker keeps every one from the first change on: it cuts only those before it and the latest, and moves none")
    func keepsFrames() throws {
        let scenario = Self.scalar(
            [
                .init(time: 0.2, value: [100], animation: .init(base: "spring", arguments: [], modifiers: [])),
                .init(time: 0.45, value: [40], animation: .init(base: "spring", arguments: [], modifiers: [.init(key: "delay", value: .number(0))])),
            ], samples: [0.05, 0.1, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6])
        let kept = ScenarioShrinker.candidates(scenario, keepsFrames: true)
        try #require(!kept.isEmpty)
        for candidate in kept {
            let firstChange = try #require(candidate.events.map(\.time).min())
            let frames = candidate.sampleTimes.filter { $0 >= firstChange }
            // The frames the candidate keeps are the scenario's, from its first change on, in a row.
            let original = scenario.sampleTimes.filter { $0 >= firstChange }
            #expect(Array(original.prefix(frames.count)) == frames, "\(candidate.sampleTimes) of \(scenario.sampleTimes)")
            #expect(Set(candidate.sampleTimes).isSubset(of: scenario.sampleTimes))
        }
        // The samples before any change and the latest ones go.
        #expect(kept.contains { $0.sampleTimes == [0.25, 0.3, 0.35, 0.4, 0.5, 0.6] })
        #expect(kept.contains { $0.sampleTimes == [0.05, 0.1, 0.25, 0.3] })
        // On the change-time clock a sample is an observation only: one between changes may go.
        #expect(ScenarioShrinker.candidates(scenario).contains { !$0.sampleTimes.contains(0.3) && $0.sampleTimes.contains(0.6) })
    }

    @Test("reduction cuts a fixture to its failing sample, and where samples are frames to every sample up to it")
    func reductionKeepsFramesUpToTheFailure() throws {
        let scenario = Self.scalar(
            [
                .init(time: 0, value: [100], animation: .init(base: "spring", arguments: [], modifiers: [])),
                .init(time: 0.2, value: [40], animation: .init(base: "spring", arguments: [], modifiers: [])),
                .init(time: 0.7, value: [0], animation: .init(base: "linear", arguments: [], modifiers: [])),
            ], samples: [0.05, 0.1, 0.15, 0.25, 0.5, 0.8])
        let check = CheckResult(name: "value@0.25", outcome: .fail, needs: "", expected: "1", actual: "2", residual: 1, note: "")
        guard case let .property(alone)? = FailureReducer.upTo(check, .property(scenario)),
            case let .property(framed)? = FailureReducer.upTo(check, .property(scenario), keepsFrames: true)
        else {
            Issue.record("no cut")
            return
        }
        #expect(alone.sampleTimes == [0.25])
        #expect(framed.sampleTimes == [0.05, 0.1, 0.15, 0.25])
        #expect(alone.events.count == 2 && framed.events.count == 2)
    }

    @Test("samples are cut in halves, then quarters and so on, later runs first, down to single samples")
    func sampleCuts() {
        // Five samples: runs of 3 (ceil 5/2), then 2, then 1, each granularity from the end.
        #expect(ScenarioShrinker.cuts(5) == [3..<5, 0..<3, 4..<5, 2..<4, 0..<2, 4..<5, 3..<4, 2..<3, 1..<2, 0..<1])
        #expect(ScenarioShrinker.cuts(1).isEmpty)
    }

    @Test("a failure that needs two samples of a hundred, an early and a late one, keeps only those, in a few dozen tries")
    func shrinksLongSamplesQuickly() {
        // Nothing else to simplify: one linear change from rest, on round numbers.
        var scenario = ScenarioGenerator(seed: 5).scenario(0)
        (scenario.valueType, scenario.initialValue, scenario.mergesCoincidentAnimations) = (.scalar, [0], true)
        scenario.events = [.init(time: 0, value: [100], animation: .init(base: "linear", arguments: [], modifiers: []))]
        scenario.sampleTimes = (1...100).map { Double($0) / 100 }
        let (grid, needed) = (Set(scenario.sampleTimes), Set([0.04, 0.91]))
        var tries = 0
        let shrunk = ScenarioShrinker.shrink(scenario) { s in
            tries += 1
            return needed.isSubset(of: s.sampleTimes) && grid.isSuperset(of: s.sampleTimes)
        }
        #expect(Set(shrunk.sampleTimes) == needed, "\(shrunk)")
        // One sample at a time, the 98 cuts alone would cost 98 tries.
        #expect(tries < 98, "\(tries) tries")
    }

    @Test("exploring the broken Python engine finds, shrinks and writes fixtures that catch it")
    func exploresBrokenEngine() throws {
        let broken = ExternalEngine(.init(command: "python3 \(EngineDoubles.python) --wrong"))
        try broken.start()
        defer { broken.close() }
        let outcome = Explorer(engine: broken, options: .init(seed: 1, count: 60, kinds: [.property])).explore()
        #expect(outcome.played == 60)
        #expect(outcome.divergences.count > 0)
        let correct = ExternalEngine(.init(command: "python3 \(EngineDoubles.python)"))
        try correct.start()
        defer { correct.close() }
        var passedByCorrect = 0
        for divergence in outcome.divergences {
            let fixture = try FixtureLoader.decode(divergence.fixtureText)
            #expect(fixture.provenance == .generated)
            #expect(fixture.generator?.seed == 1)
            #expect(fixture.generator?.rules.isEmpty == false)
            // Smaller than what was generated.
            #expect(divergence.shrunk.size <= divergence.original.size)
            #expect([.fail, .error].contains(broken.run(fixture).verdict))
            #expect(Player.run(fixture, mirror: MotionEngineMirror.factory).verdict == .pass)
            // The reference model computed it: recomputing changes nothing.
            #expect(FixtureRegenerator.regenerate(fixture).changes == [])
            if correct.run(fixture).verdict == .pass { passedByCorrect += 1 }
        }
        #expect(passedByCorrect > 0)
    }

    @Test("choosing generated fixtures for the map is the same for a seed, and reaches what the choice before it did not")
    func selectionDeterministic() {
        let existing = Self.fixtures.fixtures.filter { $0.suite != "generated" }
        let a = Explorer.selectCovering(seed: 9, count: 120, existing: existing, limit: 8)
        let b = Explorer.selectCovering(seed: 9, count: 120, existing: existing, limit: 8)
        #expect(a.map(\.id) == b.map(\.id))
        #expect(!a.isEmpty)
        // Each pick reaches a region or a pair of features the fixtures before it reached fewer times than wanted.
        var counts: [String: Int] = [:]
        for fixture in existing { for unit in Explorer.units(FixtureFeatures.of(fixture)) { counts[unit, default: 0] += 1 } }
        for fixture in a {
            let units = Explorer.units(FixtureFeatures.of(fixture))
            #expect(units.contains { counts[$0, default: 0] < ($0.hasPrefix("pair ") ? 1 : 2) }, "\(fixture.id)")
            for unit in units { counts[unit, default: 0] += 1 }
            #expect(Player.run(fixture, mirror: MotionEngineMirror.factory).verdict == .pass)
        }
    }

    @Test("a generator block goes with provenance generated only")
    func generatorBlockNeedsProvenance() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("Fixtures/curves/easeInOut-rounded-to-2^-20.json"), encoding: .utf8)
        let withBlock = text.replacingOccurrences(of: "\"tolerance\"", with: "\"generator\": {\"seed\": 1, \"index\": 0, \"rules\": []}, \"tolerance\"")
        #expect(throws: (any Error).self) { try FixtureLoader.decode(withBlock) }
    }
}
