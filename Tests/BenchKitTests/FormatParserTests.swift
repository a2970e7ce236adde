import Foundation
import TestSupport
import Testing

/// Every format the tool writes, read back by its own ecosystem's parser rather than ours:
/// JSON against the schema files in docs/schemas (jsonschema), JUnit against docs/schemas/junit.xsd
/// (xmllint), Markdown as GitHub-flavoured Markdown (markdown-it-py), CSV with Python's reader.
/// `make deps` installs the three tools.
let formatCheckerReady: Bool = {
    guard let run = try? RunnerEndToEndTests().run("/bin/sh", ["-c", "command -v xmllint && python3 -c 'import jsonschema, markdown_it'"]) else { return false }
    return run.status == 0
}()

@Suite(
    "Formats pass their parsers", .serialized,
    .enabled(if: formatCheckerReady, "needs python3 with jsonschema and markdown-it-py, and xmllint (make deps installs them)"))
struct FormatParserTests {
    let tool = RunnerEndToEndTests()
    static let checker = Repository.url("Tests/FormatCheck/check_format.py").path
    static let fixtures = Repository.fixtures.path

    /// `text` checked as `kind`; the checker's verdict, and its words when it refuses.
    func check(_ kind: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = TemporaryFolder.name("format")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try tool.run("/usr/bin/env", ["python3", Self.checker, kind, file.path])
        #expect(run.status == 0, "\(kind): \(run.stdout)\(run.stderr)\n\(text.prefix(600))", sourceLocation: sourceLocation)
    }

    @Test("run: JSON (run.schema.json), JUnit, GFM Markdown, CSV and the github-action-benchmark list")
    func runFormats() throws {
        let reports = tool.temporaryReports()
        defer { try? FileManager.default.removeItem(at: reports) }
        for (format, kind) in [("json", "run"), ("junit", "junit"), ("markdown", "markdown"), ("csv", "csv"), ("github", "github")] {
            let run = try tool.motionBench([
                "run", "--quick", "--quiet", "--filter", "^test\\.(allocate\\.7|crash)$", "--reports", reports.path, "--format", format,
            ])
            #expect(run.status == 1, "the crashing benchmark makes the run exit 1")
            #expect(run.stderr.isEmpty, "--quiet: no progress or status lines: \(run.stderr)")
            try check(kind, run.stdout)
        }
        let latest = try String(contentsOf: reports.appendingPathComponent("latest.json"), encoding: .utf8)
        try check("run", latest)
        // A run whose parallel-capacity probe was disturbed on every try says so in `machine`:
        // written only on a busy machine, so made here rather than waited for.
        var document = try #require(try JSONSerialization.jsonObject(with: Data(latest.utf8)) as? [String: Any])
        var machine = try #require(document["machine"] as? [String: Any])
        (machine["probeDisturbed"], machine["parallelCapacity"]) = (true, nil)
        document["machine"] = machine
        try check("run", String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self))
    }

    @Test("compare: JSON (comparison.schema.json), JUnit and GFM Markdown")
    func compareFormats() throws {
        let reports = tool.temporaryReports()
        defer { try? FileManager.default.removeItem(at: reports) }
        for _ in 0..<2 {
            _ = try tool.motionBench(["run", "--quick", "--quiet", "--filter", "^test\\.allocate\\.7$", "--reports", reports.path, "--save-baseline", "a"])
        }
        for (format, kind) in [("json", "comparison"), ("junit", "junit"), ("markdown", "markdown")] {
            let run = try tool.motionBench(["compare", "a", "--reports", reports.path, "--format", format])
            try check(kind, run.stdout)
        }
    }

    @Test("conform: JSON (conformance.schema.json), JUnit with skipped fixtures, and GFM Markdown")
    func conformFormats() throws {
        for (format, kind) in [("json", "conformance"), ("junit", "junit"), ("markdown", "markdown")] {
            let run = try tool.motionBench(["conform", "--fixtures", Self.fixtures, "--suite", "curves", "--format", format])
            #expect(run.status == 0)
            try check(kind, run.stdout)
        }
        // An engine that implements only some operations: the fixtures it is not sent are <skipped>.
        let engine = URL(fileURLWithPath: Self.fixtures).deletingLastPathComponent().appendingPathComponent("Examples/python-engine/engine.py").path
        let junit = try tool.motionBench([
            "conform", "--fixtures", Self.fixtures, "--suite", "retarget", "--format", "junit", "--engine", "python3 \(engine) --capabilities curve,timeline",
        ])
        try check("junit", junit.stdout)
        #expect(junit.stdout.contains("<skipped message="), "\(junit.stdout.prefix(800))")
    }

    @Test("show: a stored run, comparison and conformance result in every format, each passing its parser, without measuring")
    func show() throws {
        let reports = tool.temporaryReports()
        defer { try? FileManager.default.removeItem(at: reports) }
        for _ in 0..<2 {
            _ = try tool.motionBench(["run", "--quick", "--quiet", "--filter", "^test\\.allocate\\.7$", "--reports", reports.path, "--save-baseline", "a"])
        }
        let latest = reports.appendingPathComponent("latest.json").path
        let comparison = reports.appendingPathComponent("comparison.json"), conformance = reports.appendingPathComponent("conformance.json")
        try Data(try tool.motionBench(["compare", "a", "--reports", reports.path, "--format", "json"]).stdout.utf8).write(to: comparison)
        try Data(try tool.motionBench(["conform", "--fixtures", Self.fixtures, "--suite", "springs", "--format", "json"]).stdout.utf8).write(to: conformance)
        let runs = try FileManager.default.contentsOfDirectory(atPath: reports.appendingPathComponent("runs").path).count
        for (file, formats) in [
            (latest, [("json", "run"), ("junit", "junit"), ("markdown", "markdown"), ("csv", "csv"), ("github", "github")]),
            (comparison.path, [("json", "comparison"), ("junit", "junit"), ("markdown", "markdown")]),
            (conformance.path, [("json", "conformance"), ("junit", "junit"), ("markdown", "markdown")]),
        ] {
            for (format, kind) in formats {
                let shown = try tool.motionBench(["show", file, "--format", format])
                #expect(shown.status == 0, "\(file) as \(format): \(shown.stderr)")
                try check(kind, shown.stdout)
            }
            #expect(try tool.motionBench(["show", file]).stdout.contains(file == conformance.path ? "passed" : "test.allocate.7"))
        }
        #expect(try tool.motionBench(["show", conformance.path, "--format", "html"]).stdout.contains("<table"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: reports.appendingPathComponent("runs").path).count == runs, "show measures nothing")
        let wrong = try tool.motionBench(["show", conformance.path, "--format", "csv"])
        #expect(wrong.status == 1 && wrong.stderr.contains("unknown format 'csv' for a conformance result"))
    }

    @Test("the checker refuses what the parsers refuse: a table with a short delimiter row, a bare <testsuite>, exponent times")
    func checkerRefuses() throws {
        let table = "| a | b | c |\n|---|---|\n| 1 | 2 | 3 |\n"
        let junit =
            "<?xml version=\"1.0\"?>\n<testsuite name=\"x\" tests=\"1\" failures=\"0\"><testcase classname=\"c\" name=\"n\" time=\"4.2e-06\"/></testsuite>\n"
        for (kind, text) in [("markdown", table), ("junit", junit), ("run", "{\"schemaVersion\": 1}")] {
            let file = TemporaryFolder.name("format")
            try Data(text.utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let run = try tool.run("/usr/bin/env", ["python3", Self.checker, kind, file.path])
            #expect(run.status == 1, "\(kind) should be refused: \(run.stdout)")
        }
    }
}
