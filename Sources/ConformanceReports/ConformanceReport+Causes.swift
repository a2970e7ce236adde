import ConformanceDiagnosis
import FixtureFormat
import MotionConformance

extension Causes {
    /// The causes as text, largest first: every cause of two fixtures or more with its smallest
    /// scenario, the rules it exercises and the probes that confirm it; causes of one fixture a line
    /// each, up to `singles`.
    public func lines(failing: Int, singles: Int = 12) -> [String] {
        guard !causes.isEmpty || !engineErrors.isEmpty else { return [] }
        let budget = budgetSeconds.map { " (budget \(Self.seconds($0)))" } ?? ""
        var lines = [
            "causes: \(failing) failing fixtures reduced to \(causes.count) cause\(causes.count == 1 ? "" : "s") in \(Self.seconds(seconds))\(budget), "
                + "largest first; a fixture counts under its first cause:"
        ]
        // What the failures do, before the scenarios that show it: one behaviour seen through
        // several animations is one line here and several causes below.
        let grouped = families
        if grouped.count < causes.filter({ !$0.fixtures.isEmpty }).count {
            lines.append("  what they do (\(grouped.count) behaviour\(grouped.count == 1 ? "" : "s"), largest first):")
            for family in grouped.prefix(singles) {
                let share = failing > 0 ? Int((100 * Double(family.fixtures) / Double(failing)).rounded()) : 0
                lines.append(
                    "    \(family.fixtures) fixture\(family.fixtures == 1 ? "" : "s") (\(share)%) in \(family.causes.count) cause\(family.causes.count == 1 ? "" : "s"): "
                        + family.name)
            }
            if grouped.count > singles { lines.append("    and \(grouped.count - singles) more (every one in the JSON report)") }
            lines.append("  the causes, each with its smallest scenario:")
        }
        let shared = causes.filter { $0.fixtures.count >= 2 }, single = causes.filter { $0.fixtures.count == 1 }
        let later = causes.filter { $0.fixtures.isEmpty }
        for (number, cause) in shared.enumerated() {
            lines += [
                "  \(number + 1). \(cause.fixtures.count) fixtures" + (cause.also.isEmpty ? "" : " (and a later cause of \(cause.also.count))") + ": "
                    + cause.name
            ]
            lines += details(cause)
        }
        for cause in single.prefix(singles) {
            lines += ["  - 1 fixture (\(cause.fixtures.first ?? "")): " + cause.name]
            lines += details(cause)
        }
        for cause in later.prefix(singles) {
            lines += [
                "  - a later cause of \(cause.also.count) fixture\(cause.also.count == 1 ? "" : "s") (\(cause.also.prefix(3).joined(separator: ", "))): "
                    + cause.name
            ]
            lines += details(cause)
        }
        if single.count > singles { lines.append("  and \(single.count - singles) more causes of one fixture each (every one in the JSON report)") }
        if notReached > 0 {
            lines.append("  \(notReached) failing fixtures were not reduced: the budget ran out (--diagnosis-seconds gives it longer)")
        }
        for error in engineErrors.prefix(5) {
            lines.append("  the engine erred on a smaller scenario of \(error.fixture): \(error.scenario): \(error.message)")
        }
        if engineErrors.count > 5 { lines.append("  and \(engineErrors.count - 5) more scenarios the engine erred on (in the JSON report)") }
        return lines
    }

    func details(_ cause: Cause) -> [String] {
        var lines: [String] = []
        if let smallest = cause.smallest {
            lines.append("       smallest (from \(smallest.from)\(cause.complete ? "" : "; cut by the budget, may shrink further")): \(smallest.scenario)")
            lines.append("       " + smallest.check)
        }
        lines.append("       rules: " + cause.sections.joined(separator: "; "))
        if !cause.probes.isEmpty { lines.append("       confirmed by the probe " + cause.probes.map { "probe:" + $0.rawValue }.joined(separator: ", ")) }
        lines.append("       cause id: " + cause.id)
        return lines
    }

    static func seconds(_ value: Double) -> String { String(format: value < 10 ? "%.1f s" : "%.0f s", value) }
}

extension Causes {
    /// The causes as the JSON report writes them, every one.
    public var json: JSONValue {
        func strings(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }
        return .object([
            ("seconds", .number(seconds)), ("budgetSeconds", budgetSeconds.map { .number($0) } ?? .null), ("notReached", .number(Double(notReached))),
            (
                "causes",
                .array(
                    causes.map { cause in
                        .object([
                            ("id", .string(cause.id)), ("name", .string(cause.name)), ("sections", strings(cause.sections)),
                            ("fixtures", strings(cause.fixtures)), ("also", strings(cause.also)),
                            ("probes", strings(cause.probes.map { "probe:" + $0.rawValue })), ("complete", .bool(cause.complete)),
                            ("family", cause.family.map { .object([("id", .string($0.id)), ("name", .string($0.name))]) } ?? .null),
                            (
                                "smallest",
                                cause.smallest.map { s in
                                    .object([
                                        ("from", .string(s.from)), ("scenario", .string(s.scenario)), ("check", .string(s.check)),
                                        ("size", .number(Double(s.size))), ("fixture", .string(s.fixture)),
                                    ])
                                } ?? .null
                            ),
                        ])
                    })
            ),
            (
                "families",
                .array(
                    families.map { family in
                        .object([
                            ("id", .string(family.id)), ("name", .string(family.name)), ("causes", strings(family.causes)),
                            ("fixtures", .number(Double(family.fixtures))),
                        ])
                    })
            ),
            (
                "engineErrors",
                .array(
                    engineErrors.map {
                        .object([("fixture", .string($0.fixture)), ("scenario", .string($0.scenario)), ("message", .string($0.message))])
                    })
            ),
        ])
    }

    /// Causes read back from a JSON report.
    init(json: JSONCursor) throws {
        // `families` is derived from the causes' own families, so it is read from them.
        try json.onlyKeys(["seconds", "budgetSeconds", "notReached", "causes", "families", "engineErrors"])
        func strings(_ field: JSONCursor) throws -> [String] { try field.array().map { try $0.string() } }
        self.init()
        seconds = try json.field("seconds").number()
        let budget = try json.field("budgetSeconds")
        budgetSeconds = budget.isNull ? nil : try budget.number()
        notReached = Int(try json.field("notReached").number())
        for item in try json.field("causes").array() {
            var cause = Cause(
                id: try item.field("id").string(), name: try item.field("name").string(), sections: try strings(item.field("sections")),
                fixtures: try strings(item.field("fixtures")))
            cause.also = try strings(item.field("also"))
            cause.complete = try item.field("complete").bool()
            if let family = try item.optionalField("family"), !family.isNull {
                cause.family = .init(id: try family.field("id").string(), name: try family.field("name").string())
            }
            for probe in try strings(item.field("probes")) {
                guard let value = Probe(rawValue: String(probe.dropFirst("probe:".count))), probe.hasPrefix("probe:") else {
                    throw try item.field("probes").error("holds \(probe), which is not a probe")
                }
                cause.probes.append(value)
            }
            let smallest = try item.field("smallest")
            if !smallest.isNull {
                cause.smallest = Smallest(
                    from: try smallest.field("from").string(), scenario: try smallest.field("scenario").string(),
                    check: try smallest.field("check").string(), size: Int(try smallest.field("size").number()),
                    fixture: try smallest.field("fixture").string())
            }
            causes.append(cause)
        }
        for item in try json.field("engineErrors").array() {
            engineErrors.append(
                EngineError(
                    fixture: try item.field("fixture").string(), scenario: try item.field("scenario").string(), message: try item.field("message").string()))
        }
    }
}
