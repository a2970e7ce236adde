/// A command line the parser refuses: what was wrong (typed, for tests and callers), the option
/// it was about, and one line saying so and what was expected.
public struct CommandLineError: Error, CustomStringConvertible, Equatable {
    public enum Kind: Sendable, Equatable {
        case unknownCommand, unknownOption, missingValue, invalidValue, unexpectedArgument, missingArgument, conflict
    }

    public let kind: Kind
    /// The option or argument at fault (`--threads`), when there is one.
    public let option: String?
    public let message: String
    /// The command whose help explains the usage; set by the parser.
    public var command: String?
    /// A conflict's declarations, each as the command line writes it (`--engine CMD`), in the
    /// order its message names them: which options to change, as a value.
    public var between: [String] = []

    public init(_ kind: Kind, option: String? = nil, _ message: String, command: String? = nil) {
        (self.kind, self.option, self.message, self.command) = (kind, option, message, command)
    }

    public var description: String { message }
}

extension CommandLineError {
    /// `given` without `partner`, which it goes with: `--bisect-jobs goes with --bisect`, the
    /// reason after it when there is one. The names come from the declarations.
    public static func needs(_ given: any ArgumentDeclaration, _ partner: any ArgumentDeclaration, because reason: String? = nil) -> Self {
        var error = CommandLineError(.conflict, option: given.name, "\(given.usage) goes with \(partner.usage)" + (reason.map { " (\($0))" } ?? ""))
        error.between = [given.usage, partner.usage]
        return error
    }

    /// `given` and `other` together, where one of them is meant: `--fixture ID and --filter REGEX
    /// both choose fixtures; give one`.
    public static func excludes(_ given: any ArgumentDeclaration, _ other: any ArgumentDeclaration, because reason: String) -> Self {
        var error = CommandLineError(.conflict, option: given.name, "\(given.usage) and \(other.usage) \(reason); give one")
        error.between = [given.usage, other.usage]
        return error
    }

    /// More than one of `choices` given: `choose one of --quick, --standard, --rigorous`.
    public static func oneOf(_ choices: [any ArgumentDeclaration]) -> Self {
        var error = CommandLineError(.conflict, option: choices.first { $0.isGiven }?.name, "choose one of " + choices.map(\.usage).joined(separator: ", "))
        error.between = choices.map(\.usage)
        return error
    }
}
