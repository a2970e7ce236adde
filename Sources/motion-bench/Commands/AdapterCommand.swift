import Foundation
import HarnessSupport
import MotionBenchApp

/// `motion-bench adapter`: MotionCore behind the engine protocol on standard input and output, as
/// an outside engine is played (docs/protocol.md).
struct AdapterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "adapter", summary: "MotionCore behind the engine protocol on standard input and output (docs/protocol.md).",
        exits: [.init(0, "its input ended")])

    @Option("--protocol", "V", .choice(Application.protocolVersions.map(String.init)), help: "answer the handshake as protocol version V") var version: String?
    @Flag("--legacy", help: "speak as engines did before the handshake") var legacy: Bool

    func run() throws -> Int32 {
        app.serveAdapter(protocolVersion: version.flatMap(Int.init), legacy: legacy)
        return 0
    }
}
