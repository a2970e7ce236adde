import Foundation

/// Attributes a benchmark's change between two builds to functions: both workers' `instructions`
/// pass under callgrind, one thread, compared per function (`InstructionAttribution`). When the
/// instructions did not change, both run again under callgrind's cache simulation, and the
/// attribution names the cache events that changed instead of functions.
public struct Attributor: Sendable {
    public var baseline: InstructionCounter
    public var candidate: InstructionCounter
    /// The candidate's worker with its debug information, for names and places.
    public var symbols: Symboliser

    public init(baseline: InstructionCounter, candidate: InstructionCounter) {
        (self.baseline, self.candidate) = (baseline, candidate)
        symbols = Symboliser(binary: candidate.worker)
    }

    /// Why `descriptor` cannot be attributed, or nil when it can.
    public static func refusal(_ descriptor: Benchmark.Descriptor) -> String? {
        descriptor.engine != nil ? "not attributed: the engine runs in another process, which callgrind does not follow" : nil
    }

    public func attribute(_ descriptor: Benchmark.Descriptor) -> Result<InstructionAttribution, CallgrindUnavailable> {
        if let refusal = Self.refusal(descriptor) { return .failure(CallgrindUnavailable(refusal)) }
        let profiles: (CallgrindProfile, CallgrindProfile)
        switch (baseline.profile(descriptor.name), candidate.profile(descriptor.name)) {
        case let (.success(a), .success(b)): profiles = (a, b)
        case let (.failure(reason), _): return .failure(CallgrindUnavailable("baseline: \(reason)"))
        case let (_, .failure(reason)): return .failure(CallgrindUnavailable("candidate: \(reason)"))
        }
        var attribution = InstructionAttribution(
            benchmark: descriptor.name, baseline: profiles.0, candidate: profiles.1, iterations: baseline.iterations,
            symbolise: symbols.callAsFunction)
        attribution.fromOneThread = descriptor.usesAllThreads
        guard attribution.instructionsUnchanged else { return .success(attribution) }
        // The same work: a list of functions would point at noise. What a cache simulation of
        // both builds saw can explain a change in time on this machine; a function list cannot.
        attribution.functions = []
        attribution.elsewhere = attribution.change
        switch (baseline.profile(descriptor.name, cacheSimulation: true), candidate.profile(descriptor.name, cacheSimulation: true)) {
        case let (.success(a), .success(b)):
            attribution.cache = InstructionAttribution.cacheChanges(baseline: a, candidate: b, iterations: baseline.iterations)
        case let (.failure(reason), _), let (_, .failure(reason)):
            attribution.notes.append("no cache simulation: \(reason)")
        }
        return .success(attribution)
    }
}
