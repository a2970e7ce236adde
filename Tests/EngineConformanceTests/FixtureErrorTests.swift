import ConformanceReports
import FixtureFormat
import Foundation
import TestSupport
import Testing

@testable import EngineConformance
@testable import MotionConformance

/// Bad fixtures give errors that name the JSON path and what was expected; the loader never traps.
@Suite("Fixture errors")
struct FixtureErrorTests {
    static let valid = """
        {"id": "x/one", "title": "t", "suite": "x", "provenance": "analytic", "source": "s", "tolerance": {"absolute": 0.001},
         "property": {"valueType": "scalar", "initialValue": 0,
                      "events": [{"time": 0, "set": 1, "animation": {"linear": {"duration": 1}}}],
                      "samples": [{"time": 0.5, "value": 0.5}]}}
        """

    func error(_ text: String) -> FixtureError? {
        do {
            _ = try FixtureLoader.decode(text)
            return nil
        } catch let error as FixtureError {
            return error
        } catch {
            Issue.record("not a FixtureError: \(error)")
            return nil
        }
    }

    @Test("the valid fixture decodes and passes")
    func valid() throws {
        let fixture = try FixtureLoader.decode(Self.valid)
        #expect(Player.run(fixture, mirror: MotionEngineMirror.factory).verdict == .pass)
    }

    @Test("malformed JSON says where: line and column")
    func malformed() {
        let e = error("{\"id\": \"x\",\n \"title\": }")
        #expect(e?.path == "line 2, column 11 (byte 22)" && e?.message.contains("invalid JSON") == true)
        #expect(error(String(Self.valid.dropLast(20)))?.message.contains("truncated") == true)
        #expect(error("{\"id\": NaN}")?.message.contains("invalid JSON") == true, "NaN is not JSON")
    }

    @Test("unknown, missing and mistyped fields name their JSON path")
    func fields() {
        let unknown = error(Self.valid.replacingOccurrences(of: "\"title\"", with: "\"titel\""))
        #expect(unknown?.path == "$.titel" && unknown?.message.contains("unknown field") == true)
        let missing = error(Self.valid.replacingOccurrences(of: "\"source\": \"s\", ", with: ""))
        #expect(missing?.path == "$.source" && missing?.message.contains("required") == true)
        let typed = error(Self.valid.replacingOccurrences(of: "\"set\": 1", with: "\"set\": \"one\""))
        #expect(typed?.path == "$.property.events[0].set" && typed?.message.contains("expected a number") == true)
    }

    @Test("unknown animation names, out-of-order times and wrong value types are errors")
    func semantics() {
        let animation = error(Self.valid.replacingOccurrences(of: "\"linear\"", with: "\"springy\""))
        #expect(animation?.path == "$.property.events[0].animation" && animation?.message.contains("unknown animation 'springy'") == true)
        let order = error(Self.valid.replacingOccurrences(of: "[{\"time\": 0.5, \"value\": 0.5}]", with: "[{\"time\": 0.5}, {\"time\": 0.2}]"))
        #expect(order?.path == "$.property.samples[1].time" && order?.message.contains("out of time order") == true)
        let type = error(Self.valid.replacingOccurrences(of: "\"initialValue\": 0", with: "\"initialValue\": [0, 0]"))
        #expect(type?.path == "$.property.initialValue" && type?.message.contains("expected a number") == true)
        let negative = error(Self.valid.replacingOccurrences(of: "\"time\": 0.5", with: "\"time\": -1"))
        #expect(negative?.message.contains("must not be negative") == true)
        let provenance = error(Self.valid.replacingOccurrences(of: "\"analytic\"", with: "\"engine\""))
        #expect(provenance?.message.contains("unknown provenance") == true)
    }

