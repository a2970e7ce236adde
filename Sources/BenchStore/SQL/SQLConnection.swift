import Foundation
import HarnessSupport

/// Which SQL the connection speaks where the two engines differ: the schema's few type words,
/// the clock, and row locking.
public enum SQLDialect: String, Sendable {
    case sqlite, postgresql

    /// The schema's placeholders (`{serial}`, `{int}`, `{real}`) in this dialect's words.
    func schema(_ text: String) -> String {
        switch self {
        case .sqlite:
            return text.replacingOccurrences(of: "{serial}", with: "INTEGER PRIMARY KEY AUTOINCREMENT")
                .replacingOccurrences(of: "{int}", with: "INTEGER").replacingOccurrences(of: "{real}", with: "REAL")
        case .postgresql:
            return text.replacingOccurrences(of: "{serial}", with: "BIGSERIAL PRIMARY KEY")
                .replacingOccurrences(of: "{int}", with: "BIGINT").replacingOccurrences(of: "{real}", with: "DOUBLE PRECISION")
        }
    }

    /// The database's clock in seconds since 1970: the one clock every machine of a fleet shares.
    var now: String {
        switch self {
        case .sqlite: return "((julianday('now') - 2440587.5) * 86400.0)"
        case .postgresql: return "extract(epoch from clock_timestamp())::double precision"
        }
    }

    /// What a claiming `SELECT` ends with, so concurrent claimers pass over each other's rows.
    /// (SQLite has one writer at a time: its claim runs in a write transaction instead.)
    var skipLocked: String { self == .postgresql ? " FOR UPDATE SKIP LOCKED" : "" }
}

/// A connection to a database: statements with `?` placeholders and bound values.
public protocol SQLConnection: AnyObject {
    var dialect: SQLDialect { get }
    /// Runs a statement; returns the rows it changed.
    @discardableResult func execute(_ sql: String, _ parameters: [SQLValue]) throws -> Int
    /// Runs a query; returns its rows.
    func query(_ sql: String, _ parameters: [SQLValue]) throws -> [SQLRow]
    /// Runs statements separated by semicolons, without parameters (the schema).
    func script(_ sql: String) throws
    /// Starts a transaction that takes the write lock at once.
    func begin() throws
    /// Whether the connection itself is lost (a server that went away), as opposed to a
    /// statement refused: only then may a new connection succeed where this one failed.
    var isLost: Bool { get }
}

extension SQLConnection {
    /// `body` in one transaction: committed when it returns, rolled back when it throws, so a
    /// write is whole or absent.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try begin()
        do {
            let value = try body()
            try script("COMMIT")
            return value
        } catch {
            try? script("ROLLBACK")
            throw error
        }
    }

    public func query(_ sql: String, _ parameters: SQLValue...) throws -> [SQLRow] { try query(sql, parameters) }
    @discardableResult public func execute(_ sql: String, _ parameters: SQLValue...) throws -> Int { try execute(sql, parameters) }
}

/// A database refused or failed a statement, or could not be reached.
public struct StoreError: RemediableError, CustomStringConvertible, Sendable {
    public var description: String
    /// The change that gets past it, when one does (an older store: migrating it).
    public var remedy: Remedy?
    public init(_ description: String, remedy: Remedy? = nil) { (self.description, self.remedy) = (description, remedy) }
}
