import Foundation

extension Tool {
    /// A run under a watchdog.
    public struct Watched: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String
        /// True when the watchdog had to kill the tool: it did not end by itself.
        public var hung: Bool
    }

    /// Runs `motion-bench` with a watchdog, this build's folder first on PATH (so an engine
    /// command may name `motion-bench`): a run that does not end within `limit` seconds is killed
    /// and reported as hung — the harness's own timeouts must end it well before. Its streams go
    /// to files, so an engine that floods standard error cannot block it on a pipe the test reads.
    public static func watch(_ arguments: [String], environment: [String: String] = [:], limit: Double = 120) throws -> Watched {
        let process = Process()
        process.executableURL = BuiltProducts.tool
        process.arguments = arguments
        process.currentDirectoryURL = Repository.root
        var variables = ProcessInfo.processInfo.environment
        variables["PATH"] = BuiltProducts.directory.path + ":" + (variables["PATH"] ?? "/usr/bin:/bin")
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        let outFile = TemporaryFolder.name("conform-out").path, errFile = outFile + ".err"
        _ = FileManager.default.createFile(atPath: outFile, contents: nil)
        _ = FileManager.default.createFile(atPath: errFile, contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: outFile)
            try? FileManager.default.removeItem(atPath: errFile)
        }
        process.standardOutput = FileHandle(forWritingAtPath: outFile)
        process.standardError = FileHandle(forWritingAtPath: errFile)
        try process.run()
        let deadline = Date().addingTimeInterval(limit)
        var hung = false
        while process.isRunning {
            if Date() > deadline {
                hung = true
                process.terminate()
                break
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        let output = (try? String(contentsOfFile: outFile, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""
        return Watched(status: process.terminationStatus, output: output, errors: errors, hung: hung)
    }
}
