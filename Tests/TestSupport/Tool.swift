import Foundation

/// This build's `motion-bench`, run as a child the way a user runs it: in the repository's
/// folder, with the runner's test-only benchmarks registered (MOTIONBENCH_TEST_BENCHMARKS=1) and
/// without a database named by the environment (a test names its store).
public enum Tool {
    /// How a run ended and what it wrote.
    public struct Run: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        /// Both streams, standard output first.
        public var output: String { stdout + stderr }
    }

    /// A run that had to be stopped: it did not end within its time.
    public struct DidNotEnd: Error, CustomStringConvertible {
        public let description: String
    }

    /// A started `motion-bench`: its output read as it comes, so a long-running one (a collector
    /// building revisions) never blocks on a full pipe however long the test leaves it running.
    public final class Started: @unchecked Sendable {
        public let process: Process
        private let lock = NSLock()
        private var out = Data(), err = Data()
        private let drained = DispatchGroup()

        init(_ process: Process, out: Pipe, err: Pipe) {
            self.process = process
            for (pipe, isOut) in [(out, true), (err, false)] {
                drained.enter()
                DispatchQueue.global().async { [self] in
                    let handle = pipe.fileHandleForReading
                    while true {
                        let chunk = handle.availableData
                        if chunk.isEmpty { break }
                        lock.withLock { if isOut { self.out.append(chunk) } else { self.err.append(chunk) } }
                    }
                    drained.leave()
                }
            }
        }

        public var processIdentifier: Int32 { process.processIdentifier }

        /// What it has written so far to both streams.
        public var outputSoFar: String { lock.withLock { String(decoding: out + err, as: UTF8.self) } }

        /// Waits for its exit and the end of both streams.
        public func finish() -> Run {
            process.waitUntilExit()
            drained.wait()
            return lock.withLock {
                Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
            }
        }

        /// Waits at most `timeout` seconds; past it the child is stopped and `DidNotEnd` thrown.
        public func finish(within timeout: TimeInterval) throws -> Run {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning {
                process.terminate()
                _ = finish()
                throw DidNotEnd(description: "motion-bench \((process.arguments ?? []).joined(separator: " ")) did not end within \(Int(timeout)) s")
            }
            return finish()
        }
    }

    /// Starts `motion-bench arguments`; `environment` is added to the test's own.
    public static func start(_ arguments: [String], environment extra: [String: String] = [:], directory: URL = Repository.root) throws -> Started {
        let process = Process()
        process.executableURL = BuiltProducts.tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["MOTIONBENCH_TEST_BENCHMARKS"] = "1"
        environment.removeValue(forKey: "MOTIONBENCH_DATABASE")
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        (process.standardOutput, process.standardError) = (out, err)
        try process.run()
        return Started(process, out: out, err: err)
    }

    /// Runs `motion-bench arguments` to its end, or for at most `timeout` seconds.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], directory: URL = Repository.root, timeout: TimeInterval = 1800
    ) throws -> Run {
        try start(arguments, environment: environment, directory: directory).finish(within: timeout)
    }
}

/// Runs `executable` in the repository root to its end: its exit status and standard output
/// (standard error discarded).
public func runProcess(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = Repository.root
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
