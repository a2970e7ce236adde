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

    /// A started `motion-bench` with the test-only benchmarks registered, in the package's folder.
    static func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
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
        return (process, out, err)
    }

    /// Waits for a started tool; its output and status.
    static func finish(_ started: (Process, Pipe, Pipe)) -> Run {
        let (process, out, err) = started
        // Both pipes drained at once, so a full one never blocks the child.
        final class Box: @unchecked Sendable { var data = Data() }
        let stderr = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            stderr.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr.data, as: UTF8.self))
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        finish(try start(arguments, environment: environment))
    }

    static func temporaryFolder() -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("motion-bench-store-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