    @Test(
        "an animation has one reading: autoreverses right after its repeat, one repeat, one initializer form (docs/protocol.md §2)",
        arguments: [
            ("{\"linear\": {}, \"autoreverses\": false, \"repeatCount\": 2}", "autoreverses"),
            ("{\"linear\": {}, \"delay\": 0.1, \"autoreverses\": false}", "autoreverses"),
            ("{\"linear\": {}, \"modifiers\": [{\"repeatCount\": 2}, {\"delay\": 0.1}, {\"autoreverses\": false}]}", "modifiers[2].autoreverses"),
            ("{\"linear\": {}, \"modifiers\": [{\"repeatCount\": 2}, {\"repeatForever\": true}]}", "modifiers[1].repeatForever"),
            ("{\"linear\": {}, \"repeatForever\": false}", "repeatForever"),
            ("{\"spring\": {\"response\": 0.3, \"bounce\": 0.2}}", "spring.bounce"),
            ("{\"interactiveSpring\": {\"dampingFraction\": 0.7, \"duration\": 0.2}}", "interactiveSpring.duration"),
            ("{\"interpolatingSpring\": {\"damping\": 5}}", "interpolatingSpring.stiffness"),
            ("{\"interpolatingSpring\": {\"stiffness\": 100, \"damping\": 5, \"duration\": 0.5}}", "interpolatingSpring.duration"),
        ])
    func oneReading(animation: String, path: String) {
        let text = Self.valid.replacingOccurrences(of: "{\"linear\": {\"duration\": 1}}", with: animation)
        #expect(error(text)?.path == "$.property.events[0].animation." + path)
    }

    @Test("the forms and placements the protocol allows still load")
    func oneReadingAllowed() throws {
        for animation in [
            "{\"linear\": {}, \"repeatCount\": 2, \"autoreverses\": false}", "{\"linear\": {}, \"delay\": 0.1, \"repeatForever\": true}",
            "{\"linear\": {}, \"modifiers\": [{\"repeatCount\": 2}, {\"autoreverses\": false}, {\"delay\": 0.1}]}",
            "{\"spring\": {\"response\": 0.3}}", "{\"spring\": {\"bounce\": 0.3, \"blendDuration\": 0.1}}",
            "{\"interpolatingSpring\": {\"stiffness\": 100, \"damping\": 5, \"initialVelocity\": 1}}",
        ] {
            _ = try FixtureLoader.decode(Self.valid.replacingOccurrences(of: "{\"linear\": {\"duration\": 1}}", with: animation))
        }
    }

