import Foundation

extension RevisionComparison {
    /// Each regression of `report` attributed to the functions whose work changed, in the two
    /// revisions' workers; within the comparison's budget, or said to be skipped and why.
    func attribute(_ report: inout ComparisonReport, _ descriptors: [Benchmark.Descriptor], _ drivers: [BenchmarkDriver], elapsed: () -> Double) {
        let attributor = Attributor(baseline: drivers[0].instructionCounter, candidate: drivers[1].instructionCounter)
        for index in report.comparisons.indices where report.comparisons[index].verdict == .regressed {
            let name = report.comparisons[index].name
            guard let descriptor = descriptors.first(where: { $0.name == name }) else { continue }
            if let budget = options.budgetMinutes, elapsed() >= budget {
                report.comparisons[index].attributionNote =
                    "not attributed: the comparison's budget of \(String(format: "%g", budget)) minutes was spent"
                report.comparisons[index].attributionWithheld = .budgetSpent
                continue
            }
            options.progress?.note("attributing \(name)'s regression to functions (callgrind, both revisions)")
            switch attributor.attribute(descriptor) {
            case let .success(attribution): report.comparisons[index].attribution = attribution
            case let .failure(reason):
                (report.comparisons[index].attributionNote, report.comparisons[index].attributionWithheld) = (reason.description, .callgrindFailed)
            }
        }
    }
}

/// Why a regression has no attribution.
public enum AttributionWithheld: String, Codable, Sendable {
    /// The comparison's `--budget-minutes` were spent before it.
    case budgetSpent
    /// Callgrind could not profile one of the builds (missing, failing, or an engine in another
    /// process, which it cannot see).
    case callgrindFailed
}

/// One benchmark of `explain`: its attribution, or why there is none.
public struct ExplainedBenchmark: Codable, Sendable {
    public var name: String
    public var attribution: InstructionAttribution?
    public var note: String?
}

extension RevisionComparison {
    /// Builds both revisions (or reuses their worktrees' builds) and attributes the difference
    /// between them for every benchmark both offer that the filter selects, changed or not.
    public func explain(_ a: Revision, _ b: Revision) throws -> [ExplainedBenchmark] {
        try build(a)
        if a.directory != b.directory { try build(b) }
        let drivers = [driver(for: a), driver(for: b)]
        _ = try drivers.map { try $0.checkedBuild() }
        let namesB = Set(try drivers[1].benchmarks().map(\.name))
        // A C reference benchmark runs in the reference worker, not the revision's.
        let descriptors = try drivers[0].benchmarks().filter {
            namesB.contains($0.name) && drivers[0].routes.workers[$0.name]?.executable == drivers[0].options.worker
        }
        guard !descriptors.isEmpty else { throw DriverError("the two revisions share no benchmark matching the filter") }
        let attributor = Attributor(baseline: drivers[0].instructionCounter, candidate: drivers[1].instructionCounter)
        return descriptors.map { descriptor in
            options.progress?.note("attributing \(descriptor.name) (callgrind, both revisions)")
            switch attributor.attribute(descriptor) {
            case let .success(attribution): return ExplainedBenchmark(name: descriptor.name, attribution: attribution, note: nil)
            case let .failure(reason): return ExplainedBenchmark(name: descriptor.name, attribution: nil, note: reason.description)
            }
        }
    }
}
