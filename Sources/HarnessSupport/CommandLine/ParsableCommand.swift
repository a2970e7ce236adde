/// Options declared together: a command, or a group of options several commands (and the
/// command lines of worker processes) share, such as an engine's. A group is a stored property
/// of the command; the parser finds its declarations through it.
public protocol ParsableArguments {
    /// Checks between options once every value is read (`--engine-shell` goes with `--engine`).
    func validate() throws(CommandLineError)
}

extension ParsableArguments {
    public func validate() throws(CommandLineError) {}

    /// Every declaration, its groups' included, in the order written.
    public var declarations: [any ArgumentDeclaration] { Self.declarations(in: self) }

    static func declarations(in value: Any) -> [any ArgumentDeclaration] {
        Mirror(reflecting: value).children.flatMap { child -> [any ArgumentDeclaration] in
            if let declaration = child.value as? any ArgumentDeclaration { return [declaration] }
            if let group = child.value as? any ParsableArguments { return declarations(in: group) }
            return []
        }
    }

    /// The groups among the stored properties, depth first.
    var groups: [any ParsableArguments] {
        Mirror(reflecting: self).children.compactMap { $0.value as? any ParsableArguments }.flatMap { [$0] + $0.groups }
    }

    /// Reads `words` into the declarations, every value of its kind; `command` names the
    /// command in messages. Then runs every group's checks and this one's.
    public func parse(_ words: [String], command: String) throws(CommandLineError) {
        let rest = try parseOptions(words[...], command: command, stopAtWord: false)
        assert(rest.isEmpty)
        for group in groups { try group.validate() }
        try validate()
    }

    /// Reads the options at the front of `words`, up to the first word that is not one; returns
    /// the words after them (a worker's request, written after its options).
    public func parsePrefix(_ words: [String], command: String) throws(CommandLineError) -> [String] {
        let rest = try parseOptions(words[...], command: command, stopAtWord: true)
        for group in groups { try group.validate() }
        try validate()
        return Array(rest)
    }

    private func parseOptions(_ words: ArraySlice<String>, command: String, stopAtWord: Bool) throws(CommandLineError) -> ArraySlice<String> {
        let all = declarations
        let positionals = all.compactMap { $0 as? Positionals }.first
        let named = Dictionary(all.filter { !($0 is Positionals) }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var rest = words
        while let word = rest.first {
            guard word.hasPrefix("--") else {
                if stopAtWord { return rest }
                rest.removeFirst()
                guard let positionals else {
                    throw CommandLineError(.unexpectedArgument, option: word, "unexpected argument '\(word)' for '\(command)'", command: command)
                }
                do { try positionals.take(word) } catch {
                    throw CommandLineError(.unexpectedArgument, option: word, "unexpected argument '\(word)' for '\(command)'", command: command)
                }
                continue
            }
            rest.removeFirst()
            guard let declaration = named[word] else {
                let known = named.keys.sorted()
                let hint =
                    known.isEmpty
                    ? "it takes no options" : likelyName(known, for: word).map { "did you mean \($0)?" } ?? "it takes \(known.joined(separator: ", "))"
                throw CommandLineError(.unknownOption, option: word, "unknown option '\(word)' for '\(command)'; \(hint)", command: command)
            }
            var value: String?
            if declaration.placeholder != nil, let next = rest.first, !next.hasPrefix("--") { value = rest.removeFirst() }
            do { try declaration.take(value) } catch {
                var error = error
                error.command = command
                throw error
            }
        }
        return rest
    }
}

/// A command: its name, what it does and its exit codes, its options as declarations, and what
/// it does with their values.
public protocol ParsableCommand: ParsableArguments {
    static var configuration: CommandConfiguration { get }
    init()
    /// Does the work; the status the process exits with.
    func run() throws -> Int32
}

extension ParsableCommand {
    /// The command `words` ask for, every value read and checked.
    public static func parse(_ words: [String]) throws(CommandLineError) -> Self {
        let command = Self()
        do { try command.parse(words, command: configuration.name) } catch {
            var error = error
            error.command = configuration.name
            throw error
        }
        return command
    }

    /// Parses `words` and runs the command.
    public static func main(_ words: [String]) throws -> Int32 { try parse(words).run() }
}

/// What a command is called and says of itself.
public struct CommandConfiguration: Sendable {
    public struct Exit: Sendable {
        public var code: Int32
        public var meaning: String
        public init(_ code: Int32, _ meaning: String) { (self.code, self.meaning) = (code, meaning) }
    }

    /// Its name; a member of a group of commands is written with the group's (`fixtures coverage`).
    public var name: String
    public var summary: String
    /// The exit codes it declares, beyond 0 and 1.
    public var exits: [Exit]
    /// Left out of the overview (commands the tool starts as its own children).
    public var hidden: Bool
    /// The remedies running it applies, with its own declarations that apply each: an error in
    /// another command naming one is answered with this command (`db migrate`, `conform
    /// --fixture-timeout S`).
    public var remedies: [Remedy]

    public init(name: String, summary: String, exits: [Exit] = [], hidden: Bool = false, remedies: [Remedy] = []) {
        (self.name, self.summary, self.exits, self.hidden, self.remedies) = (name, summary, exits, hidden, remedies)
    }
}
