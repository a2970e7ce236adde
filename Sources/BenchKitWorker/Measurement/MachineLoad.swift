import Foundation

/// What the rest of the machine did while a worker process measured: the CPU time every CPU spent
/// busy (`/proc/stat`: user, nice, system, irq, softirq and steal — a hypervisor's theft counts
/// as a neighbour) less the CPU time of the worker itself (`getrusage`, all its threads), over
/// the wall time. A neighbour on a two-CPU machine takes the CPU a two-thread benchmark needs, and
/// shares caches and memory bandwidth with a one-thread one, so such processes are re-measured
/// or flagged.
public struct ProcessLoad: Codable, Hashable, Sendable {
    public var wallSeconds: Double
    /// CPU seconds of the worker process itself.
    public var ownCPUSeconds: Double
    /// CPUs' worth of other work on average while it measured (0.9: most of one CPU).
    public var othersCPU: Double

    public var isBusy: Bool { othersCPU >= MachineLoad.busyCPUs }

    public init(wallSeconds: Double, ownCPUSeconds: Double, othersCPU: Double) {
        self.wallSeconds = wallSeconds
        self.ownCPUSeconds = ownCPUSeconds
        self.othersCPU = othersCPU
    }
}

public enum MachineLoad {
    /// Other work of half a CPU or more on average makes a process "busy". /proc/stat counts in
    /// ticks (usually 10 ms), so over a measurement of a third of a second the figure is good to
    /// about 0.1 CPU.
    public static let busyCPUs = 0.5

    public struct Snapshot: Sendable {
        let busyTicks: UInt64
        let ownSeconds: Double
        let wallNanoseconds: UInt64
    }

    /// Other work of a quarter of a CPU or more on average over a whole span — a run, the rounds
    /// of a comparison of revisions — makes the span "busy". Over seconds, /proc/stat's ticks
    /// resolve a few thousandths of a CPU, so a neighbour too brief or too light to show inside
    /// one process's window still shows here.
    public static let busySpanCPUs = 0.25

    /// Now, or nil where /proc/stat cannot be read. `alsoCounting`: child processes whose CPU
    /// time counts as this process's own (an engine the worker drives, the workers of a round
    /// still running), not as other work. `withDescendants`: the CPU time of every child this
    /// process has waited for, and of theirs, counts as its own too — the whole tree a command
    /// started, which is what a span's snapshot at its start and end, with no child between
    /// them left running, needs.
    public static func snapshot(alsoCounting children: [Int32] = [], withDescendants: Bool = false) -> Snapshot? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
        else { return nil }
        let fields = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
        guard fields.count >= 8 else { return nil }
        // user nice system idle iowait irq softirq steal: all but idle and iowait are busy.
        let busy = fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7]
        var own = usageSeconds(RUSAGE_SELF)
        if withDescendants { own += usageSeconds(RUSAGE_CHILDREN) }
        return Snapshot(busyTicks: busy, ownSeconds: own + children.map(cpuSeconds).reduce(0, +), wallNanoseconds: MonotonicClock.now())
    }

    /// The start of a span whose other work `spanLoad(since:)` counts: this process and every
    /// child it will have waited for by the span's end count as its own.
    public static func spanStart() -> Snapshot? { snapshot(withDescendants: true) }

    /// Other work since `start` (`spanStart()`), or nil where /proc/stat cannot be read.
    public static func spanLoad(since start: Snapshot?) -> ProcessLoad? {
        start.flatMap { start in snapshot(withDescendants: true).map { load(from: start, to: $0) } }
    }

    static func usageSeconds(_ who: __rusage_who) -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(who.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// User and system CPU seconds of a process so far, from /proc/PID/stat (0 if it is gone).
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return 0 }
        // After the command name: state is field 3, utime and stime are fields 14 and 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(max(sysconf(Int32(_SC_CLK_TCK)), 1))
    }

    /// The load between two snapshots of the same process.
    public static func load(from start: Snapshot, to end: Snapshot) -> ProcessLoad {
        let ticksPerSecond = Double(max(sysconf(Int32(_SC_CLK_TCK)), 1))
        let wall = Double(end.wallNanoseconds - start.wallNanoseconds) / 1e9
        let busy = Double(end.busyTicks &- start.busyTicks) / ticksPerSecond
        let own = end.ownSeconds - start.ownSeconds
        // /proc/stat counts whole ticks, so over a short window the difference can claim more CPU
        // than exists: the figure is held to the CPUs the worker left free.
        let cpus = Double(ProcessInfo.processInfo.activeProcessorCount)
        let free = max(0, cpus - (wall > 0 ? own / wall : 0))
        let others = wall > 0 ? min(free, max(0, busy - own) / wall) : 0
        return ProcessLoad(wallSeconds: wall, ownCPUSeconds: own, othersCPU: others)
    }
}
