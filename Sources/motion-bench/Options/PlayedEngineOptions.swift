import HarnessSupport
import MotionBenchApp

/// `--engine CMD … [--legacy-engine]`: the engines a conformance command plays, each in the
/// legacy mode (no handshake) when asked.
struct PlayedEngineOptions: ParsableArguments {
    var engine = EngineOptions(timeout: EngineLaunch.answerTimeout)
    @Flag("--legacy-engine", remedies: [.legacyEngine], help: "play an engine without a handshake (scalar properties only)") var legacy: Bool

    func validate() throws(CommandLineError) {
        if engine.commands.isEmpty, legacy {
            throw CommandLineError.needs($legacy, engine.$commands)
        }
    }

    /// Every engine named, in the mode asked.
    var launches: [EngineLaunch] {
        engine.engines.map {
            var launch = $0
            launch.legacy = legacy
            return launch
        }
    }

    /// The engine named first; nil for none (MotionCore is played).
    var first: EngineLaunch? { launches.first }
    /// How many engines are named: more than one are played side by side.
    var count: Int { engine.commands.count }
}
