import HarnessSupport
import MotionBenchApp

extension RequestError.Field {
    /// The option a command line sets this field with: the application speaks of its requests,
    /// the command line of its flags. (`CommandDeclarationTests` checks each is declared.)
    var option: String {
        switch self {
        case .suite: "--suite"
        case .fixtureID: "--fixture"
        case .filter: "--filter"
        case .fixtures: "--fixtures"
        case .count: "--count"
        case .limit: "--limit"
        case .batch: "--batch"
        case .controls: "--controls"
        case .fixtureTimeout: "--fixture-timeout"
        case .profile: "--profile"
        case .pairs: "--pairs"
        case .rounds: "--rounds"
        case .effect: "--effect"
        case .budgetMinutes: "--budget-minutes"
        case .historyWindow: "--window"
        case .calibration: "--calibration"
        case .worker: "--worker"
        case .repository: "--repository"
        case .saveBaseline: "--save-baseline"
        case .expectations: "--expectations"
        case .updateExpectations: "--update-expectations"
        case .maximumRounds: "--max-rounds"
        case .engine: "--engine"
        case .kinds: "--kinds"
        case .exploreKinds: "--explore-kinds"
        case .fixtureMemory: "--fixture-memory"
        case .revisions: "REVISION…"
        }
    }
}

extension RequestError {
    /// The error as the command line says it to someone who ran `command`: the field by its
    /// option, and its remedy, if any, as that command applies it.
    func commandLineMessage(for command: (any ParsableCommand.Type)? = nil) -> String {
        message(naming: field.option) + (remedy.map { " (\($0.advice(for: command)))" } ?? "")
    }
}
