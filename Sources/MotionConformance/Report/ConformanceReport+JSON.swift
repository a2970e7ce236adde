import Foundation

extension ConformanceReport {
    /// A report read back from its JSON form (`conform --format json`), to render it in another
    /// format without playing the fixtures again. The JSON holds no plot series: an HTML page
    /// made from it has the table and no plots.
    public init(json text: String) throws {
        let root = JSONCursor(root: try JSONValue.parse(text))
        try root.onlyKeys(["schemaVersion", "engine", "passed", "failed", "errors", "skipped", "fixtures"])
        let version = try root.field("schemaVersion").number()
        guard version == 1 else { throw try root.field("schemaVersion").error("is \(JSONValue.format(version)); this motion-bench reads version 1") }
        var results: [FixtureResult] = [], loadErrors: [FixtureError] = []
        for item in try root.field("fixtures").array() {
            let verdictText = try item.field("verdict").string()
            guard let verdict = FixtureResult.Verdict(rawValue: verdictText) else {
                throw try item.field("verdict").error("unknown verdict \"\(verdictText)\"; expected pass, fail, error or skipped")
            }
            let file = try item.field("file").isNull ? nil : try item.field("file").string()
            let suite = try item.field("suite").string(), message = try item.field("message").string()
            // A fixture that could not be loaded has no suite: it comes back as a load error.
            if suite.isEmpty && verdict == .error {
                loadErrors.append(Self.loadError(message, file: file))
                continue
            }
            let maxErrorField = try item.field("maxError")
            let maxError: Double = maxErrorField.isNull ? .nan : (try? maxErrorField.string()) == "inf" ? .infinity : try maxErrorField.number()
            results.append(
                FixtureResult(
                    id: try item.field("id").string(), suite: suite, provenance: try item.field("provenance").string(),
                    file: file, verdict: verdict, maxError: maxError, message: message))
        }
        let engine = try root.field("engine")
        self.init(results: results, loadErrors: loadErrors, engine: engine.isNull ? nil : try engine.string())
    }

    /// A load error from its description, "FILE: PATH: MESSAGE", as the JSON stores it.
    static func loadError(_ description: String, file: String?) -> FixtureError {
        var rest = Substring(description)
        if let file, rest.hasPrefix(file + ": ") { rest = rest.dropFirst(file.count + 2) }
        guard let split = rest.range(of: ": ") else { return FixtureError(file: file, path: "", message: String(rest)) }
        return FixtureError(file: file, path: String(rest[..<split.lowerBound]), message: String(rest[split.upperBound...]))
    }
}
