import ConformanceExplorer
import ConformanceReference
import Foundation
import MotionConformance

/// Plays generated scenarios against an engine, with expected answers from the reference model,
/// and shrinks each divergence to a minimal fixture.
///
/// Every scenario is checked against MotionCore too: the reference model and MotionCore are
/// written apart, so a scenario they answer differently is a bug in one of them, reported as
/// such and never held against the engine.
public struct Explorer {
    public struct Options: Sendable {
        public var seed: UInt64
        public var count: Int
        /// Stop starting scenarios after this long (shrinking a divergence already found goes on).
        public var seconds: Double?
        public var shrinkAttempts = 400
        /// The kinds of scenario drawn, in turn.
        public var kinds: [ScenarioKind]

        public init(seed: UInt64, count: Int, seconds: Double? = nil, kinds: [ScenarioKind] = ScenarioKind.allCases) {
            self.seed = seed
            self.count = count
            self.seconds = seconds
            self.kinds = kinds.isEmpty ? ScenarioKind.allCases : kinds
        }
    }

    /// A scenario the engine answers differently from the reference model (and MotionCore).
    public struct Divergence: Sendable {
        public var index: Int
        public var original: GeneratedCase
        public var shrunk: GeneratedCase
        /// The shrunk scenario as a fixture file's text, and its id.
        public var fixtureText: String
        public var fixtureID: String
        public var rules: [String]
        /// The engine's failure on the shrunk fixture.
        public var message: String
    }

    /// A scenario the reference model and MotionCore answer differently.
    public struct Disagreement: Sendable {
        public var index: Int
        public var fixtureID: String
        public var fixtureText: String
        public var message: String
    }

    public struct Outcome: Sendable {
        public var played = 0
        public var agreed = 0
        /// Scenarios the engine skipped, for capabilities it did not declare.
        public var skippedByEngine = 0
        /// Distinct minimal fixtures: scenarios that shrink to the same shape are one.
        public var divergences: [Divergence] = []
        /// Every scenario the engine answered differently.
        public var divergedScenarios = 0
        public var disagreements: [Disagreement] = []
        /// The scenarios not started because the time budget ran out.
        public var notStarted = 0
        /// Generated scenarios the reference model cannot play (they are not played at all).
        public var unplayable = 0
        /// How many scenarios reached each rule.
        public var rulesReached: [String: Int] = [:]
        /// How many scenarios of each kind were played.
        public var kindsPlayed: [ScenarioKind: Int] = [:]

        /// 0 when scenarios ran and all agreed; 1 when any diverged or disagreed, or none ran.
        public var exitCode: Int32 { divergedScenarios == 0 && disagreements.isEmpty && played > 0 ? 0 : 1 }
    }

    /// Who answers the scenarios: an engine in another process, or MotionCore alone.
    public let engine: ExternalEngine?
    public let options: Options

    public init(engine: ExternalEngine?, options: Options) {
        self.engine = engine
        self.options = options
    }

