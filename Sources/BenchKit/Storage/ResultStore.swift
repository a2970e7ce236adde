import Foundation

/// Where results live under `reports/`: each run as `runs/<time>-<revision>.json`, the newest
/// also as `latest.json`, named baselines as `baselines/<name>.json`.
public struct ResultStore: Sendable {
    public let root: URL

    public init(root: URL) { self.root = root }

    public var latest: URL { root.appendingPathComponent("latest.json") }

    public func baseline(named name: String) -> URL { root.appendingPathComponent("baselines/\(name).json") }

    /// A baseline or result given by name (stored under baselines/) or by a path ending in .json.
    public func resolve(_ reference: String) -> URL {
        reference.hasSuffix(".json") ? URL(fileURLWithPath: reference) : baseline(named: reference)
    }

    /// Writes a run: its own file, and latest.json. Returns the run's file.
    @discardableResult
    public func save(_ result: RunResult) throws -> URL {
        let data = try Self.encoder.encode(result)
        let stamp = result.startedAt.replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
        let revision = result.environment.gitRevision.map { "-" + $0.prefix(10) } ?? ""
        var file = root.appendingPathComponent("runs/\(stamp)\(revision).json")
        var attempt = 2
        while FileManager.default.fileExists(atPath: file.path) {
            file = root.appendingPathComponent("runs/\(stamp)\(revision)-\(attempt).json")
            attempt += 1
        }
        try AtomicFile.write(data, to: file)
        try AtomicFile.write(data, to: latest)
        return file
    }

    /// A baseline is named by a plain word, stored under `baselines/`, or by a path ending in
    /// `.json` written where it says. A name that would leave `baselines/` (a slash, a leading
    /// dot, `..`) or is empty is refused before anything is measured.
    public static func checkBaselineReference(_ reference: String) throws {
        if reference.hasSuffix(".json") && reference.count > 5 { return }
        guard !reference.isEmpty, !reference.hasPrefix("."), !reference.contains("/"), !reference.contains("\0") else {
            throw ResultFileError("'\(reference)' is not a baseline name: a name is a plain word stored as reports/baselines/NAME.json "
                                  + "(no slash, no leading dot, not empty); give a path ending in .json to write elsewhere")
        }
    }

    public func save(_ result: RunResult, asBaseline reference: String) throws -> URL {
        try Self.checkBaselineReference(reference)
        let url = resolve(reference)
        try AtomicFile.write(try Self.encoder.encode(result), to: url)
        return url
    }

    /// Loads a result file, with an error that names the file and says what is wrong with it.
    public func load(_ url: URL, role: String) throws -> RunResult {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ResultFileError("\(role) '\(url.path)' does not exist")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ResultFileError("\(role) '\(url.path)' cannot be read: \(error.localizedDescription)")
        }
        guard !data.isEmpty else { throw ResultFileError("\(role) '\(url.path)' is empty") }
        let result: RunResult
        do { result = try JSONDecoder().decode(RunResult.self, from: data) } catch let DecodingError.dataCorrupted(context) {
            throw ResultFileError("\(role) '\(url.path)' is not valid JSON (truncated or corrupt): \(context.debugDescription) \(Self.path(context.codingPath))")
        } catch let DecodingError.keyNotFound(key, context) {
            throw ResultFileError("\(role) '\(url.path)' is missing '\(key.stringValue)' \(Self.path(context.codingPath)); expected a motion-bench result (schema \(RunResult.currentSchemaVersion))")
        } catch let DecodingError.typeMismatch(type, context) {
            throw ResultFileError("\(role) '\(url.path)' has a \(type) expected \(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.valueNotFound(type, context) {
            throw ResultFileError("\(role) '\(url.path)' has no \(type) value \(Self.path(context.codingPath))")
        } catch {
            throw ResultFileError("\(role) '\(url.path)' cannot be decoded: \(error)")
        }
        guard result.schemaVersion == RunResult.currentSchemaVersion else {
            throw ResultFileError("\(role) '\(url.path)' has schema version \(result.schemaVersion); this motion-bench reads version \(RunResult.currentSchemaVersion)")
        }
        return result
    }

    static func path(_ codingPath: [CodingKey]) -> String {
        codingPath.isEmpty ? "" : "(at $" + codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined() + ")"
    }

    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }()
}

/// A result file that cannot be used: which, and why.
public struct ResultFileError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
