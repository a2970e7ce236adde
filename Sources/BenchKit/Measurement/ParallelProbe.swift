import Foundation

/// How much two (or more) threads of pure arithmetic get done beside one: 2.0 on an idle two-CPU
/// machine, less when something else runs or the two CPUs are hyperthreads of one core. A
/// two-thread benchmark can be read only against this.
public enum ParallelProbe {
    /// Work rate of `threads` concurrent threads over one thread's, each spinning for `seconds`;
    /// one thread is measured before and after, and the two averaged, against drift. A figure no
    /// machine can give — more than `threads` times one thread, or one thread's two rates apart by
    /// more than a fifth (the probe was disturbed) — is measured again, up to `tries` times; nil
    /// when no try gave a figure within physics, which is then reported as disturbed, not as a fact.
    public static func capacity(threads: Int, seconds: Double = 0.1, tries: Int = 3) -> Double? {
        guard threads > 1 else { return 1 }
        for _ in 0..<tries {
            let before = rate(threads: 1, seconds: seconds)
            let many = rate(threads: threads, seconds: seconds)
            let after = rate(threads: 1, seconds: seconds)
            if let figure = accepted(before: before, many: many, after: after, threads: threads) { return figure }
        }
        return nil
    }

    /// The headroom above `threads`× allowed for one thread running slower than several (a
    /// clock that is not yet up when the single-thread rate is measured).
    static let physicalSlack = 1.1
    /// How far one thread's rates before and after may differ before the probe counts as disturbed.
    static let driftLimit = 0.2

    /// The capacity `many / mean(before, after)`, or nil when it cannot be true of `threads`
    /// threads or the single-thread rates disagree.
    static func accepted(before: Double, many: Double, after: Double, threads: Int) -> Double? {
        guard before > 0, after > 0, many > 0 else { return nil }
        guard abs(before - after) / max(before, after) <= driftLimit else { return nil }
        let figure = many / ((before + after) / 2)
        return figure <= Double(threads) * physicalSlack ? figure : nil
    }

    /// Chunks of arithmetic per second, summed over the threads.
    static func rate(threads: Int, seconds: Double) -> Double {
        nonisolated(unsafe) let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: threads)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0)
        let start = MonotonicClock.now()
        DispatchQueue.concurrentPerform(iterations: threads) { index in
            let deadline = MonotonicClock.now() + UInt64(seconds * 1e9)
            var chunks = 0, x = 1.0 + Double(index) * 1e-9
            while MonotonicClock.now() < deadline {
                for _ in 0..<10_000 { x = x * 1.000_000_1 + 1e-9 }
                chunks += 1
            }
            blackHole(x)
            counts[index] = chunks
        }
        let elapsed = Double(MonotonicClock.now() - start) / 1e9
        return Double(counts.reduce(0, +)) / max(elapsed, seconds)
    }
}

/// The machine while a run measured: how much parallel capacity it gave and how busy it was.
public struct MachineState: Codable, Hashable, Sendable {
    /// `ParallelProbe.capacity` at the start of the run, for `probeThreads` threads; nil with
    /// `probeDisturbed` when no try of the probe gave a figure within physics.
    public var parallelCapacity: Double?
    public var probeThreads: Int
    public var probeDisturbed: Bool?
    /// The 1, 5 and 15 minute load averages at the start (/proc/loadavg).
    public var loadAverage: [Double]?
    /// Timing processes measured, and those during which other work used ≥ 0.5 CPU (after retries).
    public var processes: Int
    public var busyProcesses: Int
    /// Processes re-measured because the machine was busy.
    public var remeasured: Int
    /// Mean CPUs of other work over all timing processes.
    public var othersCPU: Double?
    /// Other work over the whole span the verdicts rest on — the run from its first timing process
    /// to its last, or all the rounds of a comparison of revisions — counted from /proc/stat less
    /// every process this tool started. Absent in results from before it was measured.
    public var span: ProcessLoad?

    /// Whether other work ran beside the measurements: a process measured beside half a CPU of
    /// it, or a quarter of a CPU over the whole span. No time verdict is drawn from such runs.
    public var isBusy: Bool { busyProcesses > 0 || isBusyOverSpan }

    public var isBusyOverSpan: Bool { (span?.othersCPU ?? 0) >= MachineLoad.busySpanCPUs }

    /// "other work 0.93 CPU over the whole 48 s", for a span that was busy.
    public var spanNote: String? {
        guard let span, isBusyOverSpan else { return nil }
        return String(format: "other work %.2f CPU over the whole %.0f s", span.othersCPU, span.wallSeconds)
    }

    /// "two threads gave 1.93× one thread; busy in 3 of 24 processes (others 0.4 CPU on average)".
    public var summary: String {
        var parts: [String] = []
        if let capacity = parallelCapacity, probeThreads > 1 {
            parts.append("\(probeThreads) threads of arithmetic gave \(String(format: "%.2f", capacity))× one thread")
        } else if probeDisturbed == true {
            parts.append(
                "the parallel-capacity probe was disturbed on every try (more than \(probeThreads)× one thread, or one thread's rate drifting): no figure")
        }
        if processes > 0 {
            parts.append(
                busyProcesses == 0
                    ? "quiet in all \(processes) processes"
                    : "busy in \(busyProcesses) of \(processes) processes" + (remeasured > 0 ? " after \(remeasured) re-measured" : ""))
        }
        if let othersCPU { parts.append("other work \(String(format: "%.2f", othersCPU)) CPU on average in the processes") }
        if let span { parts.append(String(format: "%.2f CPU over the whole %.0f s", span.othersCPU, span.wallSeconds)) }
        if let loadAverage, let first = loadAverage.first { parts.append("load average \(String(format: "%.2f", first))") }
        return parts.joined(separator: "; ")
    }

    static func loadAverageNow() -> [Double]? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        let values = text.split(separator: " ").prefix(3).compactMap { Double($0) }
        return values.count == 3 ? values : nil
    }
}

extension MachineState {
    /// The state of a measurement made of timing processes with these `loads`, over `span`.
    public init(
        capacity: Double?, threads: Int, loadAverage: [Double]?, loads: [ProcessLoad], remeasured: Int, span: ProcessLoad?
    ) {
        self.init(
            parallelCapacity: capacity, probeThreads: threads, probeDisturbed: capacity == nil ? true : nil, loadAverage: loadAverage,
            processes: loads.count, busyProcesses: loads.filter(\.isBusy).count, remeasured: remeasured,
            othersCPU: loads.isEmpty ? nil : loads.map(\.othersCPU).reduce(0, +) / Double(loads.count), span: span)
    }
}
