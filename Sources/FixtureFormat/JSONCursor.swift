/// A position in a parsed JSON document, for decoding fixtures with errors that say where and
/// what: `$.events[2].animation: unknown animation 'springy'; expected one of …`.
public struct JSONCursor {
    package let value: JSONValue
    package let path: String

    package init(root: JSONValue) {
        value = root
        path = "$"
    }

    private init(value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    package func error(_ message: String, rule: FixtureError.Rule = .format) -> FixtureError {
        var error = FixtureError(path: path, message: message)
        error.rule = rule
        return error
    }

    package var isNull: Bool { value == .null }

    package func members() throws -> [(String, JSONValue)] {
        guard case let .object(members) = value else { throw error("expected an object, found \(Self.describe(value))") }
        return members
    }

    package func array() throws -> [JSONCursor] {
        guard case let .array(items) = value else { throw error("expected an array, found \(Self.describe(value))") }
        return items.enumerated().map { JSONCursor(value: $1, path: "\(path)[\($0)]") }
    }

    /// The member `key`, which must be present.
    package func field(_ key: String) throws -> JSONCursor {
        guard let member = try optionalField(key) else { throw JSONCursor(value: value, path: "\(path).\(key)").error("missing; it is required") }
        return member
    }

    /// The member `key`, or nil when absent.
    package func optionalField(_ key: String) throws -> JSONCursor? {
        guard let member = try members().last(where: { $0.0 == key }) else { return nil }
        return JSONCursor(value: member.1, path: "\(path).\(key)")
    }

    /// The single key of an object written as `{"kind": arguments}`.
    package func singleKey() throws -> (String, JSONCursor) {
        let all = try members()
        guard all.count == 1, let (key, member) = all.first else {
            throw error("expected an object with exactly one key, found \(all.count) keys")
        }
        return (key, JSONCursor(value: member, path: "\(path).\(key)"))
    }

    /// Fails on members not in `allowed`: a misspelt key is an error, not silently ignored.
    package func onlyKeys(_ allowed: Set<String>) throws {
        for (key, _) in try members() where !allowed.contains(key) {
            throw JSONCursor(value: value, path: "\(path).\(key)").error("unknown field; expected one of: \(allowed.sorted().joined(separator: ", "))")
        }
    }

    package func number() throws -> Double {
        guard case let .number(n) = value else { throw error("expected a number, found \(Self.describe(value))") }
        guard n.isFinite else { throw error("expected a finite number, found \(n)") }
        return n
    }

    /// A number, or one of the strings "inf", "-inf" (expected values may be infinite).
    package func extendedNumber() throws -> Double {
        if case let .string(text) = value {
            switch text {
            case "inf", "+inf": return .infinity
            case "-inf": return -.infinity
            case "nan": return .nan
            default: throw error("expected a number or \"inf\"/\"-inf\"/\"nan\", found \"\(text)\"")
            }
        }
        return try number()
    }

    package func nonNegativeNumber() throws -> Double {
        let n = try number()
        guard n >= 0 else { throw error("expected a non-negative number, found \(JSONValue.format(n))") }
        return n
    }

    /// A number no larger than `limit` and not negative (positive, with `positive`), with an error
    /// that names the limit: a fixture may not ask for unbounded work.
    package func number(atMost limit: Double, _ what: String, unit: String, positive: Bool = false) throws -> Double {
        let n = try number()
        guard positive ? n > 0 : n >= 0 else { throw error("\(what) must be \(positive ? "positive" : "non-negative"), found \(JSONValue.format(n))") }
        guard n <= limit else {
            throw error(
                "\(what) \(JSONValue.format(n))\(unit.isEmpty ? "" : " " + unit) exceeds the \(JSONValue.format(limit))\(unit.isEmpty ? "" : " " + unit) limit")
        }
        return n
    }

    /// `n` as an Int when it is whole.
    package static func whole(_ n: Double, _ cursor: JSONCursor) throws -> Int {
        guard n == n.rounded(), abs(n) < 1e15 else { throw cursor.error("expected a whole number, found \(n)") }
        return Int(n)
    }

    package func integer() throws -> Int { try Self.whole(try number(), self) }

    package func string() throws -> String {
        guard case let .string(text) = value else { throw error("expected a string, found \(Self.describe(value))") }
        return text
    }

    package func bool() throws -> Bool {
        guard case let .bool(b) = value else { throw error("expected true or false, found \(Self.describe(value))") }
        return b
    }

    package func numbers(count: Int? = nil) throws -> [Double] {
        let items = try array().map { try $0.number() }
        if let count, items.count != count { throw error("expected \(count) numbers, found \(items.count)") }
        return items
    }

    package static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(n): return "the number \(JSONValue.format(n))"
        case let .string(s): return "the string \"\(s.prefix(40))\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A fixture that cannot be used: the JSON path and what was expected there. The loader adds the
/// file.
public struct FixtureError: Error, CustomStringConvertible, Sendable {
    public var file: String?
    public let path: String
    public let message: String
    /// Which kind of rule the fixture broke: one Fixtures/fixture.schema.json states, or one it
    /// cannot (a name that must name something else in the fixture, times in order, the work a
    /// fixture may ask for), which the reader alone enforces.
    public var rule = Rule.format

    public enum Rule: String, Sendable, CaseIterable {
        /// The format the schema states: keys, types, enumerations, ranges, forms.
        case format
        /// A name that must name something the fixture declares (a phase, a struct's property).
        case reference
        /// Order: times that go backwards, `autoreverses` not directly after its repeat.
        case order
        /// Work beyond a limit on a product of fields (frames = duration × frame rate).
        case limit
    }

    public init(file: String? = nil, path: String, message: String, rule: Rule = .format) {
        self.rule = rule
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String { "\(file.map { $0 + ": " } ?? "")\(path): \(message)" }
}
