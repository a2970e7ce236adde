import BenchKit
import Foundation
import MotionBenchApp

/// A command's options: `--name value` pairs and `--flag` switches, checked against what the
/// command accepts, with errors that say what was wrong and what was expected.
struct Arguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positional: [String] = []
    /// The command these are the options of, for the pointer to its help.
    let command: String
    /// What an option not given reads as.
    private let defaults: [String: String]

    init(
        _ arguments: [String], command: String, options: Set<String>, flags knownFlags: Set<String>, maximumPositional: Int = 0,
        defaults: [String: String] = [:]
    ) throws {
        (self.command, self.defaults) = (command, defaults)
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument.hasPrefix("--") {
                if knownFlags.contains(argument) {
                    flags.insert(argument)
                } else if options.contains(argument) {
                    guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                        throw UsageError("\(argument) needs a value", command: command)
                    }
                    values[argument, default: []].append(value)
                } else {
                    let known = options.union(knownFlags).sorted()
                    let hint =
                        known.isEmpty
                        ? "it takes no options"
                        : likelyName(known, for: argument).map { "did you mean \($0)?" } ?? "it takes \(known.joined(separator: ", "))"
                    throw UsageError("unknown option '\(argument)' for '\(command)'; \(hint)", command: command)
                }
            } else {
                guard positional.count < maximumPositional else {
                    throw UsageError("unexpected argument '\(argument)' for '\(command)'", command: command)
                }
                positional.append(argument)
            }
        }
    }

    /// The option's value: the last one given, else its declared default.
    func value(_ option: String) -> String? { values[option]?.last ?? defaults[option] }

    /// The value of an option whose spec declares a default: never missing.
    func string(_ option: String) -> String {
        guard let text = value(option) else { preconditionFailure("'\(command)' reads \(option), which its spec gives no default") }
        return text
    }

    /// Whether the command line gave the option (its default does not count).
    func given(_ option: String) -> Bool { values[option] != nil }

    /// `--format` (text when not given) as a format `R` renders; a name it does not render is a
    /// usage error listing the ones it does.
    func format<R: RenderableResult>(for _: R.Type) throws -> OutputFormat {
        do { return try R.format(named: value("--format") ?? "text") } catch { throw UsageError(error.description, command: command) }
    }

    func all(_ option: String) -> [String] { values[option] ?? [] }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    func int(_ option: String) throws -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), number > 0 else { throw UsageError("\(option) needs a positive whole number, got '\(text)'") }
        return number
    }

    func double(_ option: String) throws -> Double? {
        guard let text = value(option) else { return nil }
        guard let number = Double(text), number.isFinite, number >= 0 else {
            throw UsageError("\(option) needs a non-negative number, got '\(text)'")
        }
        return number
    }

    /// `--margin F`: the part of the threshold the interval must clear, above 0 and at most 1.
    func margin() throws -> Double? {
        guard let text = value("--margin") else { return nil }
        guard let margin = Double(text), margin > 0, margin <= 1 else {
            throw UsageError("--margin needs a part of the threshold above 0 and at most 1 (0.5: the interval must clear half of it), got '\(text)'")
        }
        return margin
    }

    /// A threshold option as a fraction: `10%` and `0.1` alike.
    func threshold(_ option: String) throws -> Double? {
        try value(option).map { try Self.threshold($0, for: option) }
    }

    /// `text` as a fraction: a percentage (`10%`, `2.5%`, up to 1000%) or a bare fraction below
    /// 1. A bare number of 1 or more is refused: `10` could mean 10% or 1000%, and read as the
    /// latter it would let a large slowdown pass as unchanged.
    static func threshold(_ text: String, for option: String) throws -> Double {
        if text.hasSuffix("%") {
            guard let percent = Double(text.dropLast()), percent.isFinite, percent > 0, percent <= 1000 else {
                throw UsageError("\(option) '\(text)' is not a percentage between 0% and 1000%")
            }
            return percent / 100
        }
        guard let fraction = Double(text), fraction.isFinite, fraction > 0 else {
            throw UsageError("\(option) '\(text)' is not a threshold; write it as a percentage (5%) or a fraction (0.05)")
        }
        guard fraction < 1 else {
            throw UsageError("\(option) \(text) is ambiguous: write \(text)% for \(text) percent; a bare number is a fraction below 1 (0.05 is 5%)")
        }
        return fraction
    }

    /// The most threads a benchmark may be asked to use: far above any machine this runs on, low
    /// enough that a typo (`--threads 100000`) is refused instead of starting that many.
    static let maximumThreads = 256

    /// `--threads`, from 1 to `maximumThreads` (its spec's kind).
    func threads() throws -> Int? { try int("--threads") }

    /// A regular expression option, compiled now so that a bad pattern is refused before any work.
    func pattern(_ option: String) throws -> String? {
        guard let pattern = value(option) else { return nil }
        try Self.check(pattern: pattern, for: option)
        return pattern
    }

    static func check(pattern: String, for option: String) throws {
        do { _ = try NSRegularExpression(pattern: pattern) } catch {
            throw UsageError("\(option) '\(pattern)' is not a valid regular expression")
        }
    }
}
