import Foundation
import MotionConformance

/// Makes a diverging scenario smaller while it still diverges: fewer changes and samples, simpler
/// animations (modifiers dropped, bases replaced by `linear`, arguments left to their defaults),
/// scalar values, rounder numbers. Greedy: the first smaller scenario that still fails is kept,
/// until none does or the attempts run out.
///
/// `keepsFrames`: the samples are the engine's frames (`ClockModel.samplesAreFrames`), so the
/// samples from the first change on stay where they are — only those before any change and the
/// latest ones go — since a frame removed or moved would begin, merge or hold an animation at
/// another time: a scenario that fails for another reason, not a smaller one failing for this.
public enum ScenarioShrinker {
    public static func shrink(
        _ scenario: GeneratedScenario, attempts: Int = 400, keepsFrames: Bool = false, stillFails: (GeneratedScenario) -> Bool
    ) -> GeneratedScenario {
        greedy(scenario, attempts: attempts, candidates: { candidates($0, keepsFrames: keepsFrames).filter(\.isPlayableByReference) }, stillFails: stillFails)
    }

    /// Takes the first candidate that still fails, and again from it, until none does or the
    /// attempts (candidates tried) run out. A scenario once kept is never taken again: two
    /// simplifications that undo each other (a linear base for a spring, the default spring for
    /// a linear one) would otherwise take turns until the attempts ran out.
    static func greedy<S: Equatable>(_ start: S, attempts: Int, candidates: (S) -> [S], stillFails: (S) -> Bool) -> S {
        var kept = [start]
        var left = attempts
        var progress = true
        while progress && left > 0 {
            progress = false
            for candidate in candidates(kept[kept.count - 1]) where !kept.contains(candidate) {
                guard left > 0 else { break }
                left -= 1
                if stillFails(candidate) {
                    kept.append(candidate)
                    progress = true
                    break
                }
            }
        }
        return kept[kept.count - 1]
    }

    /// Smaller scenarios, the biggest cuts first.
    static func candidates(_ s: GeneratedScenario, keepsFrames: Bool = false) -> [GeneratedScenario] {
        var out: [GeneratedScenario] = []
        func with(_ change: (inout GeneratedScenario) -> Void) {
            var copy = s
            change(&copy)
            out.append(copy)
        }
        // Fewer changes.
        if s.events.count > 1 { for index in s.events.indices { with { $0.events.remove(at: index) } } }
        // Fewer samples: halves, quarters, eighths … down to one at a time; keeping frames, only
        // runs before the first change or at the end.
        let beforeChanges = s.sampleTimes.prefix { time in s.events.allSatisfy { time < $0.time } }.count
        for cut in cuts(s.sampleTimes.count) where !keepsFrames || cut.upperBound <= beforeChanges || cut.upperBound == s.sampleTimes.count {
            with { $0.sampleTimes.removeSubrange(cut) }
        }
        // A scalar instead of a vector.
        if s.valueType != .scalar {
            with { scenario in
                scenario.valueType = .scalar
                scenario.initialValue = [scenario.initialValue[0]]
                for index in scenario.events.indices { scenario.events[index].value = [scenario.events[index].value[0]] }
            }
        }
        // Simpler animations and changes.
        for (index, event) in s.events.enumerated() {
            if event.completion != nil { with { $0.events[index].completion = nil } }
            if event.waitsForRemoval { with { $0.events[index].waitsForRemoval = false } }
            if event.tracksVelocity { with { $0.events[index].tracksVelocity = false } }
            if event.disablesAnimations { with { $0.events[index].disablesAnimations = false } }
            if !event.path.isEmpty {
                with { $0.events[index].path = [] }
                if event.path.count > 1 { for modifier in event.path.indices { with { $0.events[index].path.remove(at: modifier) } } }
            }
            guard let animation = event.animation else { continue }
            for modifier in animation.modifiers.indices { with { $0.events[index].animation?.modifiers.remove(at: modifier) } }
            if animation.base != "linear" {
                let duration = animation.arguments.first { $0.key == "duration" || $0.key == "response" }?.value
                with {
                    $0.events[index].animation = .init(
                        base: "linear", arguments: duration.map { [.init(key: "duration", value: $0)] } ?? [], modifiers: animation.modifiers)
                }
                // A linear animation still running at the last sample, where a spring's tail was.
                if let last = s.sampleTimes.last, let span = [1.0, 2, 5, 10, 20, 50].first(where: { $0 > last - event.time }) {
                    with {
                        $0.events[index].animation = .init(
                            base: "linear", arguments: [.init(key: "duration", value: .number(span))], modifiers: animation.modifiers)
                    }
                }
            }
            // The default spring, for what only a spring shows (a timing curve reports no velocity).
            if animation.base != "spring" {
                with { $0.events[index].animation = .init(base: "spring", arguments: [], modifiers: animation.modifiers) }
            }
            for argument in animation.arguments.indices where animation.arguments[argument].key != "name" {
                with { $0.events[index].animation?.arguments.remove(at: argument) }
            }
            for argument in animation.arguments.indices {
                if case let .number(n) = animation.arguments[argument].value {
                    for rounder in rounded(n) { with { $0.events[index].animation?.arguments[argument].value = .number(rounder) } }
                }
            }
            for modifier in animation.modifiers.indices {
                if case let .number(n) = animation.modifiers[modifier].value {
                    for rounder in rounded(n) { with { $0.events[index].animation?.modifiers[modifier].value = .number(rounder) } }
                }
            }
        }
        if !s.mergesCoincidentAnimations { with { $0.mergesCoincidentAnimations = true } }
        // A sample off a change's own time, the special case of docs/protocol.md §2 (not a frame
        // moved, keeping frames).
        let changes = Set(s.events.map(\.time))
        for (index, time) in s.sampleTimes.enumerated() where changes.contains(time) && !keepsFrames {
            with { $0.sampleTimes[index] = ((time + 0.1) * 1e6).rounded() / 1e6 }
        }
        // Rounder numbers.
        for (index, event) in s.events.enumerated() {
            for t in rounded(event.time) { with { $0.events[index].time = t } }
            for component in event.value.indices {
                for v in roundedValue(event.value[component]) { with { $0.events[index].value[component] = v } }
            }
        }
        for component in s.initialValue.indices {
            for v in roundedValue(s.initialValue[component]) { with { $0.initialValue[component] = v } }
        }
        for (index, time) in s.sampleTimes.enumerated() where !keepsFrames {
            for t in rounded(time) { with { $0.sampleTimes[index] = t } }
        }
        // Only well-formed scenarios: times in order, distinct samples, a change that moves.
        return out.filter { candidate in
            zip(candidate.events, candidate.events.dropFirst()).allSatisfy { $0.time <= $1.time }
                && zip(candidate.sampleTimes, candidate.sampleTimes.dropFirst()).allSatisfy { $0 < $1 }
                && !candidate.sampleTimes.isEmpty
        }
    }

