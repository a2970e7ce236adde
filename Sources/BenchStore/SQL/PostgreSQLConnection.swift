import CLibPQ
import Foundation

/// A PostgreSQL server, through libpq: parameters are sent apart from the statement's text
/// (`PQexecParams`), as text the server types from their place in the statement.
public final class PostgreSQLConnection: SQLConnection {
    public let dialect = SQLDialect.postgresql
    public let location: StoreLocation
    private var handle: OpaquePointer?
    /// Statements with `?` rewritten to `$1…$n`, by source text.
    private var numbered: [String: String] = [:]

    public init(_ location: StoreLocation) throws {
        self.location = location
        handle = PQconnectdb(location.raw)
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = errorMessage()
            PQfinish(handle)
            handle = nil
            throw StoreError("cannot reach the PostgreSQL store \(location.redacted): \(message)")
        }
        // Notices ("relation already exists, skipping") are not the user's concern.
        _ = try? script("SET client_min_messages = warning")
    }

    deinit { PQfinish(handle) }

    private func errorMessage(_ result: OpaquePointer? = nil) -> String {
        let raw =
            result.flatMap { PQresultErrorMessage($0) }.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? handle.map { String(cString: PQerrorMessage($0)) } ?? "out of memory"
        return location.scrub(raw.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `?` placeholders (outside quoted text) as PostgreSQL's `$n`.
    static func number(_ sql: String) -> String {
        var out = "", n = 0, quoted = false
        for c in sql {
            if c == "'" { quoted.toggle() }
            if c == "?" && !quoted {
                n += 1
                out += "$\(n)"
            } else {
                out.append(c)
            }
        }
        return out
    }

    private func run(_ sql: String, _ parameters: [SQLValue]) throws -> OpaquePointer {
        let text: String
        if let cached = numbered[sql] {
            text = cached
        } else {
            text = Self.number(sql)
            numbered[sql] = text
        }
        let strings = parameters.map(\.string)
        var pointers = strings.map { $0.flatMap { strdup($0) } }
        defer { for p in pointers { free(p) } }
        let result: OpaquePointer? = pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: max(1, buffer.count)) { values in
                PQexecParams(handle, text, Int32(parameters.count), nil, parameters.isEmpty ? nil : values, nil, nil, 0)
            }
        }
        guard let result else { throw StoreError("the PostgreSQL store \(location.redacted): \(errorMessage())") }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let message = errorMessage(result)
            PQclear(result)
            throw StoreError("the PostgreSQL store \(location.redacted): \(message)")
        }
        return result
    }

    public func execute(_ sql: String, _ parameters: [SQLValue]) throws -> Int {
        let result = try run(sql, parameters)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    public func query(_ sql: String, _ parameters: [SQLValue]) throws -> [SQLRow] {
        let result = try run(sql, parameters)
        defer { PQclear(result) }
        let (count, columns) = (PQntuples(result), PQnfields(result))
        let types = (0..<columns).map { PQftype(result, $0) }
        var rows: [SQLRow] = []
        rows.reserveCapacity(Int(count))
        for row in 0..<count {
            var values: [SQLValue] = []
            values.reserveCapacity(Int(columns))
            for column in 0..<columns {
                if PQgetisnull(result, row, column) == 1 {
                    values.append(.null)
                    continue
                }
                let text = String(cString: PQgetvalue(result, row, column))
                switch types[Int(column)] {
                case 20, 21, 23: values.append(Int64(text).map(SQLValue.integer) ?? .text(text)) // int8, int2, int4
                case 700, 701, 1700: values.append(Double(text).map(SQLValue.real) ?? .text(text)) // float4, float8, numeric
                case 16: values.append(.integer(text == "t" ? 1 : 0)) // bool
                default: values.append(.text(text))
                }
            }
            rows.append(SQLRow(values))
        }
        return rows
    }

    public func script(_ sql: String) throws {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard result != nil, status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw StoreError("the PostgreSQL store \(location.redacted): \(errorMessage(result))")
        }
    }

    public func begin() throws { try script("BEGIN") }

    public var isLost: Bool { handle == nil || PQstatus(handle) != CONNECTION_OK }
}
