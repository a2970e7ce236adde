import ConformanceDiagnosis
import FixtureFormat
import Foundation
import MotionConformance

extension ConformanceReport {
    /// A report read back from its JSON form (`conform --format json`), to render it in another
    /// format without playing the fixtures again. The JSON holds no plot series: an HTML page
    /// made from it has the table and no plots.
    public init(json text: String) throws {
        let root = JSONCursor(root: try JSONValue.parse(text))
        let version = try root.field("schemaVersion").number()
        guard version == 1 || version == 2 else {
            throw try root.field("schemaVersion").error("is \(JSONValue.format(version)); this motion-bench reads versions 1 and 2")
        }
        // The diagnosis is recomputed from the fixtures' checks, so it is accepted and not read.
        let later = ["exitCode", "sections", "expectations", "diagnosis", "causes", "clock"]
        let keys = ["schemaVersion", "engine", "passed", "failed", "errors", "skipped", "fixtures"] + (version == 2 ? later : [])
        try root.onlyKeys(Set(keys))
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
            var checks: [CheckResult] = []
            if version == 2 {
                for check in try item.field("checks").array() {
                    guard let decoded = CheckResult(wire: check.value) else {
                        throw check.error("is not a check: name, outcome, needs, expected, actual, residual, note")
                    }
                    checks.append(decoded)
                }
            }
            var result = FixtureResult(
                id: try item.field("id").string(), suite: suite, provenance: try item.field("provenance").string(),
                file: file, verdict: verdict, maxError: maxError, message: message, checks: checks)
            if version == 2 {
                result.unlistedPasses = max(0, Int(try item.field("checksPassed").number()) - result.checksPassed)
                if let basis = try item.optionalField("basis"), !basis.isNull { result.basis = Basis(rawValue: try basis.string()) }
                result.inferredRules = try item.optionalField("inferredRules")?.array().map { try $0.string() } ?? []
                if let clock = try item.optionalField("clock"), !clock.isNull {
                    guard let value = ClockRederivation(rawValue: try clock.string()) else {
                        throw clock.error("is not \"rederived\" or \"not-rederivable\"")
                    }
                    result.clock = value
                }
                result.facets = try item.optionalField("facets")?.array().map { try $0.string() } ?? []
                result.causes = try item.optionalField("causes")?.array().map { try $0.string() } ?? []
                if let stopped = try item.optionalField("stopped"), !stopped.isNull {
                    guard let value = FixtureResult.Stop(rawValue: try stopped.string()) else {
                        throw stopped.error("is not a stop: " + FixtureResult.Stop.allCases.map(\.rawValue).joined(separator: ", "))
                    }
                    result.stopped = value
                }
                for probe in try item.optionalField("probes")?.array() ?? [] {
                    guard let value = Probe(rawValue: try probe.string()) else {
                        throw probe.error("is not a probe: " + Probe.allCases.map(\.rawValue).joined(separator: ", "))
                    }
                    result.probes.append(value)
                }
            }
            results.append(result)
        }
        let engine = try root.field("engine")
        var gate: ExpectationsGate?
        if version == 2, let field = try root.optionalField("expectations"), !field.isNull { gate = try ExpectationsGate(json: field) }
        self.init(results: results, loadErrors: loadErrors, engine: engine.isNull ? nil : try engine.string(), expectations: gate)
        if version == 2, let field = try root.optionalField("causes"), !field.isNull { causes = try Causes(json: field) }
        if version == 2, let field = try root.optionalField("clock"), !field.isNull { clock = try EngineClock(json: field) }
    }

    /// A load error from its description, "FILE: PATH: MESSAGE", as the JSON stores it.
    static func loadError(_ description: String, file: String?) -> FixtureError {
        var rest = Substring(description)
        if let file, rest.hasPrefix(file + ": ") { rest = rest.dropFirst(file.count + 2) }
        guard let split = rest.range(of: ": ") else { return FixtureError(file: file, path: "", message: String(rest)) }
        return FixtureError(file: file, path: String(rest[..<split.lowerBound]), message: String(rest[split.upperBound...]))
    }
}
