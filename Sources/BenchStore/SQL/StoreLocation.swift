import Foundation

/// Where results are kept: an SQLite file, or a PostgreSQL server named by a URL
/// (`postgresql://user:password@host:port/database`). Its password never leaves this type:
/// `redacted` is what every message, log and page shows.
public struct StoreLocation: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable { case sqlite, postgresql }

    public var kind: Kind
    /// The file's path, or the URL as given (with its password): only for connecting.
    public var raw: String

    /// The environment variable that names a store when `--database` does not.
    public static let environmentVariable = "MOTIONBENCH_DATABASE"

    /// `postgresql://…` or `postgres://…` is a server; `sqlite:PATH` or any other text a file.
    public init(_ text: String) {
        if text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") {
            (kind, raw) = (.postgresql, text)
        } else {
            (kind, raw) = (.sqlite, text.hasPrefix("sqlite:") ? String(text.dropFirst("sqlite:".count)) : text)
        }
    }

    /// The store a command uses: `--database`, else `MOTIONBENCH_DATABASE`, else the embedded file
    /// `motionbench.sqlite` in the reports folder.
    public static func resolve(option: String?, reports: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> StoreLocation {
        if let option, !option.isEmpty { return StoreLocation(option) }
        if let named = environment[environmentVariable], !named.isEmpty { return StoreLocation(named) }
        return StoreLocation(reports.appendingPathComponent("motionbench.sqlite").path)
    }

    /// The password in the URL (`user:password@` or `?password=`), if any.
    var password: String? {
        guard kind == .postgresql, let components = URLComponents(string: raw) else { return nil }
        if let p = components.percentEncodedPassword, !p.isEmpty { return p.removingPercentEncoding ?? p }
        return components.queryItems?.first { $0.name == "password" }?.value
    }

    /// The location as it may be shown: the password replaced by `***`.
    public var redacted: String {
        guard kind == .postgresql else { return raw }
        guard var components = URLComponents(string: raw) else { return "postgresql://(a URL that does not parse)" }
        if components.percentEncodedPassword != nil { components.percentEncodedPassword = "***" }
        if let items = components.queryItems, items.contains(where: { $0.name == "password" }) {
            components.queryItems = items.map { $0.name == "password" ? URLQueryItem(name: "password", value: "***") : $0 }
        }
        return components.string ?? "postgresql://(a URL that does not parse)"
    }

    public var description: String { redacted }

    /// `text` with every appearance of the password replaced: for messages from the server or
    /// the client library, which may quote what they were given.
    public func scrub(_ text: String) -> String {
        var out = text.replacingOccurrences(of: raw, with: redacted)
        if let password, !password.isEmpty {
            out = out.replacingOccurrences(of: password, with: "***")
            if let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) { out = out.replacingOccurrences(of: encoded, with: "***") }
        }
        return out
    }

    /// A connection to it.
    public func connect() throws -> SQLConnection {
        switch kind {
        case .sqlite:
            let folder = URL(fileURLWithPath: raw).deletingLastPathComponent()
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return try SQLiteConnection(path: raw)
        case .postgresql: return try PostgreSQLConnection(self)
        }
    }
}
