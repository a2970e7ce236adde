import BenchKit
import ConformanceReports
import HarnessSupport

/// A `conform` this tool starts in a child process — of its own build (a fuzzing batch) or of
/// another revision's (that revision's verdicts) — as a typed value. Its words are written with
/// the declarations `conform` reads them with (`ConformWords`, `EngineOptions`), so a renamed
/// option changes both sides at once; a report in JSON is always asked for.
package struct ConformInvocation: Equatable, Sendable {
    /// The command's name, which `conform`'s configuration declares with this constant.
    package static let command = "conform"

    /// The fixtures folder; nil for the played tool's default.
    package var fixtures: String?
    /// An engine in another process; nil plays MotionCore.
    package var engine: EngineLaunch?
    /// Seconds a fixture may take in process; nil for the played tool's default.
    package var fixtureSeconds: Double?

    package init(fixtures: String? = nil, engine: EngineLaunch? = nil, fixtureSeconds: Double? = nil) {
        (self.fixtures, self.engine, self.fixtureSeconds) = (fixtures, engine, fixtureSeconds)
    }

    /// The command line after the executable: the command's name, then its options.
    package var arguments: [String] {
        let words = ConformWords()
        return [Self.command, words.$format.name, OutputFormat.json.rawValue] + (fixtures.map { [words.fixtures.$path.name, $0] } ?? [])
            + (fixtureSeconds.map { [words.$fixtureTimeout.name, "\($0)"] } ?? []) + (engine.map(EngineOptions.arguments(for:)) ?? [])
    }
}

/// The options of `conform` this tool writes as well as reads, declared once for the command and
/// for `ConformInvocation`.
package struct ConformWords: ParsableArguments {
    package var fixtures = FixturesOption()
    @Option("--format", "F", .format(of: ConformanceReport.self), default: .text, help: "the output format") package var format: OutputFormat
    @Option(
        "--fixture-timeout", "S", .duration(max: ConformanceRequest.maximumFixtureSeconds), default: ConformanceRequest.defaultFixtureSeconds,
        fills: RequestError.Field.fixtureTimeout, remedies: [.longerFixtureTime], help: "seconds a fixture may take in process")
    package var fixtureTimeout: Double

    package init() {}
}

/// `--fixtures DIR`: the fixtures folder.
package struct FixturesOption: ParsableArguments {
    @Option("--fixtures", "DIR", default: "Fixtures", fills: RequestError.Field.fixtures, help: "the fixtures folder") package var path: String

    package init() {}
}

extension ValueKind where Value == OutputFormat {
    /// `--format F`: the formats `R` renders; another name is refused as every unknown format is.
    package static func format<R: RenderableResult>(of _: R.Type) -> ValueKind<OutputFormat> {
        let (formats, kind) = (R.formats, R.kind)
        return ValueKind(help: listed(formats.map(\.rawValue)), describe: \.rawValue) { text, option throws(CommandLineError) in
            guard let format = OutputFormat(rawValue: text), formats.contains(format) else {
                throw CommandLineError(.invalidValue, option: option, UnknownFormat(name: text, kind: kind, expected: formats).description)
            }
            return format
        }
    }
}
