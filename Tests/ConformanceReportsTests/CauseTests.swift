import FixtureFormat
import Foundation
import TestSupport
import Testing

@testable import MotionConformance

/// Failing fixtures reduced to their causes: engines with known bugs (one-bug variants of the
/// Python example, written into scratch copies by `scripts/variants --write`), their causes read
/// from the JSON report.
@Suite("causes", .serialized)
struct CauseTests {
    struct Run {
        var failed: Set<String>
        /// Each cause's id, the fixtures it is the first cause of and those it is a later cause
        /// of, largest first.
        var causes: [(id: String, fixtures: [String], also: [String])]
        /// The behaviours, largest first: each family's id and how many fixtures it accounts for.
        var families: [(id: String, fixtures: Int)] = []
        /// Each cause's smallest scenario, as the fixture the report gives.
        var smallest: [String: String] = [:]

        var largest: String? { causes.first?.id }
        func fixtures(of id: String) -> Set<String> { Set(causes.first { $0.id == id }?.fixtures ?? []) }
        func every(of id: String) -> Set<String> { causes.first { $0.id == id }.map { Set($0.fixtures + $0.also) } ?? [] }
    }

    /// Runs made in this process, by engine and arguments: the delay engine's serves two tests.
    final class Made: @unchecked Sendable {
        let lock = NSLock()
        var runs: [[String]: Run] = [:]
    }
    static let made = Made()

    /// An engine with the named variants' bugs at once, played on the fixtures `arguments` choose.
    func run(_ variants: [String], _ arguments: [String] = []) throws -> Run {
        let key = variants + ["--"] + arguments
        if let known = Self.made.lock.withLock({ Self.made.runs[key] }) { return known }
        let made = try play(variants, arguments)
        Self.made.lock.withLock { Self.made.runs[key] = made }
        return made
    }

