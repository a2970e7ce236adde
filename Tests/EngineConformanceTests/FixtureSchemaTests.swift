import FixtureFormat
import Foundation
import TestSupport
import Testing

@testable import MotionConformance

/// Fixtures/fixture.schema.json is the contract outside authors write fixtures to, and the reader
/// is what the harness plays: every bundled fixture passes both, and over thousands of damaged
/// fixtures the two agree on every one — the reader accepts exactly what the schema allows.
/// The schema is judged by Python's jsonschema (Tests/FormatCheck/check_fixtures.py), not by us.
@Suite("the fixture schema and the reader")
struct FixtureSchemaTests {
    static let checker = Repository.url("Tests/FormatCheck/check_fixtures.py").path
    static let fixtures = Repository.url("Fixtures")

    /// The schema's verdict on each document: nil when valid, else its first error.
    func schemaVerdicts(_ documents: [String]) throws -> [String?] {
        let file = TemporaryFolder.make("fixture-schema").appendingPathComponent("documents.jsonl")
        try documents.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let run = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", Self.checker, file.path])
        try #require(run.status == 0, "the schema checker needs python3 with jsonschema (make deps installs it): \(run.output.suffix(500))")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).prefix(documents.count).map(String.init)
        try #require(lines.count == documents.count, "the checker judged \(lines.count) of \(documents.count) documents")
        return lines.map { $0 == "valid" ? nil : String($0.drop { $0 != "\t" }.dropFirst()) }
    }

    /// The reader's verdict: nil when it reads the fixture, else its error.
    func readerVerdict(_ text: String) -> FixtureError? { FixtureErrorTests().error(text) }

    static func files() throws -> [URL] {
        let walker = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "json" && $0.lastPathComponent != "fixture.schema.json" }
            .sorted { $0.path < $1.path }
    }

    @Test("every bundled fixture is valid by the schema and read by the reader")
    func bundled() throws {
        let files = try Self.files()
        try #require(files.count > 500)
        let texts = try files.map { try String(contentsOf: $0, encoding: .utf8) }
        let documents = try texts.map { text -> String in
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
        }
        let schema = try schemaVerdicts(documents)
        for (file, (text, verdict)) in zip(files, zip(texts, schema)) {
            #expect(verdict == nil, "\(file.lastPathComponent): the schema refuses it: \(verdict ?? "")")
            #expect(readerVerdict(text) == nil, "\(file.lastPathComponent): the reader refuses it")
        }
    }

    /// Every place in a document, as the keys and indices that lead to it.
    static func paths(_ value: Any, _ prefix: [Any] = []) -> [[Any]] {
        var found: [[Any]] = prefix.isEmpty ? [] : [prefix]
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() { found += paths(object[key]!, prefix + [key]) }
        } else if let array = value as? [Any] {
            // The first two items of a list: the rest are of the same kind (samples, checks).
            for (index, item) in array.prefix(2).enumerated() { found += paths(item, prefix + [index]) }
        }
        return found
    }

    /// `value` with the place at `path` replaced (`nil`: removed).
    static func replacing(_ value: Any, at path: ArraySlice<Any>, with new: Any?) -> Any {
        guard let step = path.first else { return new ?? NSNull() }
        if var object = value as? [String: Any], let key = step as? String {
            if path.count == 1, new == nil { object[key] = nil } else { object[key] = replacing(object[key]!, at: path.dropFirst(), with: new) }
            return object
        }
        if var array = value as? [Any], let index = step as? Int {
            if path.count == 1, new == nil { array.remove(at: index) } else { array[index] = replacing(array[index], at: path.dropFirst(), with: new) }
            return array
        }
        return value
    }

    @Test(
        "damaged fixtures — a member removed, a value of another type, a key the format does not have — are read exactly when the schema allows them, but for the rules the schema cannot state (references, order, products of limits), which the reader refuses as such"
    )
    func agreement() throws {
        // One fixture of each kind of body and suite.
        var seen = Set<String>(), bases: [(name: String, value: Any)] = []
        for file in try Self.files() {
            let value = try JSONSerialization.jsonObject(with: try Data(contentsOf: file))
            guard let object = value as? [String: Any], let suite = object["suite"] as? String else { continue }
            let body = FixtureLoader.bodyKeys.first { object[$0] != nil } ?? "none"
            guard seen.insert("\(suite)/\(body)").inserted else { continue }
            bases.append((file.deletingPathExtension().lastPathComponent, value))
        }
        let replacements: [(String, Any?)] = [("removed", nil), ("a string", "x"), ("null", NSNull()), ("−1", -1), ("an empty array", [Any]())]
        var documents: [(what: String, text: String)] = []
        for (name, base) in bases {
            for path in Self.paths(base) {
                let place = path.map { "\($0)" }.joined(separator: "/")
                for (what, new) in replacements {
                    if new == nil, path.last is Int, path.count > 1 { continue } // removing an array item is a shorter array, not damage
                    documents.append(("\(name) \(place): \(what)", text(Self.replacing(base, at: path[...], with: new))))
                }
                if let object = valueAt(base, path) as? [String: Any] {
                    var extended = object
                    extended["unexpected"] = 1
                    documents.append(("\(name) \(place): an unexpected key", text(Self.replacing(base, at: path[...], with: extended))))
                }
            }
        }
        try #require(documents.count > 1000)
        let schema = try schemaVerdicts(documents.map(\.text))
        var disagreements: [String] = [], beyondSchema: [FixtureError.Rule: Int] = [:]
        for (document, schemaSays) in zip(documents, schema) {
            let readerSays = readerVerdict(document.text)
            if let refused = readerSays, refused.rule != .format, schemaSays == nil {
                beyondSchema[refused.rule, default: 0] += 1
                continue
            }
            if (readerSays == nil) != (schemaSays == nil) {
                disagreements.append(
                    "\(document.what) — reader: \(readerSays.map { "refuses (\("\($0)".prefix(160)))" } ?? "reads it"); schema: \(schemaSays?.prefix(160) ?? "valid")"
                )
            }
        }
        if let keep = ProcessInfo.processInfo.environment["MOTIONBENCH_SCHEMA_DISAGREEMENTS"] {
            try disagreements.joined(separator: "\n").write(toFile: keep, atomically: true, encoding: .utf8)
        }
        // A phase renamed "x" where a sample or transition names it: the schema cannot see it,
        // the reader refuses it as a reference.
        #expect(beyondSchema[.reference, default: 0] > 0, "\(beyondSchema)")
        #expect(
            disagreements.isEmpty,
            "\(disagreements.count) of \(documents.count) damaged fixtures judged differently:\n\(disagreements.prefix(25).joined(separator: "\n"))")
    }

    func valueAt(_ value: Any, _ path: [Any]) -> Any? {
        var current: Any? = value
        for step in path {
            if let key = step as? String {
                current = (current as? [String: Any])?[key]
            } else if let index = step as? Int {
                current = (current as? [Any])?[index]
            }
        }
        return current
    }

    func text(_ value: Any) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])) ?? Data(), as: UTF8.self)
    }
}
