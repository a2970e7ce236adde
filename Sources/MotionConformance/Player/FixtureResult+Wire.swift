import FixtureFormat
import Foundation

/// A result as one line of JSON, as an isolated player sends it back to `conform`. Numbers
/// keep every bit (the shortest form that reads back to the same double); NaN and the
/// infinities, which JSON has no numbers for, travel as the strings "nan", "inf" and "-inf".
extension FixtureResult {
    func wireLine() -> String {
        func number(_ x: Double) -> JSONValue {
            x.isFinite ? .number(x) : .string(x.isNaN ? "nan" : x < 0 ? "-inf" : "inf")
        }
        let series = JSONValue.array(
            self.series.map { s in
                .object([
                    ("label", .string(s.label)),
                    ("points", .array(s.points.map { .array([number($0.time), number($0.expected), number($0.actual)]) })),
                ])
            })
        let line = JSONValue.object([
            ("id", .string(id)), ("verdict", .string(verdict.rawValue)), ("maxError", number(maxError)),
            ("message", .string(message)), ("series", series), ("checks", .array(checks.map(\.wire))),
        ]).serialized()
        // The pretty-printing's line breaks and indentation sit between tokens (a string's own
        // line breaks are escaped), so dropping them leaves the same document on one line.
        return line.split(separator: "\n").map { $0.drop { $0 == " " } }.joined()
    }

    /// The result a wire line describes, for `fixture`; nil when the line is not one.
    init?(wireLine line: String, fixture: Fixture) {
        func number(_ value: JSONValue?) -> Double? {
            switch value {
            case let .number(x)?: return x
            case .string("nan")?: return .nan
            case .string("inf")?: return .infinity
            case .string("-inf")?: return -.infinity
            default: return nil
            }
        }
        guard let json = try? JSONValue.parse(line), case let .string(id)? = json["id"], id == fixture.id,
            case let .string(verdictText)? = json["verdict"], let verdict = Verdict(rawValue: verdictText),
            let maxError = number(json["maxError"]), case let .string(message)? = json["message"],
            case let .array(seriesList)? = json["series"], case let .array(checkList)? = json["checks"]
        else { return nil }
        let checks = checkList.compactMap(CheckResult.init(wire:))
        guard checks.count == checkList.count else { return nil }
        var series: [Series] = []
        for item in seriesList {
            guard case let .string(label)? = item["label"], case let .array(points)? = item["points"] else { return nil }
            var decoded: [(time: Double, expected: Double, actual: Double)] = []
            for point in points {
                guard case let .array(triple) = point, triple.count == 3, let t = number(triple[0]), let e = number(triple[1]),
                    let a = number(triple[2])
                else { return nil }
                decoded.append((t, e, a))
            }
            series.append(Series(label: label, points: decoded))
        }
        self.init(
            id: id, suite: fixture.suite, provenance: fixture.provenance.rawValue, file: fixture.file, verdict: verdict,
            maxError: maxError, message: message, series: series, source: fixture.source, tolerance: fixture.tolerance, checks: checks)
        markBasis(fixture)
    }
}

extension CheckResult {
    /// The check as JSON, as reports and the isolated player write it.
    package var wire: JSONValue {
        .object([
            ("name", .string(name)), ("outcome", .string(outcome.rawValue)), ("needs", .string(needs)), ("expected", .string(expected)),
            ("actual", .string(actual)), ("residual", residual.map { EngineProtocol.number($0) } ?? .null), ("note", .string(note)),
            ("basis", basis.map { .string($0.rawValue) } ?? .null), ("inferredRules", .array(inferredRules.map { .string($0) })),
            ("atChangeTime", .bool(atChangeTime)),
        ])
    }

    package init?(wire: JSONValue) {
        guard case let .string(name)? = wire["name"], case let .string(o)? = wire["outcome"], let outcome = Outcome(rawValue: o),
            case let .string(needs)? = wire["needs"], case let .string(expected)? = wire["expected"], case let .string(actual)? = wire["actual"],
            case let .string(note)? = wire["note"], let residualField = wire["residual"]
        else { return nil }
        let residual = residualField == .null ? nil : EngineProtocol.number(residualField)
        if residualField != .null && residual == nil { return nil }
        self.init(name: name, outcome: outcome, needs: needs, expected: expected, actual: actual, residual: residual, note: note)
        if case let .string(text)? = wire["basis"] { basis = Basis(rawValue: text) }
        if case let .bool(flag)? = wire["atChangeTime"] { atChangeTime = flag }
        if case let .array(rules)? = wire["inferredRules"] { inferredRules = rules.compactMap { if case let .string(r) = $0 { return r } else { return nil } } }
    }
}
