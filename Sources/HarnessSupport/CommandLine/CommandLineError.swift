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

    public init(_ kind: Kind, option: String? = nil, _ message: String, command: String? = nil) {
        (self.kind, self.option, self.message, self.command) = (kind, option, message, command)
    }

    public var description: String { message }
}
