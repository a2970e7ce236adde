import Foundation

/// One run of a program in its own process, with a timeout: the runner's one way to run a child
/// that ends — benchmark workers, git, builds, another revision's tool. Standard output and error
/// are drained on their own threads so a chatty child cannot block on a full pipe; how it ended
/// (its status, the signal and what that signal usually means, a timeout) comes back typed.
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
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let done = DispatchSemaphore(value: 0)
        let killsBefore = OutOfMemoryKills.count()
        process.terminationHandler = { _ in done.signal() }
        do { try process.run() } catch {
            return .couldNotStart("cannot start \(executable.path): \(error.localizedDescription)")
        }
        let stdout = DrainedPipe(output), stderr = DrainedPipe(errors)
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            if done.wait(timeout: .now() + 2) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                done.wait()
            }
            return .timedOut(seconds: timeout)
        }
        let errorText = String(decoding: stderr.finish(), as: UTF8.self)
        let outputData = stdout.finish()
        switch process.terminationReason {
        case .uncaughtSignal:
            let signal = process.terminationStatus
            let killed = signal == SIGKILL && (OutOfMemoryKills.count() ?? 0) > (killsBefore ?? .max)
            let said = ["out of memory", "Cannot allocate memory", "allocation failed"].contains { errorText.contains($0) }
            return .crashed(signal: signal, stderr: errorText, outOfMemory: killed || said)
        case .exit where process.terminationStatus != 0:
            return .failed(status: process.terminationStatus, stdout: outputData, stderr: errorText)
        default:
            return .finished(stdout: outputData)
        }
    }
}

/// Reads a pipe to its end on a background thread.
private final class DrainedPipe: @unchecked Sendable {
    private var data = Data()
    private let finished = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
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
