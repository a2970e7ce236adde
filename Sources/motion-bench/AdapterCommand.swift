import EngineConformance
import Foundation
import MotionBenchApp
import MotionConformance

/// `motion-bench adapter`: MotionCore behind the engine protocol on standard input and output, as
/// an outside engine is played (docs/protocol.md).
enum AdapterCommand {
    static func run(_ options: [String]) throws -> Int32 {
        let arguments = try Arguments(options, spec: .named("adapter"))
        var version = EngineProtocol.version
        if let text = arguments.value("--protocol") {
            guard let v = Int(text), EngineProtocol.versions.contains(v) else {
                throw UsageError(
                    "--protocol '\(text)' is not a protocol version; expected one of: \(EngineProtocol.versions.map(String.init).joined(separator: ", "))")
            }
            version = v
        }
        MotionCoreAdapter(engineName: "MotionCore", legacy: arguments.has("--legacy"), protocolVersion: version).serve()
        return 0
    }
}
