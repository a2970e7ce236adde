import BenchKit
import HarnessSupport

/// A request the application refuses, in the request's own terms: the field that was wrong, the
/// value it held (as shown: a pattern quoted, a path as it is) and what is wrong with it. The
/// command line names the field by its option (`--filter`); another caller by the field's name.
package struct RequestError: RemediableError, CustomStringConvertible, Equatable {
    /// The fields of the application's requests an error can be about.
    package enum Field: String, Sendable, CaseIterable {
        case suite, fixtureID, filter, fixtures, count, limit, batch, controls, fixtureTimeout, profile
        case pairs, rounds, effect, budgetMinutes, historyWindow, calibration, worker, repository, saveBaseline
        case expectations, updateExpectations, maximumRounds, engine, kinds, fixtureMemory, revisions
    }

    package let field: Field
    package let value: String?
    package let problem: String
    /// The change that gets past it beyond another value, when there is one (`list` the names).
    package let remedy: Remedy?

    package init(_ field: Field, _ value: String?, _ problem: String, remedy: Remedy? = nil) {
        (self.field, self.value, self.problem, self.remedy) = (field, value, problem, remedy)
    }

    /// The error with the field called `name`: `--filter '^x' matches no fixture id; …`.
    package func message(naming name: String) -> String { [name, value, problem].compactMap { $0 }.joined(separator: " ") }

    package var description: String { message(naming: field.rawValue) }

    /// The refusal a runner's error is when the runner says which of its options was wrong;
    /// nil when it names none (a job that could not be done).
    package init?(_ error: DriverError) {
        guard let subject = error.subject, let problem = error.problem else { return nil }
        let field: Field =
            switch subject {
            case .filter: .filter
            case .repository: .repository
            }
        self.init(field, error.value, problem, remedy: error.remedy)
    }

    /// A runner's error as the application's: the refusal of a field, or a job that could not be done.
    package static func from(_ error: DriverError) -> any Error { RequestError(error) ?? ToolError(error.description, remedy: error.remedy) }
}