    func play(_ variants: [String], _ arguments: [String]) throws -> Run {
        let folder = TemporaryFolder.name("variant-engine").path
        let filter = "^(" + variants.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|") + ")$"
        let write = Process()
        write.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        write.arguments = ["python3", Repository.url("scripts/variants").path, "--filter", filter, "--write", folder]
        write.standardOutput = FileHandle.nullDevice
        try write.run()
        write.waitUntilExit()
        try #require(write.terminationStatus == 0, "scripts/variants --write \(variants)")
        // A budget no run here reaches: every reduction runs to its end, so the causes depend on
        // the engine alone, not on how busy the machine is.
        let outcome = try Tool.watch(
            ["conform", "--format", "json", "--diagnosis-seconds", "900", "--engine", "python3 \(folder)/engine.py"] + arguments, limit: 900)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any], "\(outcome.errors.suffix(600))")
        let fixtures = try #require(report["fixtures"] as? [[String: Any]])
        let failed = Set(fixtures.filter { $0["verdict"] as? String == "fail" }.compactMap { $0["id"] as? String })
        let causes = try #require((report["causes"] as? [String: Any])?["causes"] as? [[String: Any]])
        let families = try #require((report["causes"] as? [String: Any])?["families"] as? [[String: Any]])
        return Run(
            failed: failed, causes: causes.map { ($0["id"] as? String ?? "", $0["fixtures"] as? [String] ?? [], $0["also"] as? [String] ?? []) },
            families: families.map { ($0["id"] as? String ?? "", $0["fixtures"] as? Int ?? 0) },
            smallest: Dictionary(
                causes.compactMap { cause in
                    ((cause["smallest"] as? [String: Any])?["fixture"] as? String).map { (cause["id"] as? String ?? "", $0) }
                }, uniquingKeysWith: { a, _ in a }))
    }

    /// The suites where a spring's mass and a delay's velocity show (springs, modifiers, the
    /// generated fixtures of §1 and half of those of §3.2, by their hash), to keep the runs short.
    static let fixtures = ["--filter", "^(springs/|modifiers/|generated/(1_|3_2-[0-7]))"]

    /// The causes' first fixtures are the failing fixtures, each once.
    func addsUp(_ run: Run) -> Bool {
        let listed = run.causes.flatMap(\.fixtures)
        return listed.count == run.failed.count && Set(listed) == run.failed
    }

    @Test("a delay that reports no velocity: one cause, naming the velocity, the delay and 0, accounts for most of the failures")
    func delayWithoutVelocity() throws {
        let run = try run(["modifier.delay-no-velocity"], Self.fixtures)
        #expect(!run.failed.isEmpty && addsUp(run))
        // Every cause of two fixtures or more names the velocity, 0 and the delay; the largest
        // holds three quarters of the failures.
        for cause in run.causes where cause.fixtures.count >= 2 {
            let words = cause.id.split(separator: ":").map(String.init)
            #expect(words.count == 5 && words[0] == "property" && words[1] == "velocity" && words[2] == "zero" && words[4].contains(".delay"), "\(words)")
        }
        #expect(Double(run.fixtures(of: run.largest ?? "").count) >= 0.75 * Double(run.failed.count), "\(run.causes.prefix(4))")
    }

    @Test("a delay without velocity, seen through many scenarios: every behaviour is the velocity reported 0, three hold nine failures in ten")
    func delayWithoutVelocityIsOneBehaviour() throws {
        let run = try run(["modifier.delay-no-velocity"], Self.fixtures)
        #expect(run.families.reduce(0) { $0 + $1.fixtures } == run.failed.count, "the families account for every failing fixture once")
        #expect(run.families.count < run.causes.count, "fewer behaviours than scenarios")
        for family in run.families { #expect(family.id == "property:velocity:zero", "\(family.id)") }
        let top = run.families.prefix(3).reduce(0) { $0 + $1.fixtures }
        #expect(Double(top) >= 0.9 * Double(run.failed.count), "\(run.families)")
    }

    /// Two bugs at once: each one's largest cause alone is a cause of the pair (first or later),
    /// holding only fixtures that bug alone fails.
    func twoBugs(_ a: String, _ b: String, _ arguments: [String]) throws {
        let (first, second, both) = (try run([a], arguments), try run([b], arguments), try run([a, b], arguments))
        #expect(addsUp(first) && addsUp(second) && addsUp(both))
        let (ida, idb) = (try #require(first.largest), try #require(second.largest))
        #expect(ida != idb)
        for (id, alone) in [(ida, first.failed), (idb, second.failed)] {
            let fixtures = both.every(of: id)
            #expect(!fixtures.isEmpty && fixtures.isSubset(of: alone), "\(id): \(fixtures.subtracting(alone).sorted())")
        }
    }

    @Test("two bugs in different parts (a delay's velocity, a spring's mass): two causes, each holding only what that bug alone fails")
    func twoBugsApart() throws {
        try twoBugs("modifier.delay-no-velocity", "spring.mass-ignored", Self.fixtures)
    }

    @Test("two merge bugs (blend durations reversed, velocity dropped at a merge): two causes, each holding only what that bug alone fails")
    func twoMergeBugs() throws {
        // The blend fixtures (both bugs fail them), and two merges that only the dropped velocity
        // fails (equal delays; the default spring merged into a snappy one): the blend's cause must
        // take neither of those.
        try twoBugs(
            "fluid.blend-reversed", "fluid.merge-drops-velocity",
            ["--filter", "^merge/(blend-duration|region-(interactive|spring-blend|delays-equal)|spring-default-then-snappy)"])
    }

    @Test(
        "a reduction stays on the rules its fixture rests on: with a blend bug and a response-0 bug at once, no blend fixture is reduced to a response of 0"
    )
    func reductionKeepsItsRules() throws {
        // Rounding the blend fixtures' responses to 0 still fails (the other bug), but there the
        // expected numbers rest on the rule the project decided for a response of 0: another cause.
        let blends: Set = ["merge/edge-blend-tiny", "merge/blend-duration"]
        let run = try run(
            ["fluid.blend-unclamped", "fluid.response-zero-stiffness-one"],
            ["--filter", "^(merge/(edge-blend-tiny|blend-duration)|modifiers/edge-spring-response-(zero|negative))$"])
        let rule = try #require(InferredRule.all.first { $0.id == "response-zero-stiffest" })
        #expect(blends.isSubset(of: run.failed) && run.failed.contains("modifiers/edge-spring-response-zero"))
        var seen = (blend: 0, response: 0)
        for cause in run.causes {
            let reduced = try FixtureLoader.decode(try #require(run.smallest[cause.id], "\(cause.id) has no smallest scenario"))
            if !blends.isDisjoint(with: cause.fixtures + cause.also) {
                seen.blend += 1
                #expect(!rule.applies(to: FixtureFeatures.of(reduced)), "\(cause.id) reduces a blend fixture to a response of 0")
            }
            if cause.fixtures.contains("modifiers/edge-spring-response-zero") {
                seen.response += 1
                #expect(rule.applies(to: FixtureFeatures.of(reduced)), "\(cause.id)")
            }
        }
        #expect(seen.blend > 0 && seen.response > 0)
    }
}
