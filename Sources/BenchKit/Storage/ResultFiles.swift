import Foundation
import HarnessSupport

/// Where results live under `reports/`: each run as `runs/<time>-<revision>.json`, the newest
/// also as `latest.json`, named baselines as `baselines/<name>.json`.
public struct ResultFiles: Sendable {
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
        let revision = result.environment.revision.map { "-" + $0.prefix(10) } ?? ""
        var file = root.appendingPathComponent("runs/\(stamp)\(revision).json")
        var attempt = 2
        while FileManager.default.fileExists(atPath: file.path) {
            file = root.appendingPathComponent("runs/\(stamp)\(revision)-\(attempt).json")
            attempt += 1
        }
        try Self.write(data, to: file, keeping: "the run")
        do { try AtomicFile.write(data, to: latest) } catch {
            throw ResultFileError(
                "\(error); the run itself was saved as \(file.path), and \(latest.lastPathComponent) still names the run before it", write: error)
        }
        return file
    }

    /// Writes `data` to `url`. When that fails, the data is kept in the temporary folder and the
    /// error says where (or, if even that fails, that the printed report is all that remains):
    /// a full disk or a read-only folder costs the user a copy, not the measurements.
    public static func write(_ data: Data, to url: URL, keeping what: String) throws {
        do { try AtomicFile.write(data, to: url) } catch {
            let kept = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(ToolName.current)-unsaved/\(url.lastPathComponent)")
            do { try AtomicFile.write(data, to: kept) } catch let second {
                throw ResultFileError(
                    "\(error); \(what) could not be kept elsewhere either (\(second)), so the printed report is all that remains", write: error)
            }
            throw ResultFileError("\(error); \(what) was kept as \(kept.path): move it to \(url.path) once that can be written", write: error)
        }
    }

    /// A baseline is named by a plain word, stored under `baselines/`, or by a path ending in
    /// `.json` written where it says. A name that would leave `baselines/` (a slash, a leading
    /// dot, `..`) or is empty is refused before anything is measured.
    public static func checkBaselineReference(_ reference: String) throws {
        if reference.hasSuffix(".json") && reference.count > 5 { return }
        guard !reference.isEmpty, !reference.hasPrefix("."), !reference.contains("/"), !reference.contains("\0") else {
            throw ResultFileError(
                "'\(reference)' is not a baseline name: a name is a plain word stored as reports/baselines/NAME.json "
                    + "(no slash, no leading dot, not empty); give a path ending in .json to write elsewhere")
        }
    }

    public func save(_ result: RunResult, asBaseline reference: String) throws -> URL {
        try Self.checkBaselineReference(reference)
        let url = resolve(reference)
        try Self.write(try Self.encoder.encode(result), to: url, keeping: "the baseline")
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
            throw ResultFileError(
                "\(role) '\(url.path)' is not valid JSON (truncated or corrupt): \(context.debugDescription) \(Self.path(context.codingPath))")
        } catch let DecodingError.keyNotFound(key, context) {
            throw ResultFileError(
                "\(role) '\(url.path)' is missing '\(key.stringValue)' \(Self.path(context.codingPath)); expected a \(ToolName.current) result (schema \(RunResult.currentSchemaVersion))"
            )
        } catch let DecodingError.typeMismatch(type, context) {
            throw ResultFileError(
                "\(role) '\(url.path)' \(Self.path(context.codingPath)) should be \(Self.jsonKind(type))\(Self.found(context.debugDescription)); "
                    + "expected a \(ToolName.current) result (schema \(RunResult.currentSchemaVersion))")
        } catch let DecodingError.valueNotFound(type, context) {
            throw ResultFileError("\(role) '\(url.path)' \(Self.path(context.codingPath)) is null where \(Self.jsonKind(type)) is expected")
        } catch {
            throw ResultFileError("\(role) '\(url.path)' cannot be decoded: \(error)")
        }
        guard result.schemaVersion == RunResult.currentSchemaVersion else {
            throw ResultFileError(
                "\(role) '\(url.path)' has schema version \(result.schemaVersion); this \(ToolName.current) reads version \(RunResult.currentSchemaVersion)")
        }
        return result
    }

    static func path(_ codingPath: [CodingKey]) -> String {
        codingPath.isEmpty ? "(at $)" : "(at $" + codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined() + ")"
    }

    /// A Swift type the decoder wanted, as the JSON it reads: "an object", "a number", ….
    static func jsonKind(_ type: Any.Type) -> String {
        let name = "\(type)"
        if name.hasPrefix("Dictionary") || name.hasPrefix("KeyedDecodingContainer") { return "an object" }
        if name.hasPrefix("Array") || name.contains("UnkeyedDecodingContainer") { return "an array" }
        if name == "String" { return "a string" }
        if name == "Bool" { return "true or false" }
        if ["Double", "Float", "Int", "Int64", "UInt64", "Int32", "UInt32", "UInt"].contains(name) { return "a number" }
        return "a \(name)"
    }

    /// ", not a string": what the decoder's own message says it found, when it says.
    static func found(_ debugDescription: String) -> String {
        guard let range = debugDescription.range(of: "but found "),
            let end = debugDescription.range(of: " instead", range: range.upperBound..<debugDescription.endIndex)
        else {
            return ""
        }
        return ", not " + debugDescription[range.upperBound..<end.lowerBound]
    }

    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }()
}

/// A result file that cannot be used: which, and why.
public struct ResultFileError: RemediableError, CustomStringConvertible {
    public let description: String
    /// The write that failed, when this error is about one.
    public let write: FileWriteError?

    public init(_ description: String, write: FileWriteError? = nil) { (self.description, self.write) = (description, write) }

    public var remedy: Remedy? { write?.remedy }
}
