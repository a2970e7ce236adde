import FixtureFormat
import MotionConformance

/// The clock an engine was judged on (docs/protocol.md §2), how it was chosen, and which clocks
/// its answers to the calibration scenarios fit.
public struct EngineClock: Sendable, Equatable {
    public var model: ClockModel
    public var source: ClockCalibration.Source
    public var fits: [ClockModel]
    public var problem: String?

    public init(model: ClockModel, source: ClockCalibration.Source, fits: [ClockModel], problem: String? = nil) {
        (self.model, self.source, self.fits, self.problem) = (model, source, fits, problem)
    }

    /// Whether a declared clock is one the calibration answers do not fit.
    public var mismatch: Bool { source == .declared && problem == nil && !fits.contains(model) }

    /// One line: the clock, how it was chosen, and a mismatch said plainly.
    public var line: String {
        let count = "the \(ClockCalibration.scenarioCount) calibration scenarios"
        let fitting = fits.isEmpty ? "fit no clock of docs/protocol.md §2" : "fit " + fits.map(\.rawValue).joined(separator: " and ")
        switch source {
        case .declared where mismatch:
            return "clock: the engine declared \(model.rawValue), but its answers to \(count) \(fitting); judged on the declared clock"
        case .declared:
            return "clock: the engine declared \(model.rawValue)" + (problem.map { " (\($0))" } ?? "; its answers to \(count) fit it")
        case .detected:
            return "clock: the engine declared none; its answers to \(count) \(fitting): judged on \(model.rawValue)"
        case .assumed:
            return "clock: the engine declared none and " + (problem ?? "its answers to \(count) \(fitting)") + "; judged on change-time"
        }
    }

    var json: JSONValue {
        .object([
            ("model", .string(model.rawValue)), ("source", .string(source.rawValue)), ("fits", .array(fits.map { .string($0.rawValue) })),
            ("problem", problem.map { .string($0) } ?? .null),
        ])
    }

    init(json: JSONCursor) throws {
        try json.onlyKeys(["model", "source", "fits", "problem"])
        func clock(_ cursor: JSONCursor) throws -> ClockModel {
            guard let value = ClockModel(rawValue: try cursor.string()) else {
                throw cursor.error("is not a clock: " + ClockModel.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return value
        }
        let source = try json.field("source")
        guard let chosen = ClockCalibration.Source(rawValue: try source.string()) else { throw source.error("is not declared, detected or assumed") }
        let problem = try json.field("problem")
        self.init(
            model: try clock(json.field("model")), source: chosen, fits: try json.field("fits").array().map(clock),
            problem: problem.isNull ? nil : try problem.string())
    }
}
