import BenchKit
import MotionBenchApp

/// What one command takes — its options with their values, kinds and help, its flags, its
/// positional arguments — declared once: the parser checks arguments against it (every value of
/// its kind, before any work) and `COMMAND --help` is printed from it, so the two cannot disagree.
struct CommandSpec {
    struct Option {
        var name: String
        /// The value's placeholder (`REGEX`, `DIR`); nil for a flag.
        var value: String?
        var help: String
        var kind: Kind = .text
        /// What the command uses when the option is not given; help shows it.
        var defaultValue: String? = nil
    }

    var name: String
    /// Positional arguments as the usage line shows them (`BASELINE [CANDIDATE]`).
    var positional = ""
    var maximumPositional = 0
    var summary: String
    var options: [Option]

    var optionNames: Set<String> { Set(options.filter { $0.value != nil }.map(\.name)) }
    var flagNames: Set<String> { Set(options.filter { $0.value == nil }.map(\.name)) }

    /// `motion-bench NAME --help`.
    var help: String {
        let width = min(30, max(9, (options.map { $0.name.count + ($0.value.map { $0.count + 1 } ?? 0) }.max() ?? 0) + 2))
        var lines = ["usage: motion-bench \(name)\(positional.isEmpty ? "" : " " + positional)\(options.isEmpty ? "" : " [OPTIONS]")", "", summary]
        lines += ["", "options:"]
        for option in options.sorted(by: { $0.name < $1.name }) {
            let left = option.name + (option.value.map { " " + $0 } ?? "")
            let help = option.help + (option.defaultValue.map { " (\($0))" } ?? "") + (option.kind.help.map { " [\($0)]" } ?? "")
            lines.append("  " + left.padding(toLength: max(width, left.count + 2), withPad: " ", startingAt: 0) + help)
        }
        lines.append("  --quiet".padding(toLength: width + 2, withPad: " ", startingAt: 0) + "leave out progress and status lines (every command)")
        if let exits = Self.exits[name] {
            lines += ["", "exit codes (1 also for a usage or tool error):"] + exits.map { "  \($0.code)  \($0.meaning)" }
        }
        return lines.joined(separator: "\n")
    }

    static func option(_ name: String, _ value: String, _ help: String, _ kind: Kind = .text, default: String? = nil) -> Option {
        Option(name: name, value: value, help: help, kind: kind, defaultValue: `default`)
    }
    static func whole(_ name: String, _ value: String, _ help: String, from low: Int = 1, to high: Int = .max, default: Int? = nil) -> Option {
        option(name, value, help, .whole(low...high), default: `default`.map(String.init))
    }
    static func duration(_ name: String, _ value: String, _ help: String, max: Double = .infinity, default: Double? = nil) -> Option {
        option(name, value, help, .duration(max: max), default: `default`.map { $0 == $0.rounded() ? String(Int($0)) : String($0) })
    }
    /// `--format F`: the formats `R` renders, text unless another is asked for.
    static func format<R: RenderableResult>(of _: R.Type) -> Option {
        option("--format", "F", "the output format", .format(R.formats, of: R.kind), default: "text")
    }
    static let reports = option("--reports", "DIR", "where results are kept", default: "reports")
    static let fixtures = option("--fixtures", "DIR", "the fixtures folder", default: "Fixtures")
    static func pattern(_ name: String, _ help: String) -> Option { option(name, "REGEX", help, .pattern) }
    static func flag(_ name: String, _ help: String) -> Option { Option(name: name, value: nil, help: help) }
}

extension Arguments {
    /// The arguments of the command `spec` declares, every value checked against its option's
    /// kind; an option not given reads as its declared default.
    init(_ arguments: [String], spec: CommandSpec) throws {
        assert(
            spec.options.allSatisfy { option in option.defaultValue.map { (try? option.kind.check($0, for: option.name)) != nil } ?? true },
            "a default of '\(spec.name)' is not of its option's kind")
        try self.init(
            arguments, command: spec.name, options: spec.optionNames, flags: spec.flagNames, maximumPositional: spec.maximumPositional,
            defaults: Dictionary(spec.options.compactMap { option in option.defaultValue.map { (option.name, $0) } }, uniquingKeysWith: { a, _ in a }))
        for option in spec.options {
            for text in all(option.name) {
                do { try option.kind.check(text, for: option.name) } catch let error as UsageError { throw UsageError(error.message, command: spec.name) }
            }
        }
    }
}
