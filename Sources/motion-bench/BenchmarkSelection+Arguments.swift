import BenchKit
import EngineConformance
import Foundation
import MotionBenchApp
import MotionConformance

extension BenchmarkSelection {
    /// Every option a command line gives, validated: a bad value is a usage error naming it.
    init(_ arguments: Arguments) throws {
        self.init()
        profile = try BenchCommands.profile(arguments)
        filter = try arguments.pattern("--filter")
        threads = try arguments.threads()
        worker = arguments.value("--worker").map { URL(fileURLWithPath: $0) }
        let shell = arguments.has("--engine-shell")
        // The range is the declaration's (the parser has checked it), and so is the default.
        let engineTimeout = try arguments.seconds("--engine-timeout") ?? ExternalEngine.Options.workloadTimeout
        if arguments.all("--engine").isEmpty, shell || arguments.given("--engine-timeout") {
            throw UsageError("--engine-shell and --engine-timeout go with --engine CMD")
        }
        engines = arguments.all("--engine").map { ExternalEngine.Options(command: $0, shell: shell, timeout: engineTimeout) }
        timeout = try arguments.double("--timeout")
        if let retries = arguments.value("--busy-retries") {
            guard let n = Int(retries), n >= 0 else { throw UsageError("--busy-retries needs a whole number ≥ 0, got '\(retries)'") }
            busyRetries = n
        }
        instructions = arguments.has("--instructions")
    }
}
