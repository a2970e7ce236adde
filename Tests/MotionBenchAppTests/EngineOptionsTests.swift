import BenchKit
import Foundation
import Testing

@testable import MotionBenchApp

/// The words that name the engine a workload worker drives: written and read by one type.
@Suite("workload worker arguments")
struct EngineOptionsTests {
    @Test("the engine's options survive their words, and the request after them is left whole")
    func roundTrip() throws {
        let engine = EngineLaunch(command: "python3 engine.py --fast", shell: true, timeout: 12.5)
        let request = WorkerRequest.run(.init(name: "workload.curve.1k@x", pass: .counting))
        let (parsed, rest) = try EngineOptions.workloadWorker(EngineOptions.arguments(for: engine) + request.arguments)
        #expect(parsed.command == engine.command && parsed.shell && parsed.timeout == 12.5)
        #expect(try WorkerRequest(arguments: rest) == request)
    }

    @Test(
        "a bad engine option is refused, never ignored",
        arguments: [
            ["--engine-timeout", "junk", "--engine", "e", "list"], ["--engine-timeout", "0", "--engine", "e", "list"],
            ["--engine", "e", "--engine-timeout"], ["list"], ["--engine"], ["--engine", "e", "--fast", "list"],
        ])
    func refused(_ words: [String]) {
        #expect(throws: WorkerRequestError.self) { try EngineOptions.workloadWorker(words) }
    }
}
