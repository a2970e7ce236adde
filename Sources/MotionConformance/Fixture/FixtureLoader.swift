import FixtureFormat
import Foundation
import MotionCore

/// Reads fixtures: one JSON file per scenario under `<root>/<suite>/`. A fixture that cannot be
/// used is reported with its file, JSON path and what was expected; the others still load.
public enum FixtureLoader {
    public struct Loaded: Sendable {
        public var fixtures: [Fixture]
        public var errors: [FixtureError]
    }

    static let topKeys: Set<String> = [
        "id", "title", "suite", "provenance", "source", "tolerance", "notes", "generator",
        "property", "spring", "curve", "keyframes", "phases", "timeline",
    ]
    package static let bodyKeys = ["property", "spring", "curve", "keyframes", "phases", "timeline"]

    /// Every `*.json` file below `root` (sorted by path), decoded.
    public static func load(root: URL, suite: String? = nil) -> Loaded {
        var fixtures: [Fixture] = [], errors: [FixtureError] = []
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return Loaded(fixtures: [], errors: [FixtureError(file: root.path, path: "", message: "the fixtures folder does not exist")])
        }
        let files = enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "json" && $0.lastPathComponent != "fixture.schema.json" }
            .sorted { $0.path < $1.path }
        for file in files {
            let folder = file.deletingLastPathComponent().lastPathComponent
            if let suite, folder != suite { continue }
            do {
                fixtures.append(try load(file: file))
            } catch {
                errors.append(error)
            }
        }
        let duplicates = Dictionary(grouping: fixtures, by: \.id).filter { $0.value.count > 1 }
        for (id, copies) in duplicates.sorted(by: { $0.key < $1.key }) {
            errors.append(FixtureError(file: copies[1].file, path: "$.id", message: "\"\(id)\" is also the id of \(copies[0].file ?? "another fixture")"))
        }
        let duplicateIDs = Set(duplicates.keys)
        return Loaded(fixtures: fixtures.filter { !duplicateIDs.contains($0.id) }, errors: errors)
    }

    /// One fixture file, whose suite must be the name of its folder.
    public static func load(file: URL) throws(FixtureError) -> Fixture {
        let folder = file.deletingLastPathComponent().lastPathComponent
        do {
            if let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int, size > Limits.fileBytes {
                throw FixtureError(path: "$", message: "is \(size) bytes, over the \(Limits.fileBytes >> 20) MiB limit for a fixture file")
            }
            let data: Data
            do { data = try Data(contentsOf: file) } catch {
                throw FixtureError(path: "", message: "cannot be read: \(error.localizedDescription)")
            }
            var fixture = try decode(Self.utf8Text(data))
            fixture.file = file.path
            if fixture.suite != folder {
                throw FixtureError(path: "$.suite", message: "is \"\(fixture.suite)\" but the file is in the folder \"\(folder)\"")
            }
            return fixture
        } catch var error as FixtureError {
            error.file = file.path
            throw error
        } catch {
            throw FixtureError(file: file.path, path: "", message: "\(error)")
        }
    }

    /// Decodes one fixture from its JSON text.
    public static func decode(_ text: String) throws -> Fixture {
        let json = try JSONValue.parse(text)
        let root = JSONCursor(root: json)
        try root.onlyKeys(topKeys)
        let provenanceText = try root.field("provenance").string()
        guard let provenance = Fixture.Provenance(rawValue: provenanceText) else {
            throw try root.field("provenance").error(
                "unknown provenance \"\(provenanceText)\"; expected one of: \(Fixture.Provenance.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let tolerance = try root.field("tolerance")
        try tolerance.onlyKeys(["absolute", "relative"])
        let bodies = try bodyKeys.compactMap { key in try root.optionalField(key).map { (key, $0) } }
        guard bodies.count == 1, let (kind, body) = bodies.first else {
            throw root.error(
                bodies.isEmpty
                    ? "no scenario; expected exactly one of: \(bodyKeys.joined(separator: ", "))"
                    : "more than one scenario (\(bodies.map(\.0).joined(separator: ", "))); expected exactly one")
        }
        let decoded: Fixture.Body
        switch kind {
        case "property": decoded = .property(try property(body))
        case "spring": decoded = .spring(try spring(body))
        case "curve": decoded = .curve(try curve(body))
        case "keyframes": decoded = .keyframes(try keyframes(body))
        case "phases": decoded = .phases(try phases(body))
        default: decoded = .timeline(try timeline(body))
        }
        let id = try root.field("id").string()
        guard !id.isEmpty else { throw try root.field("id").error("must not be empty") }
        let generator = try root.optionalField("generator").map(generatorInfo)
        if (generator != nil) != (provenance == .generated) {
            throw root.error("a \"generator\" block goes with provenance \"generated\", and only with it")
        }
        var fixture = Fixture(
            id: id, title: try root.field("title").string(), suite: try root.field("suite").string(), provenance: provenance,
            source: try root.field("source").string(),
            tolerance: Fixture.Tolerance(
                absolute: try tolerance.optionalField("absolute")?.nonNegativeNumber() ?? 0,
                relative: try tolerance.optionalField("relative")?.nonNegativeNumber() ?? 0),
            body: decoded, file: nil, json: json)
        fixture.generator = generator
        return fixture
    }

    /// `{"seed": S, "index": I, "rules": ["§3.2", …]}`: where a generated scenario came from.
    static func generatorInfo(_ cursor: JSONCursor) throws -> Fixture.Generator {
        try cursor.onlyKeys(["seed", "index", "rules"])
        let seed = try cursor.field("seed").integer()
        guard seed >= 0 else { throw try cursor.field("seed").error("must not be negative") }
        let index = try cursor.field("index").integer()
        guard index >= 0 else { throw try cursor.field("index").error("must not be negative") }
        return Fixture.Generator(seed: UInt64(seed), index: index, rules: try cursor.field("rules").array().map { try $0.string() })
    }

    // MARK: Values

    package static func valueType(_ cursor: JSONCursor) throws -> ValueType {
        if case .object = cursor.value {
            try cursor.onlyKeys(["struct"])
            let names = try cursor.field("struct").array().map { try $0.string() }
            guard !names.isEmpty, Set(names).count == names.count else { throw cursor.error("a struct needs distinct property names") }
            return .structure(names)
        }
        let name = try cursor.string()
        let types: [String: ValueType] = ["scalar": .scalar, "angle": .angle, "point": .point, "size": .size, "rect": .rect]
        guard let type = types[name] else {
            throw cursor.error("unknown value type \"\(name)\"; expected one of: \(types.keys.sorted().joined(separator: ", ")), or {\"struct\": [names]}")
        }
        return type
    }

    /// A value of `type`: a number (scalar, angle in degrees), an array (point, size, rect), or an
    /// object of named numbers (struct).
    static func value(_ cursor: JSONCursor, _ type: ValueType) throws -> [Double] {
        switch type {
        case .scalar, .angle:
            return [try cursor.number()]
        case .point, .size, .rect:
            return try cursor.numbers(count: type.componentNames.count)
        case let .structure(names):
            _ = try cursor.members()
            try structKeys(cursor, names)
            return try names.map { try cursor.field($0).number() }
        }
    }

    /// A struct value's keys are the value type's property names, each once: a reference the
    /// schema cannot state.
    static func structKeys(_ cursor: JSONCursor, _ names: [String]) throws {
        do { try cursor.onlyKeys(Set(names)) } catch let error as FixtureError {
            throw FixtureError(path: error.path, message: error.message, rule: .reference)
        }
        for name in names where try cursor.optionalField(name) == nil {
            throw cursor.error("\(name): missing; the value type names it", rule: .reference)
        }
    }

    /// Expected values may be infinite ("inf").
    static func expectedValue(_ cursor: JSONCursor, _ type: ValueType) throws -> [Double] {
        switch type {
        case .scalar, .angle: return [try cursor.extendedNumber()]
        case .point, .size, .rect:
            let items = try cursor.array().map { try $0.extendedNumber() }
            guard items.count == type.componentNames.count else { throw cursor.error("expected \(type.componentNames.count) numbers, found \(items.count)") }
            return items
        case let .structure(names):
            _ = try cursor.members()
            try structKeys(cursor, names)
            return try names.map { try cursor.field($0).extendedNumber() }
        }
    }

    package static func animation(_ cursor: JSONCursor?) throws -> AnimationSpec? {
        guard let cursor, !cursor.isNull else { return nil }
        return try AnimationSpec(cursor)
    }

    /// The file's text, or an error giving the offset of the first byte that is not UTF-8.
    static func utf8Text(_ data: Data) throws -> String {
        if let text = String(data: data, encoding: .utf8) { return text }
        var decoder = UTF8()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                throw FixtureError(path: "", message: "is not UTF-8 text")
            case .error:
                let byte = offset < data.count ? String(format: "0x%02X", data[data.startIndex + offset]) : "?"
                throw FixtureError(path: "", message: "is not UTF-8 text: the bytes at byte \(offset) (\(byte)) are not a UTF-8 character")
            }
        }
    }

    static func time(_ cursor: JSONCursor) throws -> Double {
        let t = try cursor.number()
        guard t >= 0 else { throw cursor.error("times must not be negative, found \(JSONValue.format(t))") }
        return t
    }

    /// Checks that times never go backwards.
    static func ordered(_ items: [(Double, JSONCursor)]) throws {
        for (previous, next) in zip(items, items.dropFirst()) where next.0 < previous.0 {
            throw next.1.error("out of time order: \(JSONValue.format(next.0)) comes after \(JSONValue.format(previous.0))", rule: .order)
        }
    }
}
