import ConformanceDiagnosis
import Dispatch
import EngineConformance
import FixtureFormat
import Foundation
import MotionConformance
import Synchronization

extension Application {
    /// Reduces every failing fixture against the engine, engines side by side (one process per
    /// CPU, at most `Self.reducingEngines`), within `seconds`, and groups the reductions into
    /// causes. Fixtures whose turn the budget did not reach are named so, never dropped.
    /// The grouping depends on the fixtures and the engine's answers only, not on how many
    /// engines ran or which reached a fixture first. `clock` is the one the results were judged
    /// on: where its samples are frames, reduction keeps them (`FailureReducer`).
    func causes(of results: [FixtureResult], fixtures: [Fixture], engine: EngineLaunch, clock: ClockModel, seconds: Double) -> Causes {
        let failing = results.filter { $0.verdict == .fail }
        guard !failing.isEmpty else { return Causes(budgetSeconds: seconds) }
        let byID = Dictionary(fixtures.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let start = Date(), deadline = start.addingTimeInterval(seconds)
        let reducer = FailureReducer(keepsFrames: clock.samplesAreFrames)
        struct Shared {
            var next = 0
            var reductions: [String: [ReducedFailure]] = [:], notReduced: [String: NotReduced] = [:], errors: [Causes.EngineError] = []
        }
        let shared = Mutex(Shared())
        let workers = max(1, min(failing.count, ProcessInfo.processInfo.activeProcessorCount, Self.reducingEngines))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let adapter = ExternalEngine(engine.client)
            defer { adapter.close() }
            while true {
                let index: Int? = shared.withLock { state in
                    guard state.next < failing.count else { return nil }
                    state.next += 1
                    return state.next - 1
                }
                guard let index else { return }
                let result = failing[index]
                let outcome: FailureReducer.Outcome
                if Date() >= deadline {
                    outcome = .notReduced(.budget)
                } else if let fixture = byID[result.id] {
                    // A fair share of what is left, so that one long scenario cannot take the
                    // budget of the fixtures after it: a reduction cut short still names a cause.
                    let share = deadline.timeIntervalSinceNow * Double(workers) / Double(failing.count - index)
                    let own = min(deadline, Date().addingTimeInterval(max(share, Self.leastReductionSeconds)))
                    outcome = reducer.reduce(fixture, result, deadline: own, run: { adapter.run($0) }) { scenario, message in
                        shared.withLock { $0.errors.append(.init(fixture: result.id, scenario: scenario, message: message)) }
                    }
                } else {
                    outcome = .notReduced(.notRepresentable)
                }
                shared.withLock {
                    switch outcome {
                    case let .reduced(list): $0.reductions[result.id] = list
                    case let .notReduced(why): $0.notReduced[result.id] = why
                    }
                }
            }
        }
        return shared.withLock { found in
            Causes(
                results, reductions: found.reductions, notReduced: found.notReduced, engineErrors: found.errors.sorted { $0.fixture < $1.fixture },
                budgetSeconds: seconds, seconds: Date().timeIntervalSince(start))
        }
    }

    /// Engine processes reducing failures side by side, at most.
    static let reducingEngines = 4
    /// The least time a fixture's reduction is given while the budget lasts.
    static let leastReductionSeconds = 0.5
}
