import Foundation

/// A worker that measures on request (`MotionBenchmarks serve NAME …`), so that two revisions'
/// workers can take turns measuring the same benchmark in blocks of a few hundredths of a second.
///
/// Why: on a shared virtual machine the speed a process gets drifts by tens of percent over a
/// fraction of a second, as the host's other tenants come and go. Two fresh processes run one
/// after the other see different states of the host; two workers alternating blocks A B B A …
/// see the same states, and the ratio of their means cancels them (docs/runner.md).
///
/// The conversation, one line each way, after the worker has set up and warmed up:
///
///     → (worker starts)        ← {"ready":true,"iterationsPerSample":1}
///     → block 0.02             ← {"nanoseconds":812345.6,"iterations":24}
///     → done                   ← {"othersCPU":0.03,…}   (its ProcessLoad over the blocks; it exits)
///
/// `nanoseconds` is the block's mean per iteration. End of input ends the worker as `done` does.
public enum WorkerServe {
    /// The messages of a serving worker, read by the driver in the same package.
    package struct Ready: Codable {
        package var ready: Bool
        package var iterationsPerSample: Int
    }
    package struct Block: Codable {
        package var nanoseconds: Double
        package var iterations: Int
    }

    static func serve(
        _ benchmark: Benchmark, context: BenchmarkContext, profile: MeasurementProfile, cpu: Int?, spread: Bool,
        emit: (any Encodable) throws -> Void
    ) throws {
        if let cpu { try pin([cpu]) }
        let body = try benchmark.make(context)
        let perSample = try Sampler.warmUp(body, unit: benchmark.descriptor.unit, profile: profile)
        if spread { try spreadThreads() }
        try emit(Ready(ready: true, iterationsPerSample: perSample))
        try answerBlocks(
            emit: emit,
            prepare: { seconds in
                // Helper threads that parked while the other worker measured wake up untimed.
                let wake = MonotonicClock.now()
                repeat { try body.run(perSample) } while Double(MonotonicClock.now() - wake) < seconds * 0.1e9
            },
            measure: { seconds in
                var iterations = 0
                let start = MonotonicClock.now()
                var now = start
                repeat {
                    try body.run(perSample)
                    iterations += perSample
                    now = MonotonicClock.now()
                } while Double(now - start) < seconds * 1e9
                return (Double(now - start) / Double(iterations), iterations)
            })
    }

    /// The conversation after the ready line, for any served worker: each `block S` is
    /// `prepare(S)` untimed, then `measure(S)` — the mean nanoseconds per iteration and the
    /// iterations — with the machine's load around it; `done` (or the end of input) answers the
    /// load over the blocks only (between them the other worker measures). `child`: a process
    /// whose CPU time counts as this one's (an engine the worker drives).
    public static func answerBlocks(
        child: Int32? = nil, emit: (any Encodable) throws -> Void, prepare: (Double) throws -> Void = { _ in },
        measure: (Double) throws -> (nanoseconds: Double, iterations: Int)
    ) throws {
        var load = ProcessLoad(wallSeconds: 0, ownCPUSeconds: 0, othersCPU: 0)
        var othersSeconds = 0.0
        requests: while let line = readLine() {
            switch try BlockRequest(line: line) {
            case let .block(seconds):
                try prepare(seconds)
                let before = MachineLoad.snapshot(alsoCounting: child.map { [$0] } ?? [])
                let block = try measure(seconds)
                if let before, let after = MachineLoad.snapshot(alsoCounting: child.map { [$0] } ?? []) {
                    let measured = MachineLoad.load(from: before, to: after)
                    load.wallSeconds += measured.wallSeconds
                    load.ownCPUSeconds += measured.ownCPUSeconds
                    othersSeconds += measured.othersCPU * measured.wallSeconds
                }
                try emit(Block(nanoseconds: block.nanoseconds, iterations: block.iterations))
            case .done:
                break requests
            }
        }
        load.othersCPU = load.wallSeconds > 0 ? othersSeconds / load.wallSeconds : 0
        try emit(load)
    }

    /// Keeps the calling thread (and the threads it starts later) on the given CPUs: two workers
    /// taking turns on the same CPU share its state (the host's load on that vCPU, its caches)
    /// and no migration lands inside a block.
    public static func pin(_ cpus: [Int], thread: pid_t = 0) throws {
        var set = cpu_set_t()
        let bits = MemoryLayout<cpu_set_t>.size * 8
        for cpu in cpus {
            guard cpu >= 0, cpu < bits else { throw WorkerError("CPU \(cpu) is out of range") }
            withUnsafeMutableBytes(of: &set) { bytes in bytes[cpu / 8] |= UInt8(1 << (cpu % 8)) }
        }
        // Glibc declares sched_setaffinity only under _GNU_SOURCE, which Swift's module does not
        // define; the symbol is there all the same.
        typealias SetAffinity = @convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32
        guard let symbol = dlsym(nil, "sched_setaffinity") else { throw WorkerError("cannot pin to CPUs \(cpus): no sched_setaffinity") }
        let setAffinity = unsafeBitCast(symbol, to: SetAffinity.self)
        guard withUnsafeBytes(of: &set, { setAffinity(thread, MemoryLayout<cpu_set_t>.size, $0.baseAddress!) }) == 0 else {
            throw WorkerError("cannot pin to CPUs \(cpus): \(String(cString: strerror(errno)))")
        }
    }

    /// For a benchmark on several threads: the measuring thread on CPU 0 and every other thread
    /// of the process (the engine's helpers) on the other CPUs. Left to the scheduler, a helper
    /// and the measuring thread sometimes share one CPU for seconds while a low-priority
    /// neighbour has the other, and a block then runs at one thread's speed; pinned, the helper
    /// competes with the neighbour for its own CPU, which a nice process loses.
    static func spreadThreads() throws {
        let cpus = ProcessInfo.processInfo.activeProcessorCount
        guard cpus > 1 else { return }
        typealias GetTID = @convention(c) () -> pid_t
        guard let symbol = dlsym(nil, "gettid") else { throw WorkerError("cannot spread threads: no gettid") }
        let own = unsafeBitCast(symbol, to: GetTID.self)()
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        try pin([0])
        for task in tasks.compactMap({ pid_t($0) }) where task != own {
            try? pin(Array(1..<cpus), thread: task)
        }
    }
}
