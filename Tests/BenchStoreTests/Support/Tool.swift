import BenchKit
import Foundation

/// This build's `motion-bench`, run as a user runs it.
enum Tool {
    /// Beside the test bundle (which `--scratch-path` moves), else the package's own build folder.
    static let buildDirectory: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        if FileManager.default.isExecutableFile(atPath: beside.appendingPathComponent("motion-bench").path) { return beside }
        #if DEBUG
            return root.appendingPathComponent(".build/debug")
        #else
            return root.appendingPathComponent(".build/release")
        #endif
    }()

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
        var output: String { stdout + stderr }
    }

    /// A started `motion-bench`: its output read as it comes, so a long-running one (a collector
    /// building revisions) never blocks on a full pipe however long the test leaves it running.
    final class Started: @unchecked Sendable {
        let process: Process
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

        var processIdentifier: Int32 { process.processIdentifier }

        /// What it has written so far to both streams.
        var outputSoFar: String { lock.withLock { String(decoding: out + err, as: UTF8.self) } }

        /// Waits for its exit and the end of both streams.
        func finish() -> Run {
            process.waitUntilExit()
            drained.wait()
            return lock.withLock {
                Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
            }
        }
    }

    /// A started `motion-bench` with the test-only benchmarks registered, in the package's folder.
    static func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Started {
        let process = Process()
        process.executableURL = buildDirectory.appendingPathComponent("motion-bench")
        process.arguments = arguments
        process.currentDirectoryURL = root
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

    /// Waits for a started tool; its output and status.
    static func finish(_ started: Started) -> Run { started.finish() }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        finish(try start(arguments, environment: environment))
    }

    static func temporaryFolder() -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("motion-bench-store-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
