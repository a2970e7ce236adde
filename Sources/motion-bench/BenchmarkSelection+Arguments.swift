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
        let engineTimeout = try arguments.double("--engine-timeout")
        if arguments.all("--engine").isEmpty {
            if shell || engineTimeout != nil { throw UsageError("--engine-shell and --engine-timeout go with --engine CMD") }
        } else if let engineTimeout, !(engineTimeout > 0 && engineTimeout <= 3600) {
            throw UsageError("--engine-timeout '\(engineTimeout)' is not a number of seconds between 0 and 3600")
        }
        engines = arguments.all("--engine").map { ExternalEngine.Options(command: $0, shell: shell, timeout: engineTimeout ?? 240) }
        timeout = try arguments.double("--timeout")
        if let retries = arguments.value("--busy-retries") {
            guard let n = Int(retries), n >= 0 else { throw UsageError("--busy-retries needs a whole number ≥ 0, got '\(retries)'") }
            busyRetries = n
        }
        instructions = arguments.has("--instructions")
    }
}
