import Foundation
import Testing

@testable import BenchKit

/// The driver–worker vocabulary: what the driver writes, every worker reads back as the same
/// request, and a command line that is not a request is refused with what was expected.
@Suite("worker requests")
struct WorkerRequestTests {
    static let requests: [WorkerRequest] = [
        .list, .build, .servesBlocks,
        .run(.init(name: "tick.fluid.10k.1", pass: .timing, profile: "quick", threads: 2)),
        .run(.init(name: "tick.fluid.10k.1", pass: .counting)),
        .run(.init(name: "property.fluid", pass: .instructions, threads: 1, iterations: 16)),
        .serve(.init(name: "tick.curve.100k.all", profile: "standard", threads: 2, spread: true)),
        .serve(.init(name: "tick.curve.100k.1", profile: "rigorous", threads: 1, cpu: 1)),
    ]

    @Test("every request survives its command line, and its JSON form")
    func roundTrip() throws {
        for request in Self.requests {
            #expect(try WorkerRequest(arguments: request.arguments) == request)
            #expect(try JSONDecoder().decode(WorkerRequest.self, from: JSONEncoder().encode(request)) == request)
        }
    }

    @Test("the words older workers understand are unchanged (compare-revisions drives workers of other commits)")
    func wordsOlderWorkersRead() {
        #expect(
            WorkerRequest.run(.init(name: "x", pass: .timing, profile: "quick", threads: 2)).arguments == [
                "run", "x", "--pass", "timing", "--profile", "quick", "--threads", "2",
            ])
        #expect(
            WorkerRequest.serve(.init(name: "x", profile: "quick", threads: 2, cpu: 0)).arguments == [
                "serve", "x", "--profile", "quick", "--threads", "2", "--cpu", "0",
            ])
        #expect(WorkerRequest.servesBlocks.arguments == ["serve"])
        #expect(BlockRequest.block(seconds: 0.02).line == "block 0.02")
        #expect(BlockRequest.done.line == "done")
    }

    @Test(
        "command lines that are not requests are refused",
        arguments: [
            [], ["fly"], ["list", "extra"], ["run"], ["run", "--pass", "timing"], ["run", "x", "--pass", "sprint"],
            ["run", "x", "--threads", "0"], ["run", "x", "--threads", "many"], ["run", "x", "--profile", "turbo"], ["run", "x", "--cpu", "1"],
            ["serve", "x", "--pass", "timing"], ["serve", "x", "--cpu", "1", "--spread"], ["serve", "x", "--cpu", "-1"], ["run", "x", "--iterations"],
        ])
    func refused(_ words: [String]) {
        #expect(throws: WorkerRequestError.self) { try WorkerRequest(arguments: words) }
    }

    @Test("block requests: a duration in (0, 60) s or done; anything else is refused")
    func blockRequests() throws {
        #expect(try BlockRequest(line: "block 0.05") == .block(seconds: 0.05))
        #expect(try BlockRequest(line: "done") == .done)
        for line in ["block", "block 0", "block 60", "block x", "stop", "done now"] {
            #expect(throws: WorkerRequestError.self) { try BlockRequest(line: line) }
        }
    }
}
