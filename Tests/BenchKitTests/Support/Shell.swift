import Foundation

/// A `/bin/sh` command run to its end, its two streams read as one.
enum Shell {
    struct Run {
        let status: Int32
        let output: String
    }

    static func run(_ command: String, in directory: URL) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
