/// One option, flag or run of positional arguments of a command, as the parser and help see it
/// whatever its value's type. The property wrappers below are the only kinds.
public protocol ArgumentDeclaration: AnyObject {
    /// `--name`; for positional arguments, their usage words.
    var name: String { get }
    /// The value's placeholder (`DIR`); nil for a flag.
    var placeholder: String? { get }
    var help: String { get }
    /// The kind's words in help; nil for free text and flags.
    var kindHelp: String? { get }
    /// The default as help shows it; nil when there is none.
    var defaultHelp: String? { get }
    /// Whether the command line gave it (a default does not count).
    var isGiven: Bool { get }
    /// The field of the application's request its value fills, by the field's name: a refusal of
    /// that field names this declaration. Nil when no refusal is about it.
    var fills: String? { get }
    /// The remedies giving it applies: an error naming one is answered with this declaration.
    var remedies: [Remedy] { get }
    /// Reads one value of it (flags: nil).
    func take(_ text: String?) throws(CommandLineError)
}

extension ArgumentDeclaration {
    /// How a command line writes it: its name and its placeholder (`--reports DIR`).
    public var usage: String { [name, placeholder].compactMap { $0 }.joined(separator: " ") }
}

/// `--name VALUE`, declared once with its placeholder, kind, default and help; after parsing the
/// property is the typed value (the last one given, else the default).
@propertyWrapper
public final class Option<Value>: ArgumentDeclaration {
    public let name: String
    public let placeholder: String?
    public let help: String
    public let kindHelp: String?
    public let defaultHelp: String?
    public let fills: String?
    public let remedies: [Remedy]
    public private(set) var isGiven = false
    public private(set) var wrappedValue: Value
    private let absorb: (inout Value, String) throws(CommandLineError) -> Void

    public var projectedValue: Option<Value> { self }

    private init(
        _ name: String, _ placeholder: String, kindHelp: String?, defaultHelp: String?, value: Value, help: String,
        fills: (any RawRepresentable<String>)?, remedies: [Remedy], absorb: @escaping (inout Value, String) throws(CommandLineError) -> Void
    ) {
        (self.name, self.placeholder, self.help, self.kindHelp, self.defaultHelp, wrappedValue) = (name, placeholder, help, kindHelp, defaultHelp, value)
        (self.fills, self.remedies, self.absorb) = (fills?.rawValue, remedies, absorb)
    }

    /// An option with a default, which help shows.
    public convenience init(
        _ name: String, _ placeholder: String, _ kind: ValueKind<Value>, default value: Value, fills: (any RawRepresentable<String>)? = nil,
        remedies: [Remedy] = [], help: String
    ) {
        self.init(
            name, placeholder, kindHelp: kind.help, defaultHelp: kind.describe(value), value: value, help: help, fills: fills, remedies: remedies
        ) { value, text throws(CommandLineError) in value = try kind.parse(text, name) }
    }

    /// An option with no default: nil when not given.
    public convenience init<Wrapped>(
        _ name: String, _ placeholder: String, _ kind: ValueKind<Wrapped>, fills: (any RawRepresentable<String>)? = nil,
        remedies: [Remedy] = [], help: String
    ) where Value == Wrapped? {
        self.init(name, placeholder, kindHelp: kind.help, defaultHelp: nil, value: nil, help: help, fills: fills, remedies: remedies) {
            value, text throws(CommandLineError) in value = try kind.parse(text, name)
        }
    }

    /// A text option with no default.
    public convenience init(
        _ name: String, _ placeholder: String, fills: (any RawRepresentable<String>)? = nil, remedies: [Remedy] = [], help: String
    ) where Value == String? {
        self.init(name, placeholder, .text, fills: fills, remedies: remedies, help: help)
    }

    /// A text option with a default.
    public convenience init(
        _ name: String, _ placeholder: String, default value: String, fills: (any RawRepresentable<String>)? = nil,
        remedies: [Remedy] = [], help: String
    ) where Value == String {
        self.init(name, placeholder, .text, default: value, fills: fills, remedies: remedies, help: help)
    }

    /// A repeatable option: every value given, in order.
    public convenience init<Element>(
        repeating name: String, _ placeholder: String, _ kind: ValueKind<Element>, fills: (any RawRepresentable<String>)? = nil,
        remedies: [Remedy] = [], help: String
    ) where Value == [Element] {
        self.init(name, placeholder, kindHelp: kind.help, defaultHelp: nil, value: [], help: help, fills: fills, remedies: remedies) {
            value, text throws(CommandLineError) in value.append(try kind.parse(text, name))
        }
    }

    public func take(_ text: String?) throws(CommandLineError) {
        guard let text else { throw CommandLineError(.missingValue, option: name, "\(name) needs a value") }
        try absorb(&wrappedValue, text)
        isGiven = true
    }
}

/// `--name`, a switch: true when given.
@propertyWrapper
public final class Flag: ArgumentDeclaration {
    public let name: String
    public let help: String
    public var placeholder: String? { nil }
    public var kindHelp: String? { nil }
    public var defaultHelp: String? { nil }
    public var fills: String? { nil }
    public let remedies: [Remedy]
    public private(set) var wrappedValue = false
    public var isGiven: Bool { wrappedValue }
    public var projectedValue: Flag { self }

    public init(_ name: String, remedies: [Remedy] = [], help: String) { (self.name, self.help, self.remedies) = (name, help, remedies) }

    public func take(_: String?) throws(CommandLineError) { wrappedValue = true }
}

/// The words that are not options, at most `maximum` of them; `name` is how the usage line shows
/// them (`BASELINE [CANDIDATE]`).
@propertyWrapper
public final class Positionals: ArgumentDeclaration {
    public let name: String
    public let maximum: Int
    public var help: String { "" }
    public var placeholder: String? { nil }
    public var kindHelp: String? { nil }
    public var defaultHelp: String? { nil }
    public let fills: String?
    public var remedies: [Remedy] { [] }
    public private(set) var wrappedValue: [String] = []
    public var isGiven: Bool { !wrappedValue.isEmpty }

    public init(_ usage: String, maximum: Int, fills: (any RawRepresentable<String>)? = nil) {
        (name, self.maximum, self.fills) = (usage, maximum, fills?.rawValue)
    }

    public func take(_ text: String?) throws(CommandLineError) {
        guard let text, wrappedValue.count < maximum else {
            throw CommandLineError(.unexpectedArgument, option: text, "unexpected argument '\(text ?? "")'")
        }
        wrappedValue.append(text)
    }
}
