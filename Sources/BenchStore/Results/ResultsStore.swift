import BenchKit
import Foundation

/// Results in a database, one schema on SQLite and PostgreSQL: machines, revisions, runs with a
/// row of summary statistics per benchmark, conformance verdicts, revision comparisons, change
/// points and the fleet's job queue (`Schema`). Every write is one transaction. Raw samples stay
/// in each run's JSON file, the interchange format; the store keeps what reports query.
public final class ResultsStore {
    public let location: StoreLocation
    public let connection: SQLConnection

    /// When `open` may bring a store's schema up to this tool's version.
    public enum Migration: Sendable {
        /// An embedded file always; a server only when it holds no schema yet (a fleet's shared
        /// server is migrated on purpose, with `db migrate`, while older collectors are stopped).
        case automatic
        /// Always (`db migrate`).
        case always
        /// Never: a store older than the tool is refused.
        case never
    }

    /// Opens (an embedded file: creating) the store; refuses one whose schema is newer than this
    /// tool's, or older when `migration` does not allow bringing it up to date.
    /// `allowOlder` leaves an older store as it is instead (for `db migrate` and `db status`).
    public init(_ location: StoreLocation, migration: Migration = .automatic, allowOlder: Bool = false) throws {
        self.location = location
        connection = try location.connect()
        let found = try version()
        if found > Schema.version {
            throw StoreError(
                "\(location.kind.rawValue) store \(location.redacted) has schema version \(found), newer than this tool's \(Schema.version): use a newer motion-bench with it (nothing was written)"
            )
        }
        guard found < Schema.version, !allowOlder else { return }
        let allowed: Bool
        switch migration {
        case .always: allowed = true
        case .never: allowed = false
        case .automatic: allowed = location.kind == .sqlite || found == 0
        }
        guard allowed else {
            throw StoreError(
                "\(location.kind.rawValue) store \(location.redacted) has schema version \(found), older than this tool's \(Schema.version), and is migrated only when asked (nothing was written)",
                remedy: .migrateStore)
        }
        try migrate()
    }

    /// The server-wide advisory lock that one migration at a time holds.
    package static let migrationLock: Int64 = 7_263_514

    /// The store's schema version: 0 when it holds none.
    public func version() throws -> Int {
        let exists: Bool
        switch connection.dialect {
        case .sqlite: exists = try !connection.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").isEmpty
        case .postgresql: exists = try connection.query("SELECT to_regclass('meta') IS NOT NULL").first?[0].int == 1
        }
        guard exists else { return 0 }
        return try connection.query("SELECT value FROM meta WHERE key = 'schema_version'").first?[0].int ?? 0
    }

    /// Applies every migration the store lacks, in one transaction; returns the versions before
    /// and after.
    @discardableResult
    public func migrate() throws -> (from: Int, to: Int) {
        // Several collectors may start on an empty server at once: one migrates, the others wait.
        // The lock is the session's, taken before the transaction begins: a server session reads
        // the catalog changes other sessions committed only when a transaction starts, so a
        // transaction begun before the wait would still see no tables and create them again.
        if connection.dialect == .postgresql { _ = try connection.query("SELECT pg_advisory_lock(\(Self.migrationLock))") }
        defer { if connection.dialect == .postgresql { _ = try? connection.query("SELECT pg_advisory_unlock(\(Self.migrationLock))") } }
        return try connection.transaction {
            let from = try version()
            guard from < Schema.version else { return (from, from) }
            try connection.script("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            for migration in Schema.migrations[from...] { try connection.script(connection.dialect.schema(migration)) }
            try connection.execute("DELETE FROM meta WHERE key = 'schema_version'")
            try connection.execute("INSERT INTO meta (key, value) VALUES ('schema_version', ?)", .text(String(Schema.version)))
            return (from, Schema.version)
        }
    }
}

/// The readable name of this machine in a store: `MOTIONBENCH_MACHINE`, else the host name.
public enum MachineName {
    public static let environmentVariable = "MOTIONBENCH_MACHINE"

    public static func current(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let name = environment[environmentVariable], !name.isEmpty { return name }
        return ProcessInfo.processInfo.hostName
    }
}
