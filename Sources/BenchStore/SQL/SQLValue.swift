import Foundation

/// A value bound to, or read from, a statement. Everything a user names (benchmarks, fixtures,
/// engines, revisions) reaches SQL only as one of these, never inside the statement's text.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    public init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    public init(_ value: Double?) { self = value.map { $0.isFinite ? .real($0) : .null } ?? .null }
    public init(_ value: Bool?) { self = value.map { .integer($0 ? 1 : 0) } ?? .null }

    public var string: String? {
        switch self {
        case .text(let s): return s
        case .integer(let i): return String(i)
        case .real(let d): return String(d)
        case .null: return nil
        }
    }

    public var int: Int? {
        switch self {
        case .integer(let i): return Int(i)
        case .real(let d): return Int(exactly: d)
        case .text(let s): return Int(s)
        case .null: return nil
        }
    }

    public var double: Double? {
        switch self {
        case .real(let d): return d
        case .integer(let i): return Double(i)
        case .text(let s): return Double(s)
        case .null: return nil
        }
    }
}

/// One row of a query's answer, read by column position.
public struct SQLRow: Sendable {
    public var values: [SQLValue]
    public init(_ values: [SQLValue]) { self.values = values }
    public subscript(_ column: Int) -> SQLValue { values[column] }
}