    public func explore(progress: (String) -> Void = { _ in }) -> Outcome {
        var outcome = Outcome()
        let generator = ScenarioGenerator(seed: options.seed)
        let start = Date()
        var seen = Set<String>()
        for slot in 0..<options.count {
            if let seconds = options.seconds, Date().timeIntervalSince(start) >= seconds {
                outcome.notStarted = options.count - slot
                break
            }
            let (kind, index) = ScenarioGenerator.slot(slot, of: options.kinds)
            let scenario = generator.scenario(kind, index)
            let fixture: Fixture
            do {
                fixture = try Self.fixture(scenario, seed: options.seed, index: index)
            } catch {
                outcome.unplayable += 1
                if outcome.unplayable <= 3 { progress("\(kind.rawValue) scenario \(index) cannot be played by the reference model: \(error)") }
                continue
            }
            outcome.played += 1
            outcome.kindsPlayed[kind, default: 0] += 1
            for rule in fixture.generator?.rules ?? [] { outcome.rulesReached[rule, default: 0] += 1 }
            let core = Player.run(fixture, mirror: MotionEngineMirror.factory)
            guard core.verdict == .pass else {
                let shrunk = ScenarioShrinker.shrink(scenario, attempts: options.shrinkAttempts) { candidate in
                    guard let candidateFixture = try? Self.fixture(candidate, seed: options.seed, index: index) else { return false }
                    return Player.run(candidateFixture, mirror: MotionEngineMirror.factory).verdict != .pass
                }
                let minimal = (try? Self.fixture(shrunk, seed: options.seed, index: index)) ?? fixture
                guard seen.insert("disagreement " + minimal.id).inserted else { continue }
                let message = Player.run(minimal, mirror: MotionEngineMirror.factory).message
                outcome.disagreements.append(Disagreement(index: index, fixtureID: minimal.id, fixtureText: Self.text(of: minimal), message: message))
                progress("\(kind.rawValue) scenario \(index): the reference model and MotionCore disagree: \(minimal.id): \(message)")
                continue
            }
            guard let engine else {
                outcome.agreed += 1
                continue
            }
            let result = engine.run(fixture)
            switch result.verdict {
            case .pass: outcome.agreed += 1
            case .skipped: outcome.skippedByEngine += 1
            case .fail, .error:
                outcome.divergedScenarios += 1
                let shrunk = ScenarioShrinker.shrink(scenario, attempts: options.shrinkAttempts, keepsFrames: engine.clockModel.samplesAreFrames) {
                    candidate in
                    guard let candidateFixture = try? Self.fixture(candidate, seed: options.seed, index: index) else { return false }
                    guard Player.run(candidateFixture, mirror: MotionEngineMirror.factory).verdict == .pass else { return false }
                    let verdict = engine.run(candidateFixture).verdict
                    return verdict == .fail || verdict == .error
                }
                guard let minimal = try? Self.fixture(shrunk, seed: options.seed, index: index) else { continue }
                let text = Self.text(of: minimal)
                // One fixture per shape of minimal scenario: the same bug shrinks to the same shape.
                guard seen.insert(shrunk.shape).inserted else { continue }
                let failure = engine.run(minimal)
                outcome.divergences.append(
                    Divergence(
                        index: index, original: scenario, shrunk: shrunk, fixtureText: text, fixtureID: minimal.id,
                        rules: minimal.generator?.rules ?? [], message: failure.message))
                progress(
                    "\(kind.rawValue) scenario \(index) diverges; shrunk from \(scenario.size) to \(shrunk.size) \(Self.unit(kind)): \(minimal.id): \(failure.message)"
                )
            }
        }
        return outcome
    }

    /// The scenario as a fixture, its expectations computed by the reference model, its id and
    /// source naming the rules it exercises (`SemanticsMap`).
    public static func fixture(_ scenario: GeneratedCase, seed: UInt64, index: Int) throws -> Fixture {
        var info = Fixture.Generator(seed: seed, index: index, rules: [])
        let draft = try FixtureLoader.decode(scenario.skeleton(id: "generated/draft", title: "", source: "", generator: info).serialized())
        let features = FixtureFeatures.of(draft)
        info.rules = SemanticsMap.rules.filter { rule in rule.id.hasPrefix("§") && rule.regions.contains { features.contains($0.feature) } }.map(\.id)
        // The same scenario from another seed or index is the same fixture.
        let hash = fnv1a(scenario.skeleton(id: "", title: "", source: "", generator: .init(seed: 0, index: 0, rules: info.rules)).serialized())
        let fallback = scenario.kind == .property ? "§4.3" : SemanticsMap.rules.first { $0.id.hasPrefix("§") && draft.source.contains($0.id) }?.id ?? "§1"
        let primary = info.rules.sorted { priority($0) > priority($1) }.first ?? fallback
        let id = "generated/\(primary.dropFirst().replacingOccurrences(of: ".", with: "_"))-\(String(hash, radix: 16, uppercase: false).suffix(8))"
        // The title, what the fixture exercises, is written by the regeneration below.
        let title = ""
        let source = "docs/semantics.md " + (info.rules.isEmpty ? fallback : info.rules.joined(separator: ", "))
        let named = try FixtureLoader.decode(scenario.skeleton(id: id, title: title, source: source, generator: info).serialized())
        let regenerated = FixtureRegenerator.regenerate(named, describingChanges: false)
        guard let text = regenerated.newText else { throw ReferenceModel.Unsupported(description: regenerated.skipped ?? "not computed") }
        var fixture = try FixtureLoader.decode(text)
        fixture.file = nil
        return fixture
    }

