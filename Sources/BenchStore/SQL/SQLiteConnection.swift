import CSQLite
import Foundation

/// An SQLite database file, opened read-write (created when absent) in WAL mode, with each
/// statement prepared once and kept.
public final class SQLiteConnection: SQLConnection {
    public let dialect = SQLDialect.sqlite
    public let path: String
    private var handle: OpaquePointer?
    private var prepared: [String: OpaquePointer] = [:]

    /// `SQLITE_TRANSIENT`: SQLite copies a bound text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    public init(path: String, create: Bool = true) throws {
        self.path = path
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            handle = nil
            throw StoreError("cannot open the SQLite store \(path): \(message)")
        }
        // A writer on another process waits up to 30 s for the lock rather than failing.
        sqlite3_busy_timeout(handle, 30_000)
        try script("PRAGMA foreign_keys = ON")
        _ = try? query("PRAGMA journal_mode = WAL", [])
    }

    deinit {
        for statement in prepared.values { sqlite3_finalize(statement) }
        sqlite3_close(handle)
    }

    private func failure(_ what: String) -> StoreError {
        StoreError("the SQLite store \(path): \(what): \(String(cString: sqlite3_errmsg(handle)))")
    }

    private func statement(_ sql: String, _ parameters: [SQLValue]) throws -> OpaquePointer {
        let statement: OpaquePointer
        if let cached = prepared[sql] {
            statement = cached
        } else {
            var made: OpaquePointer?
            guard sqlite3_prepare_v2(handle, sql, -1, &made, nil) == SQLITE_OK, let made else { throw failure("cannot prepare \(sql)") }
            prepared[sql] = made
            statement = made
        }
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        guard Int(sqlite3_bind_parameter_count(statement)) == parameters.count else {
            throw StoreError("\(parameters.count) values for \(sqlite3_bind_parameter_count(statement)) parameters in \(sql)")
        }
        for (offset, value) in parameters.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .null: sqlite3_bind_null(statement, index)
            case .integer(let i): sqlite3_bind_int64(statement, index, i)
            case .real(let d): sqlite3_bind_double(statement, index, d)
            case .text(let s): sqlite3_bind_text(statement, index, s, -1, Self.transient)
            }
        }
        return statement
    }

    public func execute(_ sql: String, _ parameters: [SQLValue]) throws -> Int {
        let statement = try statement(sql, parameters)
        defer { sqlite3_reset(statement) }
        var status = sqlite3_step(statement)
        while status == SQLITE_ROW { status = sqlite3_step(statement) }
        guard status == SQLITE_DONE else { throw failure("cannot run \(sql)") }
        return Int(sqlite3_changes(handle))
    }

    public func query(_ sql: String, _ parameters: [SQLValue]) throws -> [SQLRow] {
        let statement = try statement(sql, parameters)
        defer { sqlite3_reset(statement) }
        var rows: [SQLRow] = []
        let columns = sqlite3_column_count(statement)
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw failure("cannot run \(sql)") }
            var values: [SQLValue] = []
            values.reserveCapacity(Int(columns))
            for column in 0..<columns {
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: values.append(.integer(sqlite3_column_int64(statement, column)))
                case SQLITE_FLOAT: values.append(.real(sqlite3_column_double(statement, column)))
                case SQLITE_NULL: values.append(.null)
                default: values.append(.text(String(cString: sqlite3_column_text(statement, column))))
                }
            }
            rows.append(SQLRow(values))
        }
        return rows
    }

    public func script(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(error)
            throw StoreError("the SQLite store \(path): \(message)")
        }
    }

    public func begin() throws { try script("BEGIN IMMEDIATE") }

    /// A file does not go away between statements.
    public var isLost: Bool { false }
}
