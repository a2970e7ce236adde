import BenchKit
import Foundation
import MotionBenchApp

/// `motion-bench calibrate`: A/A comparisons of this build on this machine, stored under
/// reports/calibration/ and used by `compare` and `compare-revisions`.
enum CalibrationCommand {
    static func run(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("calibrate"))
        let reports = URL(fileURLWithPath: arguments.string("--reports"))
        let format = try arguments.format(for: Calibration.self)
        var request = CalibrateRequest(selection: try BenchmarkSelection(arguments), reports: reports)
        request.pairs = try arguments.int("--pairs")
        request.rounds = try arguments.int("--rounds")
        request.threshold = try arguments.threshold("--threshold")
        request.effect = try arguments.threshold("--effect")
        request.budgetMinutes = try arguments.double("--budget-minutes")
        request.overheadMinutes = try arguments.double("--overhead-minutes")
        let (calibration, file) = try app.calibrate(request)
        let rendered = try calibration.render(format)
        print(rendered, terminator: rendered.hasSuffix("\n") ? "" : "\n")
        status("wrote \(file.path)\n")
        return 0
    }

    /// The calibration `--calibration FILE` / `--no-calibration` choose; this machine's by default.
    static func choice(_ arguments: Arguments) -> CalibrationChoice {
        if arguments.has("--no-calibration") { return .none }
        return arguments.value("--calibration").map { .file(URL(fileURLWithPath: $0)) } ?? .machine
    }
}
