import Foundation

/// A JSON document, parsed by our own small parser so that numbers and booleans stay distinct,
/// object keys keep their order (a regenerated fixture diffs cleanly), and a syntax error says
/// the line and column.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b || (a.isNaN && b.isNaN)
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The members of an object, in order; nil for anything else.
    public var object: [(String, JSONValue)]? {
        guard case let .object(members) = self else { return nil }
        return members
    }

    /// The elements of an array; nil for anything else.
    public var array: [JSONValue]? {
        guard case let .array(items) = self else { return nil }
        return items
    }

    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    /// Parses `text`; a syntax error gives its line and column.
    public static func parse(_ text: String) throws -> JSONValue {
        var parser = Parser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    /// Pretty-printed with two-space indentation; numbers print as the shortest form that reads
    /// back to the same double.
    public func serialized(indent: String = "") -> String {
        switch self {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(n): return Self.format(n)
        case let .string(s): return Self.quote(s)
        case let .array(items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({
                if case .number = $0 { return true }
                if case .string = $0 { return true }
                return false
            }) {
                return "[" + items.map { $0.serialized() }.joined(separator: ", ") + "]"
            }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.serialized(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case let .object(members):
            if members.isEmpty { return "{}" }
            let inner = indent + "  "
            return "{\n" + members.map { inner + Self.quote($0.0) + ": " + $0.1.serialized(indent: inner) }.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    package static func format(_ n: Double) -> String {
        if n == n.rounded() && abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }

    package static func quote(_ s: String) -> String {
        var out = ""
        quote(s, into: &out)
        return out
    }

    /// Appends `s` quoted; a string with nothing to escape (most) is appended whole.
    package static func quote(_ s: String, into out: inout String) {
        out += "\""
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        out += "\""
    }

    struct Parser {
        let bytes: [UInt8]
        var index = 0

        func error(_ message: String) -> FixtureError {
            var line = 1, column = 1
            for byte in bytes[..<min(index, bytes.count)] {
                if byte == 10 {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            return FixtureError(path: "line \(line), column \(column) (byte \(min(index, bytes.count)))", message: "invalid JSON: \(message)")
        }

        // Byte tests by `switch`, not `contains` on a literal collection: fixtures are mostly
        // indentation, and a debug build (the tests') builds that collection at every byte.
        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 9, 10, 13, 32: index += 1
                default: return
                }
            }
        }

        static func mayBeInNumber(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                return true
            default: return false
            }
        }

        mutating func value(depth: Int) throws -> JSONValue {
            guard depth < 256 else { throw error("nested too deeply") }
            guard index < bytes.count else { throw error("unexpected end of input (truncated?)") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            default: return .number(try number())
            }
        }

        mutating func literal(_ word: String) throws {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected else {
                throw error("expected '\(word)'")
            }
            index += expected.count
        }

        mutating func object(depth: Int) throws -> JSONValue {
            index += 1
            var members: [(String, JSONValue)] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key string") }
                let keyStart = index
                let key = try string()
                // The last of two equal keys would silently win: a typo's twin hides the intent.
                if members.contains(where: { $0.0 == key }) {
                    index = keyStart
                    throw error("duplicate key \"\(key)\" in an object")
                }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
                index += 1
                skipWhitespace()
                members.append((key, try value(depth: depth + 1)))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of input inside an object (truncated?)") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                throw error("expected ',' or '}' in an object")
            }
        }

        mutating func array(depth: Int) throws -> JSONValue {
            index += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                skipWhitespace()
                items.append(try value(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of input inside an array (truncated?)") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                }
                throw error("expected ',' or ']' in an array")
            }
        }

        mutating func string() throws -> String {
            index += 1
            // Runs of plain bytes are decoded whole, between the escapes: most strings have none.
            var text = "", run = index
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    text += String(decoding: bytes[run..<index], as: UTF8.self)
                    index += 1
                    return text
                case UInt8(ascii: "\\"):
                    text += String(decoding: bytes[run..<index], as: UTF8.self)
                    index += 1
                    guard index < bytes.count else { throw error("unterminated escape") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): text.unicodeScalars.append("\"")
                    case UInt8(ascii: "\\"): text.unicodeScalars.append("\\")
                    case UInt8(ascii: "/"): text.unicodeScalars.append("/")
                    case UInt8(ascii: "n"): text.unicodeScalars.append("\n")
                    case UInt8(ascii: "t"): text.unicodeScalars.append("\t")
                    case UInt8(ascii: "r"): text.unicodeScalars.append("\r")
                    case UInt8(ascii: "b"): text.unicodeScalars.append("\u{8}")
                    case UInt8(ascii: "f"): text.unicodeScalars.append("\u{c}")
                    case UInt8(ascii: "u"):
                        guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16) else {
                            throw error("invalid \\u escape")
                        }
                        index += 4
                        text.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default: throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                    }
                    run = index
                default:
                    guard byte >= 0x20 else {
                        index += 1
                        throw error("control character in a string")
                    }
                    index += 1
                }
            }
            throw error("unterminated string (truncated?)")
        }

        /// A number in JSON's grammar (RFC 8259 §6): -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
        /// — not `.5`, `01`, `1.`, `+1` or `1e`, which other readers take differently or refuse.
        mutating func number() throws -> Double {
            let start = index
            while index < bytes.count, Self.mayBeInNumber(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard !text.isEmpty else { throw error("expected a value") }
            guard Self.isJSONNumber(Array(text.utf8)), let value = Double(text) else {
                index = start
                throw error("'\(text)' is not a JSON number (JSON writes 0.5, not .5; 1, not 01 or 1. or +1)")
            }
            guard value.isFinite else {
                index = start
                throw error("'\(text)' is beyond the range of a double")
            }
            return value
        }

        static func isJSONNumber(_ t: [UInt8]) -> Bool {
            var i = 0
            func digits() -> Int {
                let s = i
                while i < t.count, (48...57).contains(t[i]) { i += 1 }
                return i - s
            }
            if i < t.count, t[i] == UInt8(ascii: "-") { i += 1 }
            guard i < t.count else { return false }
            if t[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { return false }
            if i < t.count, t[i] == UInt8(ascii: ".") {
                i += 1
                if digits() == 0 { return false }
            }
            if i < t.count, t[i] == UInt8(ascii: "e") || t[i] == UInt8(ascii: "E") {
                i += 1
                if i < t.count, t[i] == UInt8(ascii: "+") || t[i] == UInt8(ascii: "-") { i += 1 }
                if digits() == 0 { return false }
            }
            return i == t.count
        }
    }
}
