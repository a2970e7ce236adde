import Foundation
import Testing

@testable import BenchKit

/// A callgrind file read per function, and two profiles compared; every expected number is the
/// sum of the hand-written file's cost lines.
@Suite("callgrind profiles and their attribution")
struct CallgrindProfileTests {
    /// `region` calls `work` (which calls `helper` four times) and `helper`; `recursive` calls
    /// itself. Self costs 10 + 700 + 250 + 40 = 1000 instructions, the total.
    static let file = """
        # callgrind format
        version: 1
        positions: line
        events: Ir Dr
        summary: 1000 100

        ob=(1) /bin/worker
        fl=(1) ???
        fn=(1) region
        0 10 1
        cfn=(2) work
        calls=2 0
        0 900 90
        cfn=(3) helper
        calls=1 0
        0 50 5

        fn=(2)
        0 700 70
        cfn=(3)
        calls=4 0
        0 200 20

        fn=(3)
        0 200 20
        +3 50 5
        fn=(4) recursive
        0 40 4
        cfn=(4)
        calls=1 0
        0 30 3
        totals: 1000 100
        """

    @Test("self costs add up to the total; inclusive costs add the calls made, a call to itself left out; names compressed and not")
    func parsesFunctions() throws {
        let profile = try CallgrindProfile(parsing: Self.file)
        #expect(profile.events == ["Ir", "Dr"] && profile.totals == [1000, 100])
        let cost = profile.functions.mapValues { ($0.selfCost, $0.inclusive) }
        #expect(cost["region"]?.0 == [10, 1] && cost["region"]?.1 == [960, 96])
        #expect(cost["work"]?.0 == [700, 70] && cost["work"]?.1 == [900, 90])
        #expect(cost["helper"]?.0 == [250, 25] && cost["helper"]?.1 == [250, 25])
        #expect(cost["recursive"]?.0 == [40, 4] && cost["recursive"]?.1 == [40, 4])
        #expect(profile.functions.values.map { $0.selfCost(0) }.reduce(0, +) == profile.totals[0])
        #expect(profile.functions["work"]?.object == "/bin/worker")
    }

    @Test("a cost that is not a number, or a cost line before any function, names its line and what was expected")
    func refusesBadLines() {
        #expect(throws: CallgrindFormatError(line: 3, text: "abc", expected: "a count")) {
            try CallgrindProfile(parsing: "events: Ir\nfn=(1) f\n0 abc\ntotals: 1")
        }
        #expect(throws: CallgrindFormatError(line: 2, text: "0 5", expected: "a cost line inside a function (fn=)")) {
            try CallgrindProfile(parsing: "events: Ir\n0 5\ntotals: 5")
        }
        #expect(throws: CallgrindFormatError(line: 0, text: "", expected: "a totals: or summary: line")) {
            try CallgrindProfile(parsing: "events: Ir\nfn=(1) f\n0 5\n")
        }
    }

    static func profile(_ selfCosts: [String: UInt64]) -> CallgrindProfile {
        CallgrindProfile(
            events: ["Ir"], totals: [selfCosts.values.reduce(0, +)],
            functions: selfCosts.mapValues { .init(selfCost: [$0], inclusive: [$0], object: nil) })
    }

    @Test("functions at or above the floor, largest change first; they and the rest add up to the total's change")
    func attributes() {
        // Two iterations each: per iteration the total goes 500 → 803; b +300, d +2.5 (new), c +0.5.
        let baseline = Self.profile(["a": 200, "b": 200, "c": 600])
        let candidate = Self.profile(["a": 200, "b": 800, "c": 601, "d": 5])
        let attribution = InstructionAttribution(benchmark: "x", baseline: baseline, candidate: candidate, iterations: 2)
        #expect(attribution.baselineInstructions == 500 && attribution.candidateInstructions == 803)
        // The floor: 0.2% of 500 = 1 instruction an iteration; c's half an instruction is below it.
        #expect(attribution.floor == 1)
        #expect(attribution.functions.map(\.symbol) == ["b", "d"])
        #expect(attribution.functions.map(\.selfChange) == [300, 2.5])
        #expect(attribution.elsewhere == 0.5)
        #expect(!attribution.instructionsUnchanged && attribution.explained == 302.5 / 303)
    }

    @Test("a total within half a percent is the same work: the attribution says so")
    func sameWork() {
        let attribution = InstructionAttribution(
            benchmark: "x", baseline: Self.profile(["a": 1000]), candidate: Self.profile(["a": 998, "b": 6]), iterations: 1)
        #expect(attribution.instructionsUnchanged)
        let moved = InstructionAttribution(benchmark: "x", baseline: Self.profile(["a": 1000]), candidate: Self.profile(["a": 1006]), iterations: 1)
        #expect(!moved.instructionsUnchanged)
    }

    @Test("cache events per iteration that changed by 1% or more, largest relative change first")
    func cacheChanges() {
        let a = CallgrindProfile(events: ["Ir", "Dr", "D1mr", "DLmr"], totals: [1000, 400, 10, 2], functions: [:])
        let b = CallgrindProfile(events: ["Ir", "Dr", "D1mr", "DLmr"], totals: [1000, 401, 80, 4], functions: [:])
        let changes = InstructionAttribution.cacheChanges(baseline: a, candidate: b, iterations: 2)
        // D1mr 5 → 40 (×8), DLmr 1 → 2 (×2); Dr 200 → 200.5 is a quarter of a percent.
        #expect(changes.map(\.event) == ["D1mr", "DLmr"])
        #expect(changes.map(\.baseline) == [5, 1] && changes.map(\.candidate) == [40, 2])
    }

    @Test("past the comparison's budget a regression is not attributed, and says why; a benchmark that did not regress gets neither")
    func budgetSpent() throws {
        var options = RevisionComparison.Options()
        options.budgetMinutes = 2
        options.progress = nil
        let comparison = RevisionComparison(options: options, repository: URL(fileURLWithPath: "/nonexistent"), workspace: URL(fileURLWithPath: "/nonexistent"))
        let driver = BenchmarkDriver(options: .init(worker: URL(fileURLWithPath: "/nonexistent/worker")))
        let names = ["a.slower", "a.same"]
        let descriptors = names.map {
            Benchmark.Descriptor(name: $0, unit: .operation, elements: 1, tags: [], reference: nil, usesAllThreads: false, oneThreadCounterpart: nil)
        }
        var report = ComparisonReport(
            baseline: "A", candidate: "B",
            comparisons: [
                BenchmarkComparison(name: names[0], verdict: .regressed, threshold: 0.05),
                BenchmarkComparison(name: names[1], verdict: .unchanged, threshold: 0.05),
            ])
        comparison.attribute(&report, descriptors, [driver, driver], elapsed: { 2 })
        let (slower, same) = (report.comparisons[0], report.comparisons[1])
        #expect(slower.attribution == nil && slower.attributionWithheld == .budgetSpent && slower.attributionNote != nil)
        #expect(same.attribution == nil && same.attributionWithheld == nil)
    }
}
