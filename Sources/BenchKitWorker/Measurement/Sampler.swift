import AllocationCounters
import Foundation

/// What a worker process reports for one pass of one benchmark.
public struct WorkerReport: Codable, Sendable {
    public var name: String
    public var pass: String
    /// Nanoseconds per iteration, one value per sample, in the order taken.
    public var samples: [Double]?
    public var iterationsPerSample: Int?
    public var allocationsPerIteration: Double?
    public var bytesPerIteration: Double?
    public var peakResidentBytes: UInt64?
    public var jemallocVersion: String?
    public var digest: String?
    /// The timing pass: what the rest of the machine did while it measured.
    public var load: ProcessLoad?
    /// The instruction pass: iterations inside the counted region.
    public var iterations: Int?
    /// A workload's final values checked against MotionCore's (an engine in another process).
    public var valuesCheck: ValuesCheck?

}

extension WorkerReport {
    /// A report from a worker written outside this module (an engine's workloads).
    public init(name: String, pass: String, samples: [Double]?, iterationsPerSample: Int?, load: ProcessLoad?, valuesCheck: ValuesCheck?) {
        self.init(
            name: name, pass: pass, samples: samples, iterationsPerSample: iterationsPerSample, allocationsPerIteration: nil,
            bytesPerIteration: nil, peakResidentBytes: nil, jemallocVersion: nil, digest: nil, load: load, iterations: nil,
            valuesCheck: valuesCheck)
    }
}

/// Runs the passes of one benchmark inside a worker process.
public enum Sampler {
    /// The timing pass: warm up, calibrate, then take samples until the profile's time or count
    /// runs out. Frame benchmarks sample every frame; operation benchmarks batch iterations so a
    /// sample lasts at least the profile's minimum sample time.
    public static func timing(_ benchmark: Benchmark, context: BenchmarkContext, profile: MeasurementProfile) throws -> WorkerReport {
        let body = try benchmark.make(context)
        let perSample = try warmUp(body, unit: benchmark.descriptor.unit, profile: profile)
        var samples: [Double] = []
        samples.reserveCapacity(profile.maximumSamples)
        let before = MachineLoad.snapshot()
        let start = MonotonicClock.now()
        while samples.count < profile.maximumSamples {
            let elapsed = Double(MonotonicClock.now() - start)
            if elapsed >= profile.measureSeconds * 1e9 && samples.count >= profile.minimumSamples { break }
            if elapsed >= 4 * profile.measureSeconds * 1e9 && samples.count >= 3 { break }
            let t0 = MonotonicClock.now()
            try body.run(perSample)
            let t1 = MonotonicClock.now()
            samples.append(Double(t1 - t0) / Double(perSample))
        }
        var report = WorkerReport(name: benchmark.name, pass: "timing", samples: samples, iterationsPerSample: perSample)
        if let before, let after = MachineLoad.snapshot() { report.load = MachineLoad.load(from: before, to: after) }
        return report
    }

    /// Warms `body` up by doubling batches until the profile's warm-up time is spent, but for at
    /// most `maximumWarmupIterations` (a frame benchmark's animations advance with every iteration
    /// and must still be running when measured). Returns the iterations per sample: enough for
    /// the profile's maximum samples to last its whole measuring time, so that a process measures
    /// for as long as the profile says however short an iteration is — and for operation
    /// benchmarks at least the profile's minimum sample time. A frame benchmark whose frames are
    /// long enough keeps one frame per sample.
    static func warmUp(_ body: BenchmarkBody, unit: BenchmarkUnit, profile: MeasurementProfile) throws -> Int {
        var iterations = 1
        var warmupIterations = 0
        let warmupStart = MonotonicClock.now()
        var lastBatch = 0.0
        repeat {
            let t0 = MonotonicClock.now()
            try body.run(iterations)
            lastBatch = Double(MonotonicClock.now() - t0) / Double(iterations)
            warmupIterations += iterations
            iterations = min(iterations * 2, max(1, profile.maximumWarmupIterations - warmupIterations))
        } while Double(MonotonicClock.now() - warmupStart) < profile.warmupSeconds * 1e9 && warmupIterations < profile.maximumWarmupIterations
        return iterationsPerSample(iterationSeconds: lastBatch / 1e9, unit: unit, profile: profile)
    }

    /// Iterations per sample for iterations of `iterationSeconds`: the maximum samples times that
    /// many iterations last twice the measuring time (the warm-up's estimate of
    /// an iteration can be short), and an operation's sample lasts the minimum sample time.
    static func iterationsPerSample(iterationSeconds: Double, unit: BenchmarkUnit, profile: MeasurementProfile) -> Int {
        let iteration = max(iterationSeconds, 1e-9)
        let forDuration = 2 * profile.measureSeconds / Double(profile.maximumSamples) / iteration
        let forSampleTime = unit == .operation ? profile.minimumSampleSeconds / iteration : 1
        return max(1, Int(max(forDuration, forSampleTime).rounded(.up)))
    }

    /// The instruction pass, run under callgrind with collection toggled on only inside
    /// `measuredRegion`: set up, two warm-up iterations (lazy metadata and caches filled), then
    /// `iterations` counted ones. The driver reads the count from callgrind's output.
    public static func instructions(_ benchmark: Benchmark, context: BenchmarkContext, iterations: Int) throws -> WorkerReport {
        let body = try benchmark.make(context)
        try body.run(2)
        try measuredRegion(body, iterations)
        var report = WorkerReport(name: benchmark.name, pass: "instructions")
        report.iterations = iterations
        return report
    }

    /// The counting pass: after two warm-up iterations, the digest of the outputs (so it does not
    /// depend on the profile), then allocations over the profile's counting iterations, and the
    /// peak resident memory. Without jemalloc the allocation fields are absent, never zero.
    public static func counting(_ benchmark: Benchmark, context: BenchmarkContext, profile: MeasurementProfile) throws -> WorkerReport {
        let body = try benchmark.make(context)
        try body.run(2)
        let digest = body.digest()
        var report = WorkerReport(name: benchmark.name, pass: "counting", digest: digest)
        let iterations = profile.countingIterations
        if let stats = JemallocStatistics.current, let counter = stats.threadCounter() {
            let requests = stats.allocationRequests()
            let bytes = counter.allocatedBytes
            try body.run(iterations)
            let bytesAfter = counter.allocatedBytes
            let requestsAfter = stats.allocationRequests()
            report.allocationsPerIteration = Double(requestsAfter &- requests) / Double(iterations)
            report.bytesPerIteration = Double(bytesAfter &- bytes) / Double(iterations)
            report.jemallocVersion = stats.version
        } else {
            try body.run(iterations)
        }
        report.peakResidentBytes = peakResidentBytes()
        return report
    }
}

/// The region callgrind counts (`--toggle-collect=*motionbench_measured_region*`): the symbol name
/// is fixed so that the driver can name it whatever the compiler specialises.
@inline(never)
@_silgen_name("motionbench_measured_region")
func measuredRegion(_ body: BenchmarkBody, _ iterations: Int) throws {
    try body.run(iterations)
}
