import ConformanceDiagnosis
import ConformanceExplorer
import FixtureFormat
import Foundation
import MotionConformance

/// Reduces a fixture an engine failed to the smallest scenario the engine still fails in the same
/// kind of check: the explorer's shrinker, each smaller scenario answered by the reference model
/// (and agreed by MotionCore, so that no disagreement of the two is held against the engine),
/// played on the engine and judged there. A smaller scenario whose check rests on a rule the
/// project inferred or decided that the fixture's did not (`InferredRule`) is not tried: it would
/// fail for another reason — a tiny blend duration rounded to a response of 0 fails on the rule
/// for a response of 0, not on the blend.
public struct FailureReducer: Sendable {
    /// Smaller scenarios tried per kind of failing check.
    public var attempts: Int
    /// At most this many kinds of failing check are reduced per fixture (the first is its cause).
    public var kinds: Int
    /// Whether the engine's clock makes samples frames (`ClockModel.samplesAreFrames`): then every
    /// sample up to the failing one stays, since without them the scenario would begin, merge or
    /// hold its animations at other frames and could fail for another reason.
    public var keepsFrames: Bool

    public init(attempts: Int = 200, kinds: Int = 3, keepsFrames: Bool = false) {
        (self.attempts, self.kinds, self.keepsFrames) = (attempts, kinds, keepsFrames)
    }

    public enum Outcome: Sendable {
        /// One reduction per kind of failing check that reproduced, the fixture's first kind first.
        case reduced([ReducedFailure])
        case notReduced(NotReduced)
    }

    /// Reduces `fixture`, which the engine failed as `result`. `run` plays a fixture on the engine
    /// (judged on its clock); a smaller scenario it errs on is passed to `engineError` and is not a
    /// reduction. Past `deadline` no more scenarios are tried and the reduction is incomplete.
    public func reduce(
        _ fixture: Fixture, _ result: FixtureResult, deadline: Date?, run: (Fixture) -> FixtureResult,
        engineError: (_ scenario: String, _ message: String) -> Void = { _, _ in }
    ) -> Outcome {
        guard let start = GeneratedCase(fixture) else { return .notReduced(.notRepresentable) }
        let startFixture: Fixture
        do {
            startFixture = try Self.judged(start, like: fixture)
        } catch {
            return .notReduced(.noReferenceAnswer("\(error)"))
        }
        guard Player.run(startFixture, mirror: MotionEngineMirror.factory).verdict == .pass else {
            return .notReduced(.noReferenceAnswer("MotionCore does not agree with it there"))
        }
        let startResult = run(startFixture)
        var reductions: [ReducedFailure] = []
        var erred = false
        // Every scenario judged, and every one played on the engine, kept apart (a scenario
        // refused for its rules is judged, never played): the shrinker meets the same scenario
        // again after each step and for each kind, and building its fixture is most of a try's work.
        var judgedScenarios: [(scenario: GeneratedCase, fixture: Fixture?)] = [(start, startFixture)]
        var played: [(scenario: GeneratedCase, result: FixtureResult)] = [(start, startResult)]
        // The fixture with the reference model's answers, nil where there are none or MotionCore
        // does not agree with them.
        func reference(_ candidate: GeneratedCase) -> Fixture? {
            if let known = judgedScenarios.first(where: { $0.scenario == candidate }) { return known.fixture }
            let judged = (try? Self.judged(candidate, like: fixture)).flatMap {
                Player.run($0, mirror: MotionEngineMirror.factory).verdict == .pass ? $0 : nil
            }
            judgedScenarios.append((candidate, judged))
            return judged
        }
        func play(_ candidate: GeneratedCase, _ candidateFixture: Fixture) -> FixtureResult {
            if let known = played.first(where: { $0.scenario == candidate }) { return known.result }
            let result = run(candidateFixture)
            if result.verdict == .error, !erred {
                erred = true
                engineError(candidate.summary, result.message)
            }
            played.append((candidate, result))
            return result
        }
        for kind in CheckKind.failing(result).prefix(kinds) {
            guard let failed = kind.failed(in: startResult) else { continue }
            var complete = true
            let rules = InferredRule.deciding(failed, in: startFixture)
            func stillFails(_ candidate: GeneratedCase) -> Bool {
                if let deadline, Date() >= deadline {
                    complete = false
                    return false
                }
                guard let candidateFixture = reference(candidate), InferredRule.deciding(failed, in: candidateFixture).isSubset(of: rules) else {
                    return false
                }
                return kind.failed(in: play(candidate, candidateFixture)) != nil
            }
            // First the one failing sample (with the frames before it, where samples are frames)
            // and the changes before it: a long scenario's later samples and changes are most of
            // the work of every smaller scenario tried.
            let first = Self.upTo(failed, start, keepsFrames: keepsFrames).flatMap { stillFails($0) ? $0 : nil } ?? start
            let shrunk = ScenarioShrinker.shrink(first, attempts: attempts, keepsFrames: keepsFrames, stillFails: stillFails)
            guard let reduced = reference(shrunk), let check = kind.failed(in: play(shrunk, reduced)) else { continue }
            reductions.append(
                ReducedFailure(
                    fixture: fixture.id, kind: kind, scenario: shrunk, reduced: reduced, check: check, sizeBefore: start.size, sizeAfter: shrunk.size,
                    complete: complete))
        }
        return reductions.isEmpty ? .notReduced(.passesOnReference) : .reduced(reductions)
    }

    /// A property scenario cut to the sample of `check` (and, keeping frames, every sample before
    /// it) and the changes up to it; nil for other kinds, or when nothing would be cut.
    static func upTo(_ check: CheckResult, _ scenario: GeneratedCase, keepsFrames: Bool = false) -> GeneratedCase? {
        guard case var .property(s) = scenario, let time = CheckKind.sampleTime(check),
            s.sampleTimes.contains(time)
        else { return nil }
        let cut = (s.events.filter { $0.time <= time }, keepsFrames ? s.sampleTimes.filter { $0 <= time } : [time])
        guard cut.0.count < s.events.count || cut.1.count < s.sampleTimes.count else { return nil }
        (s.events, s.sampleTimes) = cut
        return .property(s)
    }

    /// A scenario as a fixture with the reference model's answers, held to no tighter a tolerance
    /// than the fixture it was reduced from, so that a reduction never turns into a difference the
    /// fixture allowed.
    static func judged(_ scenario: GeneratedCase, like fixture: Fixture) throws -> Fixture {
        var judged = try Explorer.fixture(scenario, seed: fixture.generator?.seed ?? 0, index: fixture.generator?.index ?? 0)
        judged.tolerance.absolute = max(judged.tolerance.absolute, fixture.tolerance.absolute)
        judged.tolerance.relative = max(judged.tolerance.relative, fixture.tolerance.relative)
        let tolerance = JSONValue.object([("absolute", .number(judged.tolerance.absolute)), ("relative", .number(judged.tolerance.relative))])
        judged.json = judged.json.map { FixtureRegenerator.replacing($0, path: ["tolerance"], with: tolerance) }
        return judged
    }
}
