import Foundation

/// What an option's value must be and the value it produces: the parser turns the text after
/// `--name` into a `Value` or refuses it, naming the option and saying what it takes. Help shows
/// `help` in brackets after the option's own words.
public struct ValueKind<Value>: Sendable {
    /// How help describes the kind (`a whole number 1–64`); nil for free text.
    public let help: String?
    let parse: @Sendable (_ text: String, _ option: String) throws(CommandLineError) -> Value
    /// A value as help shows it when it is a default.
    let describe: @Sendable (Value) -> String

    public init(
        help: String?, describe: @escaping @Sendable (Value) -> String,
        parse: @escaping @Sendable (_ text: String, _ option: String) throws(CommandLineError) -> Value
    ) {
        (self.help, self.describe, self.parse) = (help, describe, parse)
    }

    /// The value `text` gives `option`, or the error saying why it gives none.
    public func value(of text: String, for option: String) throws(CommandLineError) -> Value { try parse(text, option) }

    /// The same kind producing another type (a path as a URL, a name as an enum case).
    public func map<Other>(
        describe: @escaping @Sendable (Other) -> String, _ transform: @escaping @Sendable (Value) throws(CommandLineError) -> Other
    ) -> ValueKind<Other> {
        let parse = self.parse
        return ValueKind<Other>(help: help, describe: describe) { text, option throws(CommandLineError) in try transform(parse(text, option)) }
    }
}

extension ValueKind where Value == String {
    /// Any text: a path, a command, a name.
    public static var text: ValueKind<String> { ValueKind(help: nil, describe: \.self) { text, _ in text } }

    /// A regular expression, compiled when parsed so a bad one is refused before any work.
    public static var pattern: ValueKind<String> {
        ValueKind(help: "a regular expression", describe: \.self) { text, option throws(CommandLineError) in
            guard (try? NSRegularExpression(pattern: text)) != nil else {
                throw CommandLineError(.invalidValue, option: option, "\(option) '\(text)' is not a valid regular expression")
            }
            return text
        }
    }

    /// One of `values`, as written.
    public static func choice(_ values: [String]) -> ValueKind<String> {
        let help = listed(values)
        return ValueKind(help: help, describe: \.self) { text, option throws(CommandLineError) in
            guard values.contains(text) else { throw CommandLineError(.invalidValue, option: option, "\(option) takes \(help), got '\(text)'") }
            return text
        }
    }
}

extension ValueKind where Value == Int {
    /// A whole number in `range`.
    public static func whole(_ range: ClosedRange<Int>) -> ValueKind<Int> {
        let help = range.upperBound == .max ? "a whole number ≥ \(range.lowerBound)" : "a whole number \(range.lowerBound)–\(range.upperBound)"
        return ValueKind(help: help, describe: \.description) { text, option throws(CommandLineError) in
            guard let number = Int(text), range.contains(number) else {
                throw CommandLineError(.invalidValue, option: option, "\(option) needs \(help), got '\(text)'")
            }
            return number
        }
    }
}

extension ValueKind where Value == Double {
    /// A number of seconds (or minutes) above 0 and at most `max`.
    public static func duration(max: Double = .infinity) -> ValueKind<Double> {
        let help = max.isFinite ? "above 0, at most \(plainNumber(max))" : "above 0"
        return ValueKind(help: help, describe: plainNumber) { text, option throws(CommandLineError) in
            guard let value = Double(text), value.isFinite, value > 0, value <= max else {
                throw CommandLineError(.invalidValue, option: option, "\(option) needs a number \(help), got '\(text)'")
            }
            return value
        }
    }

    /// A fraction in (0, 1], as help words it (`part`).
    public static func part(_ words: String) -> ValueKind<Double> {
        ValueKind(help: "above 0, at most 1", describe: plainNumber) { text, option throws(CommandLineError) in
            guard let value = Double(text), value > 0, value <= 1 else {
                throw CommandLineError(.invalidValue, option: option, "\(option) needs \(words) above 0 and at most 1, got '\(text)'")
            }
            return value
        }
    }

    /// The largest threshold a percentage may state: a slowdown of more than eleven times.
    public static let largestThresholdPercent = 1000.0

    /// A threshold as a fraction: a percentage (`10%`, above 0% and at most 1000%) or a bare
    /// fraction above 0 and below 1. A bare number of 1 or more is refused: `10` could mean 10% or
    /// 1000%, and read as the latter it would let a large slowdown pass as unchanged.
    public static var threshold: ValueKind<Double> {
        let most = plainNumber(largestThresholdPercent)
        return ValueKind(help: "a percentage above 0%, at most \(most)% (5%), or a fraction above 0, below 1 (0.05)", describe: percentage) {
            text, option throws(CommandLineError) in
            try threshold(text, for: option)
        }
    }

    public static func threshold(_ text: String, for option: String) throws(CommandLineError) -> Double {
        if text.hasSuffix("%") {
            guard let percent = Double(text.dropLast()), percent.isFinite, percent > 0, percent <= largestThresholdPercent else {
                throw CommandLineError(
                    .invalidValue, option: option, "\(option) '\(text)' is not a percentage above 0% and at most \(plainNumber(largestThresholdPercent))%")
            }
            return percent / 100
        }
        guard let fraction = Double(text), fraction.isFinite, fraction > 0 else {
            throw CommandLineError(.invalidValue, option: option, "\(option) '\(text)' is not a threshold; write it as a percentage (5%) or a fraction (0.05)")
        }
        guard fraction < 1 else {
            throw CommandLineError(
                .invalidValue, option: option,
                "\(option) \(text) is ambiguous: write \(text)% for \(text) percent; a bare number is a fraction below 1 (0.05 is 5%)")
        }
        return fraction
    }
}

extension ValueKind where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of the type's cases, by its raw value.
    public static var cases: ValueKind<Value> {
        ValueKind<String>.choice(Value.allCases.map(\.rawValue)).map(describe: \.rawValue) { text throws(CommandLineError) in Value(rawValue: text)! }
    }
}

/// A fraction as a percentage: `5%`.
func percentage(_ fraction: Double) -> String { String(format: "%g%%", fraction * 100) }

/// A number as help and the documents write it: `5`, not `5.0`; `0.35` as itself.
public func plainNumber(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value) }

/// "a, b or c".
public func listed(_ words: [String], conjunction: String = "or") -> String {
    words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " \(conjunction) " + words.last!
}
