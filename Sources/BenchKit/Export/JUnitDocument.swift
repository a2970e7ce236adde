import Foundation

/// A JUnit XML report as CI systems read it: a `<testsuites>` root holding one `<testsuite>` with
/// its counts, its `<properties>` (the environment) and a `<testcase>` per benchmark, comparison or
/// fixture. Times are decimal seconds (`0.000000557`), never exponent form, which strict schemas
/// refuse. The shape is docs/schemas/junit.xsd, which the tests validate against.
public struct JUnitDocument: Sendable {
    public enum Outcome: Sendable {
        case passed
        case failure(type: String, message: String)
        case error(type: String, message: String)
        case skipped(message: String)
    }

    public struct TestCase: Sendable {
        public var classname: String
        public var name: String
        public var seconds: Double
        public var outcome: Outcome

        public init(classname: String, name: String, seconds: Double = 0, outcome: Outcome) {
            self.classname = classname
            self.name = name
            self.seconds = seconds
            self.outcome = outcome
        }
    }

    public var name: String
    public var properties: [(String, String)]
    public var cases: [TestCase]

    public init(name: String, properties: [(String, String)], cases: [TestCase]) {
        self.name = name
        self.properties = properties
        self.cases = cases
    }

    /// The properties that say where a result was measured.
    public static func properties(_ environment: EnvironmentFingerprint) -> [(String, String)] {
        [
            ("cpu", environment.cpuModel), ("logical_cores", "\(environment.logicalCores)"), ("kernel", environment.kernel),
            ("operating_system", environment.operatingSystem), ("swift", environment.swiftVersion),
            ("build", environment.buildConfiguration), ("revision", environment.revision ?? "unknown"),
        ]
    }

    public func render() -> String {
        func count(_ matches: (Outcome) -> Bool) -> Int { cases.filter { matches($0.outcome) }.count }
        let failures = count {
            if case .failure = $0 { return true }
            return false
        }
        let errors = count {
            if case .error = $0 { return true }
            return false
        }
        let skipped = count {
            if case .skipped = $0 { return true }
            return false
        }
        let total = Self.seconds(cases.map(\.seconds).reduce(0, +))
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(total)\""
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"\(markupEscape(name))\" \(counts)>",
            "  <testsuite name=\"\(markupEscape(name))\" \(counts)>",
        ]
        if !properties.isEmpty {
            lines.append("    <properties>")
            for (key, value) in properties { lines.append("      <property name=\"\(markupEscape(key))\" value=\"\(markupEscape(value))\"/>") }
            lines.append("    </properties>")
        }
        for test in cases {
            let open = "    <testcase classname=\"\(markupEscape(test.classname))\" name=\"\(markupEscape(test.name))\" time=\"\(Self.seconds(test.seconds))\""
            switch test.outcome {
            case .passed: lines.append(open + "/>")
            case let .failure(type, message):
                lines += [open + ">", "      <failure type=\"\(markupEscape(type))\" message=\"\(markupEscape(message))\"/>", "    </testcase>"]
            case let .error(type, message):
                lines += [open + ">", "      <error type=\"\(markupEscape(type))\" message=\"\(markupEscape(message))\"/>", "    </testcase>"]
            case let .skipped(message):
                lines += [open + ">", "      <skipped message=\"\(markupEscape(message))\"/>", "    </testcase>"]
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Seconds in decimal form with nanosecond resolution; 0 for anything not a finite positive.
    static func seconds(_ value: Double) -> String {
        value.isFinite && value > 0 ? ChartAxis.trimmed(value, digits: 9) : "0"
    }
}
