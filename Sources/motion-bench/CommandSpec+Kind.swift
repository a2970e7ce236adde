import BenchKit
import MotionBenchApp

extension CommandSpec {
    /// What an option's value must be; the parser refuses anything else, naming the option.
    enum Kind: Equatable {
        /// Any text: a path, a command, a name, or a value its command reads itself.
        case text
        case whole(ClosedRange<Int>)
        /// A number of seconds (or minutes) above 0 and at most the bound.
        case duration(max: Double)
        case pattern
        /// A fraction below 1 or a percentage: 0.05 and 5% alike.
        case threshold
        case choice([String])
        /// An output format of a kind of result (`RenderableResult`): the formats it renders.
        case format([OutputFormat], of: String)

        /// How help describes it; nil for text.
        var help: String? {
            switch self {
            case .text: return nil
            case let .whole(range):
                return range.upperBound == .max ? "a whole number ≥ \(range.lowerBound)" : "a whole number \(range.lowerBound)–\(range.upperBound)"
            case let .duration(max): return max.isFinite ? "above 0, at most \(Int(max))" : "above 0"
            case .pattern: return "a regular expression"
            case .threshold: return "a percentage (5%) or a fraction (0.05)"
            case let .choice(values): return Self.listed(values)
            case let .format(formats, _): return Self.listed(formats.map(\.rawValue))
            }
        }

        /// Refuses `text` as a value of `option` unless it is of this kind.
        func check(_ text: String, for option: String) throws {
            switch self {
            case .text: return
            case let .whole(range):
                guard let number = Int(text), range.contains(number) else {
                    throw UsageError("\(option) needs \(help!), got '\(text)'")
                }
            case let .duration(max):
                guard let number = Double(text), number.isFinite, number > 0, number <= max else {
                    throw UsageError("\(option) needs a number \(help!), got '\(text)'")
                }
            case .pattern: try Arguments.check(pattern: text, for: option)
            case .threshold: _ = try Arguments.threshold(text, for: option)
            case let .choice(values):
                guard values.contains(text) else { throw UsageError("\(option) takes \(help!), got '\(text)'") }
            case let .format(formats, kind):
                guard let format = OutputFormat(rawValue: text), formats.contains(format) else {
                    throw UsageError(UnknownFormat(name: text, kind: kind, expected: formats).description)
                }
            }
        }

        /// "a, b or c".
        static func listed(_ words: [String]) -> String {
            words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
        }
    }
}
