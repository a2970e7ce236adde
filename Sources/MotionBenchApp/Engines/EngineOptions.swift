import BenchKit
import Foundation
import HarnessSupport
import MotionConformance

/// `--engine CMD [--engine-shell] [--engine-timeout S]`: an engine in another process as a command
/// line names it, declared once for every command that plays or measures one and for the
/// workload worker those commands start (whose words the application writes and reads), so the
/// timeout's range and defaults live here alone.
package struct EngineOptions: ParsableArguments {
    @Option(repeating: "--engine", "CMD", .text, fills: RequestError.Field.engine, help: "an engine in another process (docs/protocol.md); repeatable")
    package var commands: [String]
    @Flag("--engine-shell", help: "run CMD through /bin/sh -c (words are split, not interpreted, without it)")
    package var shell: Bool
    @Option package var timeout: Double

    /// `timeout`: how long the command awaits each answer unless told.
    package init(timeout: Double = EngineLaunch.answerTimeout) {
        _timeout = Option(
            "--engine-timeout", "S", .duration(max: EngineLaunch.maximumTimeout), default: timeout,
            help: "seconds to await each answer of the engine, the handshake's included")
    }

    package func validate() throws(CommandLineError) {
        if commands.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw CommandLineError(.invalidValue, option: $commands.name, "\($commands.name) needs a command, got an empty one")
        }
        // Without a shell the harness splits the words itself; a quote left open is the command line's mistake.
        if !shell, let unclosed = commands.first(where: { (try? EngineProtocol.words($0)) == nil }) {
            throw CommandLineError(.invalidValue, option: $commands.name, "\($commands.name) '\(unclosed)' has a quote it does not close")
        }
        if commands.isEmpty, shell || $timeout.isGiven {
            throw CommandLineError.needs(shell ? $shell as any ArgumentDeclaration : $timeout, $commands)
        }
    }

    /// Each engine named, with the shared options.
    package var engines: [EngineLaunch] { commands.map { EngineLaunch(command: $0, shell: shell, timeout: timeout) } }

    /// The words that name `engine` to a command that takes these options.
    package static func arguments(for engine: EngineLaunch) -> [String] {
        let names = EngineOptions()
        return [names.$commands.name, engine.command] + (engine.shell ? [names.$shell.name] : []) + [names.$timeout.name, "\(engine.timeout)"]
    }
}

extension EngineOptions {
    /// The engine a workload worker drives, at the front of its words, and the `WorkerRequest`
    /// words after them (the worker's command line is `arguments(for:)` and then a request).
    package static func workloadWorker(_ words: [String]) throws(WorkerRequestError) -> (engine: EngineLaunch, request: [String]) {
        let options = EngineOptions(timeout: EngineLaunch.workloadTimeout)
        let request: [String]
        do { request = try options.parsePrefix(words, command: "workload-worker") } catch { throw WorkerRequestError(error.message) }
        guard options.commands.count == 1, let engine = options.engines.first else {
            throw WorkerRequestError("\(options.$commands.usage) is required, once, before the request")
        }
        return (engine, request)
    }
}
