import Foundation

/// One run of a program in its own process, with a timeout: the runner's one way to run a child
/// that ends — benchmark workers, git, builds, another revision's tool. It runs in a session of
/// its own, which a timeout kills whole and the tether kills when the tool ends however it ends
/// (`ChildGroups`), so a build's compilers — each in a process group of its own — do not
/// outlive it. Its standard input is
/// /dev/null; output and error are drained on their own threads so a chatty child cannot block
/// on a full pipe; how it ended (its status, the signal and what that signal usually means, a
/// timeout) comes back typed.
public struct WorkerProcess {
    public enum Outcome {
        case finished(stdout: Data)
        /// A non-zero exit. Its output is kept: some tools report on standard output and
        /// exit 1 to say what they found (`conform` with failing fixtures).
        case failed(status: Int32, stdout: Data, stderr: String)
        /// Ended by a signal; `outOfMemory` when the kernel's out-of-memory killer did it (its
        /// count in this cgroup rose while the worker ran) or the worker said it ran out.
        case crashed(signal: Int32, stderr: String, outOfMemory: Bool)
        case timedOut(seconds: Double)
        case couldNotStart(String)
    }

    let executable: URL
    let arguments: [String]
    var environment: [String: String] = ProcessInfo.processInfo.environment
    var timeout: Double
    /// The folder it runs in; nil: this process's.
    var directory: URL?

    public init(
        executable: URL, arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment, timeout: Double,
        directory: URL? = nil
    ) {
        (self.executable, self.arguments, self.environment, self.timeout, self.directory) = (executable, arguments, environment, timeout, directory)
    }

    /// A program found on the PATH.
    public static func onPath(_ command: String, _ arguments: [String], timeout: Double, directory: URL? = nil) -> WorkerProcess {
        WorkerProcess(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: [command] + arguments, timeout: timeout, directory: directory)
    }

    /// The last `lines` lines of a child's standard error, for a message saying why it failed.
    public static func tail(_ text: String, lines: Int = 8) -> String {
        text.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }

    public func run() -> Outcome {
        LineProcess.ignoreBrokenPipes()
        var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard pipe(&outputPipe) == 0, pipe(&errorPipe) == 0 else {
            return .couldNotStart("cannot start \(executable.path): no pipes: \(String(cString: strerror(errno)))")
        }
        for fd in outputPipe + errorPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let killsBefore = OutOfMemoryKills.count()
        let pid: pid_t
        do {
            pid = try ChildGroups.spawn(
                [executable.path] + arguments, search: false, environment: environment, directory: directory?.path, input: -1,
                output: outputPipe[1], errors: errorPipe[1])
        } catch {
            for fd in outputPipe + errorPipe { close(fd) }
            return .couldNotStart("cannot start \(executable.path): \(error.description)")
        }
        close(outputPipe[1])
        close(errorPipe[1])
        let stdout = DrainedPipe(outputPipe[0]), stderr = DrainedPipe(errorPipe[0])
        let exit = ExitWatch(pid)
        guard let status = exit.wait(seconds: timeout) else {
            ChildGroups.end(pid, signal: SIGTERM)
            if exit.wait(seconds: 2) == nil {
                ChildGroups.end(pid)
                _ = exit.wait(seconds: .infinity)
            }
            ChildGroups.collect(pid)
            _ = stdout.finish()
            _ = stderr.finish()
            return .timedOut(seconds: timeout)
        }
        // The session may hold what the child started and left behind; it ends with the child.
        ChildGroups.collect(pid)
        let errorText = String(decoding: stderr.finish(), as: UTF8.self)
        let outputData = stdout.finish()
        let signal = status & 0x7f
        if signal != 0 {
            let killed = signal == SIGKILL && (OutOfMemoryKills.count() ?? 0) > (killsBefore ?? .max)
            let said = ["out of memory", "Cannot allocate memory", "allocation failed"].contains { errorText.contains($0) }
            return .crashed(signal: signal, stderr: errorText, outOfMemory: killed || said)
        }
        let code = (status >> 8) & 0xff
        return code != 0 ? .failed(status: code, stdout: outputData, stderr: errorText) : .finished(stdout: outputData)
    }
}

/// Waits for one child's exit on a thread of its own, so that the wait can have a deadline; the
/// child is left to be reaped by `ChildGroups.collect`.
private final class ExitWatch: @unchecked Sendable {
    private var status: Int32 = 0
    private let ended = DispatchSemaphore(value: 0)
    private var done = false

    init(_ pid: pid_t) {
        Thread.detachNewThread { [self] in
            // Not reaped here: `collect` reaps it once its session has been ended.
            self.status = ChildGroups.ended(pid, wait: true) ?? 0
            ended.signal()
        }
    }

    /// The wait status, or nil when the child is still running after `seconds`.
    func wait(seconds: Double) -> Int32? {
        if done { return status }
        let result =
            seconds.isFinite
            ? ended.wait(timeout: .now() + seconds)
            : {
                ended.wait()
                return .success
            }()
        guard result == .success else { return nil }
        done = true
        return status
    }
}

/// Reads a pipe to its end on a background thread, and closes it.
private final class DrainedPipe: @unchecked Sendable {
    private var data = Data()
    private let finished = DispatchSemaphore(value: 0)

    init(_ descriptor: Int32) {
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            finished.signal()
        }
    }

    func finish() -> Data {
        finished.wait()
        return data
    }
}

/// The kernel's out-of-memory kills in this process's memory cgroup: `oom_kill` in
/// `memory.events` (cgroup v2) or `memory.oom_control` (v1). Nil where neither can be read.
enum OutOfMemoryKills {
    static func count() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let path = fields[2] == "/" ? "" : String(fields[2])
            if fields[1] == "memory", let kills = counter("/sys/fs/cgroup/memory\(path)/memory.oom_control") { return kills }
            if fields[0] == "0", fields[1].isEmpty, let kills = counter("/sys/fs/cgroup\(path)/memory.events") { return kills }
        }
        return nil
    }

    static func counter(_ file: String) -> Int? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("oom_kill ") { return Int(line.dropFirst(9)) }
        return nil
    }
}

/// A signal's name and what it usually means for a process that ended by it, or nil for a signal
/// without a usual meaning. Shared by the runner's workers and the conformance player and engines.
public func signalMeaning(_ signal: Int32) -> String? {
    switch signal {
    case SIGILL, SIGTRAP:
        return "\(signal == SIGILL ? "SIGILL" : "SIGTRAP"): a runtime trap — a failed precondition, an overflow or a conversion or index out of range"
    case SIGSEGV, SIGBUS: return "\(signal == SIGSEGV ? "SIGSEGV" : "SIGBUS"): a bad memory access"
    case SIGABRT: return "SIGABRT: aborted"
    case SIGKILL: return "SIGKILL: killed from outside — by another process, or by an out-of-memory killer"
    case SIGTERM: return "SIGTERM: asked to stop from outside"
    default: return nil
    }
}
