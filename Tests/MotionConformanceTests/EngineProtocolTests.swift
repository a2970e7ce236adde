import FixtureFormat
import Foundation
import TestSupport
import Testing

@testable import MotionConformance

/// `conform --engine` against engines that behave and engines that do not (docs/protocol.md).
@Suite("engine protocol", .serialized)
struct EngineProtocolTests {
    static let misbehaving = EngineDoubles.misbehaving
    static let python = EngineDoubles.python

    typealias Outcome = Tool.Watched

    /// The bundled fixtures, which an engine that conforms passes every one of.
    static let bundled = FixtureLoader.load(root: Repository.fixtures)

    func run(_ arguments: [String], environment: [String: String] = [:], limit: Double = 120) throws -> Outcome {
        try Tool.watch(arguments, environment: environment, limit: limit)
    }

    /// Whether any process on the machine has `needle` in its command line.
    static func processRunning(_ needle: String) -> Bool {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.contains { entry in
            guard Int(entry) != nil, let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return false }
            return String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self).contains(needle)
        }
    }

    static func counts(_ output: String) -> (passed: Int, failed: Int, errors: Int, skipped: Int) {
        // The fixture counts come before the first ';' (the checks and the exit code follow it).
        let line = output.split(separator: "\n").last { $0.contains(" passed, ") }.map { String($0.prefix { $0 != ";" }) } ?? ""
        func count(_ word: String) -> Int {
            guard let range = line.range(of: " \(word)") else { return 0 }
            return Int(line[..<range.lowerBound].split(whereSeparator: { !$0.isNumber }).last ?? "") ?? 0
        }
        return (count("passed"), count("failed"), count("errors"), count("skipped"))
    }

    @Test("the Swift adapter declares every capability and passes every fixture over the protocol; nothing is skipped")
    func adapterPassesEverything() throws {
        let outcome = try run(["conform", "--engine", "motion-bench adapter"])
        let c = Self.counts(outcome.output)
        #expect(outcome.status == 0, "\(outcome.output.suffix(800))")
        #expect(c.passed >= 185 && c.failed == 0 && c.errors == 0 && c.skipped == 0)
        #expect(c.passed == Self.bundled.fixtures.count)
        #expect(outcome.errors.contains("protocol \(EngineProtocol.version)"))
    }

    @Test(
        "the Python example, written from docs/semantics.md alone, passes every fixture; declaring less, the rest are skipped naming what they need, in every format"
    )
    func pythonEngine() throws {
        let complete = try run(["conform", "--engine", "python3 \(Self.python)"], limit: 600)
        let all = Self.counts(complete.output)
        #expect(complete.status == 0, "\(complete.output.suffix(600))")
        #expect(all.passed == Self.bundled.fixtures.count && all.failed == 0 && all.errors == 0 && all.skipped == 0)
        let partial = "python3 \(Self.python) --capabilities spring,curve,timeline"
        let text = try run(["conform", "--engine", partial])
        let c = Self.counts(text.output)
        let declared = Self.bundled.fixtures.filter {
            switch $0.body {
            case .spring, .curve, .timeline: return true
            default: return false
            }
        }
        #expect(text.status == 0, "\(text.output.suffix(600))")
        #expect(c.passed == declared.count && c.failed == 0 && c.errors == 0)
        #expect(c.skipped == Self.bundled.fixtures.count - declared.count)
        #expect(text.output.contains("needs keyframes.duration, keyframes.value, keyframes.velocity, which the engine did not declare"))
        let json = try run(["conform", "--format", "json", "--engine", partial])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["skipped"] as? Int == c.skipped)
        #expect((object["engine"] as? String)?.hasPrefix("python-example") == true)
        let fixtures = object["fixtures"] as? [[String: Any]] ?? []
        #expect(fixtures.contains { $0["verdict"] as? String == "skipped" && ($0["message"] as? String ?? "").contains("needs phases") })
        let junit = try run(["conform", "--format", "junit", "--engine", partial])
        #expect(junit.output.contains("skipped=\"\(c.skipped)\"") && junit.output.contains("<skipped message=\"needs "))
    }

    @Test("an engine without a handshake keeps working: scalar property fixtures are played, in the old request forms")
    func legacyEngine() throws {
        // The engine of before the handshake: it answers `hello` with an error, and samples from a
        // real AnimatedProperty through the old forms (a number, not components).
        let outcome = try run(["conform", "--format", "json", "--legacy-engine", "--engine", "motion-bench adapter --legacy"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let fixtures = object["fixtures"] as? [[String: Any]] ?? []
        let played = fixtures.filter { $0["verdict"] as? String != "skipped" }
        #expect(!played.isEmpty && played.allSatisfy { $0["verdict"] as? String == "pass" }, "\(played.filter { $0["verdict"] as? String != "pass" })")
        #expect(fixtures.filter { $0["verdict"] as? String == "skipped" }.allSatisfy { ($0["message"] as? String ?? "").contains("no handshake") })
        #expect(outcome.status == 0)
    }

    /// One misbehaving engine: misbehaves at the first request containing `trigger`, once; after
    /// the restart it behaves. Returns the outcome and the merge suite's size.
    func misbehave(_ mode: String, trigger: String = "\"time\":0.5", timeout: Double = 5, format: String = "text") throws -> Outcome {
        let marker = TemporaryFolder.name("misbehave").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        return try run(
            [
                "conform", "--suite", "merge", "--engine-timeout", "\(timeout)", "--format", format,
                "--engine", "python3 \(Self.misbehaving) \(mode) '\(trigger)' motion-bench adapter",
            ],
            environment: ["MISBEHAVE_MARKER": marker])
    }

    static let mergeCount = Self.bundled.fixtures.filter { $0.suite == "merge" }.count

    @Test(
        "an engine that fails once: that fixture is an error naming the engine and the request; the engine restarts and every other fixture passes",
        arguments: [
            ("exit", "exited with status 3"), ("crash", "killed by signal 11"), ("hang", "gave no answer within 2 s"),
            ("stray", "not JSON: «debug: about to answer»"), ("wrong-id", "answered out of turn (id 9999"),
        ])
    func failsOnce(mode: String, says: String) throws {
        let outcome = try misbehave(mode, timeout: 2)
        let c = Self.counts(outcome.output)
        #expect(!outcome.hung)
        #expect(outcome.status == 2)
        #expect(c.errors == 1 && c.passed == Self.mergeCount - 1 && c.failed == 0, "\(outcome.output.suffix(600))")
        let line = outcome.output.split(separator: "\n").first { $0.contains("the engine `python3") }.map(String.init) ?? ""
        #expect(line.contains(says), "\(line)")
        #expect(line.contains("at request #") && line.contains("\"op\":\"sample\",\"time\":0.5"), "\(line)")
        if mode != "stray" && mode != "wrong-id" { #expect(line.contains("misbehaving engine: \(mode)"), "the stderr tail: \(line)") }
    }

    @Test("an engine whose child never ends: the run ends within its timeout and no process is left behind")
    func noProcessOutlivesConform() throws {
        let outcome = try misbehave("child", timeout: 2)
        #expect(!outcome.hung && outcome.status == 2)
        #expect(Self.counts(outcome.output).passed == Self.mergeCount - 1)
        #expect(!Self.processRunning("misbehaving.py"))
        #expect(!Self.processRunning("sleep 3600"))
    }

    @Test("NaN travels as \"nan\": an engine answering NaN values fails those fixtures with the value shown, and is not an error")
    func nanAnswers() throws {
        let outcome = try misbehave("nan", trigger: "\"op\":\"sample\"", format: "json")
        #expect(outcome.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        #expect(object["errors"] as? Int == 0 && (object["failed"] as? Int ?? 0) > 0)
        let checks = (object["fixtures"] as? [[String: Any]] ?? []).flatMap { $0["checks"] as? [[String: Any]] ?? [] }
        // The NaN is shown as the answer, and has no residual: it is not folded into the worst error.
        #expect(checks.contains { $0["outcome"] as? String == "fail" && ($0["actual"] as? String ?? "").contains("nan") && $0["residual"] is NSNull })
    }

    @Test("an engine writing 64 KiB to standard error before every answer is not blocked: every fixture passes")
    func standardErrorNoise() throws {
        let outcome = try misbehave("noise", trigger: "\"op\"")
        #expect(!outcome.hung && outcome.status == 0)
        #expect(Self.counts(outcome.output).passed == Self.mergeCount)
    }

    @Test("an engine that cannot be started, or dies at the handshake, is one error: exit 2, no fixture rows, a line or two")
    func engineUnavailable() throws {
        let missing = try run(["conform", "--suite", "merge", "--engine", "no-such-engine-\(UUID().uuidString.prefix(8)) --flag"])
        #expect(!missing.hung && missing.status == 2)
        #expect(missing.output.isEmpty, "no table and no verdicts: \(missing.output.prefix(300))")
        #expect((1...2).contains(missing.errors.split(separator: "\n").count), "\(missing.errors)")
        let dies = try run(["conform", "--suite", "merge", "--engine", "python3 -c 'import sys; sys.stdin.readline(); sys.exit(3)'"])
        #expect(!dies.hung && dies.status == 2 && dies.output.isEmpty)
        #expect((1...2).contains(dies.errors.split(separator: "\n").count), "\(dies.errors)")
        // An engine of before the handshake is an error too, unless --legacy-engine asks for it.
        let legacy = try run(["conform", "--suite", "merge", "--engine", "motion-bench adapter --legacy"])
        #expect(legacy.status == 2 && legacy.output.isEmpty)
    }

    @Test("the command is split into words, not given to a shell; --engine-shell asks for one")
    func noShellUnlessAsked() throws {
        #expect(try EngineProtocol.words("python3 'my engine.py' --name \"a b\" x\\ y") == ["python3", "my engine.py", "--name", "a b", "x y"])
        #expect(throws: EngineProtocol.UnclosedQuote(command: "engine 'unclosed")) { try EngineProtocol.words("engine 'unclosed") }
        let viaShell = try run(["conform", "--suite", "merge", "--engine-shell", "--engine", "motion-bench adapter | cat"])
        #expect(viaShell.status == 0)
        let noShell = try run(["conform", "--suite", "merge", "--engine", "motion-bench adapter | cat"])
        #expect(noShell.status != 0)
    }

    @Test("spring forms (revision 2.1): an engine that names none has all four; one that names some has those alone")
    func springFormsDeclared() {
        let forms: Set<EngineProtocol.Capability> = [.springFormDuration, .springFormResponse, .springFormPhysical, .springFormSettling]
        let before = EngineProtocol.capabilities(declared: ["spring", "property.scalar", "no.such"])
        #expect(before.known.isSuperset(of: forms) && before.known.contains(.springValue) && before.unknown == ["no.such"])
        let some = EngineProtocol.capabilities(declared: ["spring.value", "spring.form.response", "spring.form.physical"])
        #expect(some.known.intersection(forms) == [.springFormResponse, .springFormPhysical] && some.unknown.isEmpty)
    }

    @Test("non-finite numbers are written as strings and read back")
    func nonFiniteNumbers() {
        #expect(EngineProtocol.number(.nan) == .string("nan"))
        #expect(EngineProtocol.number(-.infinity) == .string("-inf"))
        #expect(EngineProtocol.number(JSONValue.string("inf")) == .infinity)
        #expect(EngineProtocol.number(JSONValue.string("nan"))?.isNaN == true)
        #expect(EngineProtocol.number(JSONValue.string("1.5")) == nil)
        #expect(JSONValue.array([.number(.infinity), .number(1)]).compactSerialized() == "[\"inf\",1]")
    }
}
