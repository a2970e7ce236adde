import Foundation
import HarnessSupport

/// `--engine CMD [--engine-shell] [--engine-timeout S]`: an engine in another process as a command
/// line names it, declared once for every command that plays or measures one and for the
/// workload worker those commands start, so the timeout's range and defaults live here alone.
public struct EngineOptions: ParsableArguments {
    @Option(repeating: "--engine", "CMD", .text, help: "an engine in another process (docs/protocol.md); repeatable")
    public var commands: [String]
    @Flag("--engine-shell", help: "run CMD through /bin/sh -c (words are split, not interpreted, without it)")
    public var shell: Bool
    @Option public var timeout: Double

    /// `timeout`: how long the command awaits each answer unless told.
    public init(timeout: Double = ExternalEngine.Options.defaultTimeout) {
        _timeout = Option(
            "--engine-timeout", "S", .duration(max: ExternalEngine.Options.maximumTimeout), default: timeout,
            help: "seconds to await each answer of the engine, the handshake's included")
    }

    public func validate() throws(CommandLineError) {
        if commands.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw CommandLineError(.invalidValue, option: "--engine", "--engine needs a command, got an empty one")
        }
        if commands.isEmpty, shell || $timeout.isGiven {
            throw CommandLineError(.conflict, option: shell ? "--engine-shell" : "--engine-timeout", "--engine-shell and --engine-timeout go with --engine CMD")
        }
    }

    /// Each engine named, with the shared options.
    public var engines: [ExternalEngine.Options] { commands.map { ExternalEngine.Options(command: $0, shell: shell, timeout: timeout) } }

    /// The words that name `engine` to a command that takes these options.
    public static func arguments(for engine: ExternalEngine.Options) -> [String] {
        ["--engine", engine.command] + (engine.shell ? ["--engine-shell"] : []) + ["--engine-timeout", "\(engine.timeout)"]
    }
}
