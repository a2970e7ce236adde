import BenchKit
import Foundation
import MotionBenchApp

/// `motion-bench calibrate`: A/A comparisons of this build on this machine, stored under
/// reports/calibration/ and used by `compare` and `compare-revisions`.
enum CalibrationCommand {
    static func run(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("calibrate"))
        let reports = URL(fileURLWithPath: arguments.value("--reports") ?? "reports")
        let format = arguments.value("--format") ?? "text"
        guard ["text", "json"].contains(format) else { throw UsageError("--format takes text or json for 'calibrate'") }
        var driverOptions = try BenchmarkSelection(arguments).driverOptions(app)
        driverOptions.progress = nil
        var calibrator = Calibrator(driver: BenchmarkDriver(options: driverOptions))
        calibrator.progress = quiet ? nil : ProgressReporter(handle: .standardError)
        if let pairs = try arguments.int("--pairs") {
            guard pairs >= 2 else { throw UsageError("--pairs needs at least 2") }
            calibrator.pairs = pairs
        }
        if let rounds = try arguments.int("--rounds") {
            guard rounds >= 2 else { throw UsageError("--rounds needs at least 2 (a paired test needs two rounds)") }
            calibrator.rounds = rounds
        } else {
            calibrator.rounds = ["quick": 4, "standard": 6, "rigorous": 10][driverOptions.profile.name] ?? 6
        }
        if let threshold = try arguments.threshold("--threshold") { calibrator.threshold = threshold }
        calibrator.reachEffect = try arguments.threshold("--effect")
        if let effect = calibrator.reachEffect, effect <= calibrator.threshold {
            throw UsageError("--effect \(effect) must be above the threshold \(calibrator.threshold): a slowdown at the threshold is never decided")
        }
        if let budget = try arguments.double("--budget-minutes") {
            guard budget > 0 else { throw UsageError("--budget-minutes needs a positive number of minutes") }
            calibrator.budgetMinutes = budget
        }
        if let overhead = try arguments.double("--overhead-minutes") { calibrator.overheadMinutes = overhead }
        let calibration: Calibration
        do { calibration = try calibrator.run() } catch let error as DriverError { throw ToolError(error.description) }
        let file = Calibration.file(reports: reports, seriesKey: calibration.seriesKey, profile: calibration.profile)
        try AtomicFile.write(try ResultStore.encoder.encode(calibration), to: file)
        if format == "json" {
            print(String(decoding: try ResultStore.encoder.encode(calibration), as: UTF8.self))
        } else {
            print(calibration.text(), terminator: "")
        }
        status("wrote \(file.path)\n")
        return 0
    }

    /// The calibration `--calibration FILE` / `--no-calibration` choose; this machine's by default.
    static func choice(_ arguments: Arguments) -> CalibrationChoice {
        if arguments.has("--no-calibration") { return .none }
        return arguments.value("--calibration").map { .file(URL(fileURLWithPath: $0)) } ?? .machine
    }
}