    @Test("a broken file among good ones is reported with its file; the others still load")
    func folder() throws {
        let root = TemporaryFolder.name("fixtures").appendingPathComponent("x")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Self.valid.write(to: root.appendingPathComponent("good.json"), atomically: true, encoding: .utf8)
        try "{".write(to: root.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let loaded = FixtureLoader.load(root: root.deletingLastPathComponent())
        #expect(loaded.fixtures.count == 1 && loaded.errors.count == 1)
        #expect(loaded.errors.first?.file?.hasSuffix("bad.json") == true)
        #expect(ConformanceReport(results: loaded.fixtures.map { Player.run($0) }, loadErrors: loaded.errors).exitCode == 2)
    }

    @Test("3,000 mutated fixtures never crash the loader or the player (`fixtures fuzz` runs more)")
    func fuzz() {
        var generator = FixtureMutator(seed: 42)
        let sources =
            [Self.valid]
            + [
                "documented/c10-bezier.json", "retarget/coincident-dropped.json", "keyframes/point-cubic.json", "phases/nil-animation.json",
                "timeline/explicit-unsorted.json", "documented/s03-overdamped-stiffness-quirk.json",
            ]
            .compactMap { try? String(contentsOf: fixturesRoot.appendingPathComponent($0), encoding: .utf8) }
        var decoded = 0
        for round in 0..<3_000 {
            let text = generator.mutate(sources[round % sources.count])
            if let fixture = try? FixtureLoader.decode(text) {
                decoded += 1
                if round % 50 == 0 { _ = Player.run(fixture, mirror: MotionEngineMirror.factory) }
            }
        }
        #expect(decoded > 0, "some mutations stay valid")
    }

    @Test("phases samples, transitions and triggers out of time order are errors at their JSON path")
    func phasesOrder() throws {
        let root = Repository.root
        let text = try String(contentsOf: root.appendingPathComponent("Fixtures/phases/linear-cycle-0.2.json"), encoding: .utf8)
        func reversed(_ key: String) throws -> String {
            var json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            var phases = try #require(json["phases"] as? [String: Any])
            phases[key] = Array(try #require(phases[key] as? [Any]).reversed())
            json["phases"] = phases
            return String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        }
        let samples = error(try reversed("samples")), transitions = error(try reversed("transitions"))
        #expect(samples?.path == "$.phases.samples[1].time" && samples?.message.contains("out of time order") == true, "\(String(describing: samples))")
        #expect(
            transitions?.path == "$.phases.transitions[1].time" && transitions?.message.contains("out of time order") == true,
            "\(String(describing: transitions))")
        let triggers = error(text.replacingOccurrences(of: "\"mode\"", with: "\"triggers\": [0.5, 0.25], \"mode\""))
        #expect(triggers?.path == "$.phases.triggers[1]" && triggers?.message.contains("out of time order") == true, "\(String(describing: triggers))")
    }

    @Test("a fixture file over 16 MiB is an error naming its size, read no further; the others still load")
    func fileSizeLimit() throws {
        let folder = TemporaryFolder.name("size").appendingPathComponent("x")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try Self.valid.write(to: folder.appendingPathComponent("good.json"), atomically: true, encoding: .utf8)
        // Valid JSON all the same: the fixture padded with spaces.
        try (Self.valid + String(repeating: " ", count: 17 << 20)).write(to: folder.appendingPathComponent("huge.json"), atomically: true, encoding: .utf8)
        let loaded = FixtureLoader.load(root: folder.deletingLastPathComponent())
        #expect(loaded.fixtures.count == 1 && loaded.errors.count == 1)
        #expect(loaded.errors.first?.message.hasSuffix("bytes, over the 16 MiB limit for a fixture file") == true, "\(loaded.errors)")
        #expect(loaded.errors.first?.file?.hasSuffix("x/huge.json") == true)
    }

    @Test(
        "a strict reader: duplicate keys, numbers JSON does not allow, arguments to .default, keys beside bezier and non-UTF-8 bytes are errors that say where")
    func strictReader() throws {
        let duplicate = error(Self.valid.replacingOccurrences(of: "\"title\": \"t\"", with: "\"title\": \"t\", \"title\": \"u\""))
        #expect(
            duplicate?.message == "invalid JSON: duplicate key \"title\" in an object" && duplicate?.path.hasPrefix("line 1, column ") == true,
            "\(String(describing: duplicate))")
        for bad in [".5", "01", "1.", "+1", "1e", "-", "1e400"] {
            let e = error(Self.valid.replacingOccurrences(of: "\"set\": 1", with: "\"set\": \(bad)"))
            #expect(e?.message.contains("'\(bad)'") == true && e?.path.contains("(byte ") == true, "\(bad): \(String(describing: e))")
        }
        for good in ["0.5", "-0", "1e-3", "2E+2", "10"] {
            #expect(error(Self.valid.replacingOccurrences(of: "\"set\": 1", with: "\"set\": \(good)")) == nil, "\(good) is JSON")
        }
        let defaultArguments = error(Self.valid.replacingOccurrences(of: "{\"linear\": {\"duration\": 1}}", with: "{\"default\": {\"durration\": 1}}"))
        #expect(
            defaultArguments?.path == "$.property.events[0].animation.default.durration" && defaultArguments?.message.contains("unknown field") == true,
            "\(String(describing: defaultArguments))")
        #expect(error(Self.valid.replacingOccurrences(of: "{\"linear\": {\"duration\": 1}}", with: "{\"default\": {}}")) == nil)
        // Non-UTF-8 bytes: the loader names the file and the byte.
        let folder = TemporaryFolder.name("utf8").appendingPathComponent("x")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        var bytes = Data(Self.valid.utf8)
        bytes.insert(0xFF, at: 10)
        try bytes.write(to: folder.appendingPathComponent("bad.json"))
        let loaded = FixtureLoader.load(root: folder.deletingLastPathComponent())
        #expect(loaded.errors.first?.message == "is not UTF-8 text: the bytes at byte 10 (0xFF) are not a UTF-8 character", "\(loaded.errors)")
        #expect(loaded.errors.first?.file?.hasSuffix("x/bad.json") == true)
    }

    @Test("work is bounded: a phases duration or frame rate of 1e300, or a timeline count of 1e9, is an error naming its limit, not a trap or a hang")
    func boundedWork() throws {
        let root = Repository.root
        let phases = try String(contentsOf: root.appendingPathComponent("Fixtures/phases/linear-cycle-0.2.json"), encoding: .utf8)
        #expect(throws: Never.self) { try FixtureLoader.decode(phases) }
        func phasesError(_ field: String, _ value: String) -> FixtureError? {
            let pattern = try! NSRegularExpression(pattern: "\"\(field)\": [0-9.]+")
            // The scenario's own field comes after the phases' animations: replace the last one.
            let matches = pattern.matches(in: phases, range: NSRange(phases.startIndex..., in: phases))
            guard let last = matches.last, let range = Range(last.range, in: phases) else { return nil }
            return self.error(phases.replacingCharacters(in: range, with: "\"\(field)\": \(value)"))
        }
        let huge = phasesError("duration", "1e300")
        #expect(huge?.path == "$.phases.duration" && huge?.message == "phases duration 1e+300 s exceeds the 3600 s limit", "\(String(describing: huge))")
        #expect(phasesError("duration", "1e9")?.message.contains("exceeds the 3600 s limit") == true)
        let fast = phases.replacingOccurrences(of: "\"frameRate\": 64", with: "\"frameRate\": 1000")
        let frames = self.error(fast.replacingOccurrences(of: "\"duration\": 1.21875", with: "\"duration\": 3600"))
        #expect(frames?.message.contains("is 3600000 frames, over the 1000000-frame limit") == true, "3600 s at 1000 Hz: \(String(describing: frames))")
        #expect(phasesError("frameRate", "1e300")?.message.contains("phases frameRate 1e+300 Hz exceeds the 1000 Hz limit") == true)
        let timeline = try String(
            contentsOf: root.appendingPathComponent("Fixtures/timeline").appendingPathComponent(
                try #require(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Fixtures/timeline").path).sorted().first)),
            encoding: .utf8)
        let body = timeline.replacingOccurrences(of: "\"schedule\":", with: "\"count\": 1e9, \"schedule\":")
        let count = self.error(body)
        #expect(count?.message.contains("timeline count 1000000000 exceeds the 100000 limit") == true, "\(String(describing: count))")
        // A fuzzed fixture with its one lastTimeOutside check repeated a thousand times took 14 s in
        // a debug build: eleven are refused, ten are not.
        let settle = try String(contentsOf: root.appendingPathComponent("Fixtures/documented/s06-sampled-settle-0_35-0_15.json"), encoding: .utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(settle.utf8)) as? [String: Any])
        func repeated(_ times: Int) throws -> String {
            var copy = json, spring = try #require(json["spring"] as? [String: Any])
            spring["checks"] = Array(repeating: try #require((spring["checks"] as? [Any])?.first), count: times)
            copy["spring"] = spring
            return String(decoding: try JSONSerialization.data(withJSONObject: copy), as: UTF8.self)
        }
        let scans = self.error(try repeated(11))
        #expect(
            scans?.path == "$.spring.checks" && scans?.message == "has 11 lastTimeOutside checks, over the limit of 10 (each scans 100,000 spring values)",
            "\(String(describing: scans))")
        #expect(self.error(try repeated(10)) == nil)
    }
}

@Suite("Residuals as reports show them")
struct ResidualTextTests {
    @Test("a residual past a million tolerances reads as diverged, not as a number; smaller ones keep three digits")
    func diverged() {
        #expect(CheckResult.residualText(1.35e154) == "diverged")
        #expect(CheckResult.residualText(CheckResult.divergedResidual) == "diverged")
        #expect(CheckResult.residualText(2.5) == "2.5" && CheckResult.residualText(999_999) == "1e+06")
        #expect(CheckResult.residualText(.infinity) == "∞")
    }
}
