import Foundation
import HarnessSupport

/// The repository this file is in: the tool runs there, as a user runs it.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `motion-bench` of this build, run as a child the way a user runs it.
enum Tool {
    static let url: URL = {
        #if DEBUG
            return repositoryRoot.appendingPathComponent(".build/debug/motion-bench")
        #else
            return repositoryRoot.appendingPathComponent(".build/release/motion-bench")
        #endif
    }()

    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    struct DidNotEnd: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ arguments: [String]) throws -> Outcome {
        switch WorkerProcess(executable: url, arguments: arguments, timeout: 120, directory: repositoryRoot).run() {
        case let .finished(stdout): return Outcome(status: 0, output: String(decoding: stdout, as: UTF8.self), errors: "")
        case let .failed(status, stdout, stderr): return Outcome(status: status, output: String(decoding: stdout, as: UTF8.self), errors: stderr)
        case let other: throw DidNotEnd(description: "motion-bench \(arguments.joined(separator: " ")): \(other)")
        }
    }
}
