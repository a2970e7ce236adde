import BenchKit
import Foundation
import HarnessSupport
import MotionBenchApp

/// `--quick`, `--standard`, `--rigorous`: one measurement profile, standard unless one is given.
struct ProfileOptions: ParsableArguments {
    @Flag("--quick", help: "the quick profile: one worker process a side, short") var quick: Bool
    @Flag("--standard", help: "the standard profile: three worker processes (the default)") var standard: Bool
    @Flag("--rigorous", help: "the rigorous profile: more processes and samples") var rigorous: Bool

    func validate() throws(CommandLineError) {
        if [quick, standard, rigorous].filter({ $0 }).count > 1 { throw CommandLineError.oneOf([$quick, $standard, $rigorous]) }
    }

    /// The profile given; nil when none is.
    var chosen: MeasurementProfile? { quick ? .quick : rigorous ? .rigorous : standard ? .standard : nil }
    var profile: MeasurementProfile { chosen ?? .standard }
}

/// `--database URL|FILE`, `--machine NAME`: which store, and this machine's name in it.
struct StoreOptions: ParsableArguments {
    @Option(
        "--database", "URL|FILE", remedies: [.existingStore],
        help: "the store: an SQLite file or postgresql://… (MOTIONBENCH_DATABASE; reports/motionbench.sqlite)")
    var database: String?
    @Option("--machine", "NAME", remedies: [.otherMachine], help: "this machine's name in the store (MOTIONBENCH_MACHINE; the host name)") var machine: String?

    var choice: StoreChoice { StoreChoice(database: database, machine: machine) }
}

/// `--reports DIR`: where results are kept.
struct ReportsOption: ParsableArguments {
    @Option("--reports", "DIR", default: "reports", remedies: [.writableFolder], help: "where results are kept") var path: String
    var url: URL { URL(fileURLWithPath: path) }
    var isGiven: Bool { $path.isGiven }
}

/// `--calibration FILE`, `--no-calibration`: the calibration a comparison applies.
struct CalibrationOptions: ParsableArguments {
    @Option("--calibration", "FILE", fills: RequestError.Field.calibration, help: "the calibration to apply") var file: String?
    @Flag("--no-calibration", help: "apply no calibration") var none: Bool

    func validate() throws(CommandLineError) {
        if none, file != nil {
            throw CommandLineError.excludes($file, $none, because: "contradict each other")
        }
    }

    /// This machine's calibration unless a file or none is asked for.
    var choice: CalibrationChoice { none ? .none : file.map { .file(URL(fileURLWithPath: $0)) } ?? .machine }
}

/// What is built in each revision's checkout and measured: `compare-revisions` and `enqueue`.
struct BuildOptions: ParsableArguments {
    @Option("--package-path", "DIR", help: "measure the package in DIR of each checkout (the checkout itself)") var packagePath: String?
    @Option("--worker-product", "NAME", default: MeasuredPackage.defaultWorkerProduct, help: "the package's worker executable")
    var workerProduct: String
    @Option(
        "--configuration", "release|debug", .choice(["release", "debug"]), default: MeasuredPackage.defaultConfiguration,
        help: "the build configuration")
    var configuration: String

    var measured: MeasuredPackage { MeasuredPackage(path: packagePath, workerProduct: workerProduct, configuration: configuration) }
}

extension ValueKind where Value == Int {
    /// The most threads a benchmark may be asked to use: far above any machine this runs on, low
    /// enough that a typo (`--threads 100000`) is refused instead of starting that many.
    static var threads: ValueKind<Int> { .whole(1...256) }
}

extension ValueKind where Value == UInt64 {
    /// A seed: a whole number from 0 to 2^64 − 1.
    static var seed: ValueKind<UInt64> {
        ValueKind(help: "a whole number from 0 to 2^64 − 1", describe: \.description) { text, option throws(CommandLineError) in
            guard let seed = UInt64(text) else {
                throw CommandLineError(.invalidValue, option: option, "\(option) '\(text)' is not a whole number from 0 to 2^64 - 1")
            }
            return seed
        }
    }
}

/// Writes `text` to `file` atomically, or prints it when there is no file.
func deliver(_ text: String, to file: String?, keeping what: String) throws {
    if let file {
        try ResultFiles.write(Data(text.utf8), to: URL(fileURLWithPath: file), keeping: what)
    } else {
        print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    }
}