    /// The runs of `count` items to remove, as delta debugging narrows them: the later half, the
    /// earlier half, then each quarter, each eighth and so on (later runs first, since what comes
    /// later depends on what came before), down to single items. Each granularity halves the
    /// run's length, so a scenario of n samples whose failure needs one of them loses the rest in
    /// about 2·log₂ n accepted cuts rather than n − 1 single removals.
    static func cuts(_ count: Int) -> [Range<Int>] {
        guard count > 1 else { return [] }
        var out: [Range<Int>] = []
        var length = (count + 1) / 2
        while true {
            out += stride(from: 0, to: count, by: length).reversed().map { $0..<min($0 + length, count) }
            if length == 1 { return out }
            length = (length + 1) / 2
        }
    }

    /// Rounder numbers than `x`: on grids of 1, 0.5, 0.1, 0.05 and 0.01, coarsest first.
    static func rounded(_ x: Double) -> [Double] {
        var seen = Set<Double>()
        return [1.0, 0.5, 0.1, 0.05, 0.01].compactMap { step in
            let r = ((x / step).rounded() * step * 1e6).rounded() / 1e6
            return r != x && seen.insert(r).inserted ? r : nil
        }
    }

    /// Rounder values: multiples of 100, 10 and 1, coarsest first.
    static func roundedValue(_ x: Double) -> [Double] {
        var seen = Set<Double>()
        return [100.0, 10, 1].compactMap { step in
            let r = (x / step).rounded() * step
            return r != x && seen.insert(r).inserted ? r : nil
        }
    }
}

extension ScenarioShrinker {
    /// Shrinks a generated scenario of any kind: property scenarios as above, the others by
    /// editing their JSON (`BodyShrinker`), each candidate first given the reference model's
    /// answers, so that one differing only in an answer is no candidate at all.
    public static func shrink(_ generated: GeneratedCase, attempts: Int = 400, keepsFrames: Bool = false, stillFails: (GeneratedCase) -> Bool) -> GeneratedCase
    {
        guard case let .body(kind, body) = generated else {
            if case let .property(scenario) = generated {
                return .property(shrink(scenario, attempts: attempts, keepsFrames: keepsFrames) { stillFails(.property($0)) })
            }
            return generated
        }
        // Each candidate carries the reference model's answers, so one differing only in an answer
        // is the current scenario again, not a candidate.
        let start = GeneratedCase.body(kind, body).answered() ?? generated
        return greedy(
            start, attempts: attempts,
            candidates: { current in
                guard case let .body(_, json) = current else { return [] }
                return BodyShrinker.candidates(json).lazy.compactMap { GeneratedCase.body(kind, $0).answered() }.filter { $0 != current }
            }, stillFails: stillFails)
    }
}

extension GeneratedCase {
    /// The scenario with the reference model's answers written in, or nil when the fixture reader
    /// refuses it or the reference model cannot answer it.
    package func answered() -> GeneratedCase? {
        guard case let .body(kind, _) = self else { return self }
        let skeleton = skeleton(id: "generated/draft", title: "", source: "", generator: .init(seed: 0, index: 0, rules: []))
        guard let draft = try? FixtureLoader.decode(skeleton.serialized()), let json = draft.json,
            let (key, body) = try? FixtureRegenerator.body(draft, json: json), key == kind.rawValue,
            (try? FixtureLoader.decode(FixtureRegenerator.replacing(json, path: [key], with: body).serialized())) != nil
        else { return nil }
        return .body(kind, body)
    }
}