    public static func fixture(_ scenario: GeneratedScenario, seed: UInt64, index: Int) throws -> Fixture {
        try fixture(.property(scenario), seed: seed, index: index)
    }

    /// What a scenario's size counts.
    static func unit(_ kind: ScenarioKind) -> String { kind == .property ? "changes and samples" : "numbers and checks" }

    static func text(of fixture: Fixture) -> String { (fixture.json?.serialized() ?? "") + "\n" }

    /// The most specific rule names a fixture: vector data and the protocol's fields come last.
    static func priority(_ rule: String) -> Int {
        ["§4.4": 9, "§3.2": 8, "§4.3": 7, "§6.2": 6, "§2.3": 5, "§4.1": 5, "§3.1": 4, "§1.6": 3, "§4.2": 3, "§4.5": 1][rule] ?? 2
    }

    /// Picks, from generated scenarios that MotionCore and the reference model answer alike (and
    /// `accept` passes), the ones that reach what earlier picks and `existing` fixtures did not:
    /// each region of the coverage map twice, and each pair of an animation base, a modifier, a
    /// kind of change, a completion or a value type once — bugs live in combinations.
    public static func selectCovering(
        seed: UInt64, count: Int, existing: [Fixture], accept: (Fixture) -> Bool = { _ in true }, limit: Int = 200,
        kinds: [ScenarioKind] = [.property]
    ) -> [Fixture] {
        var counts: [String: Int] = [:]
        for fixture in existing { for unit in units(FixtureFeatures.of(fixture)) { counts[unit, default: 0] += 1 } }
        var candidates: [(Fixture, Set<String>)] = []
        let generator = ScenarioGenerator(seed: seed)
        for slot in 0..<count {
            let (kind, index) = ScenarioGenerator.slot(slot, of: kinds.isEmpty ? [.property] : kinds)
            guard let fixture = try? Self.fixture(generator.scenario(kind, index), seed: seed, index: index) else { continue }
            candidates.append((fixture, units(FixtureFeatures.of(fixture))))
        }
        func wanted(_ unit: String) -> Int { unit.hasPrefix("pair ") ? 1 : 2 }
        var chosen: [Fixture] = []
        while chosen.count < limit {
            var best: (index: Int, score: Int)?
            for (index, candidate) in candidates.enumerated() {
                let score = candidate.1.filter { counts[$0, default: 0] < wanted($0) }.count
                if score > (best?.score ?? 0) { best = (index, score) }
            }
            guard let best else { break }
            let (fixture, reached) = candidates.remove(at: best.index)
            guard Player.run(fixture, mirror: MotionEngineMirror.factory).verdict == .pass, accept(fixture) else { continue }
            chosen.append(fixture)
            for unit in reached { counts[unit, default: 0] += 1 }
        }
        return chosen
    }

    /// The regions of the map a fixture reaches, and the pairs of its combinable features from
    /// different groups: a base with a modifier, a spring's form with its regime and a check, a
    /// curve with where it is asked, one keyframe kind after another with a value type.
    static func units(_ features: Set<String>) -> Set<String> {
        let regions = Set(SemanticsMap.rules.flatMap { $0.regions.map(\.feature) } + StatedValues.statements.flatMap { $0.regions.map(\.feature) })
        var units = features.intersection(regions)
        let combinable = features.filter { feature in
            [
                "base:", "modifier:", "change:", "completion:", "valueType:", "mergesCoincident:", "transaction:", "spring:", "curve:", "keyframes:", "phases:",
                "timeline:",
            ]
            .contains(where: feature.hasPrefix)
        }.sorted()
        for (i, a) in combinable.enumerated() {
            for b in combinable[(i + 1)...] where group(a) != group(b) { units.insert("pair \(a) \(b)") }
        }
        return units
    }

    /// Which group a feature pairs across: its first word, or its first two for the scenario kinds
    /// whose features all share the first (`spring:init:…` and `spring:regime:…` pair).
    static func group(_ feature: String) -> String {
        let words = feature.split(separator: ":")
        return ["spring", "curve", "keyframes", "phases", "timeline"].contains(String(words[0])) ? words.prefix(2).joined(separator: ":") : String(words[0])
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }
}
