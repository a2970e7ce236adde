import MotionConformance

/// An engine in another process as a request names it (docs/protocol.md): the command that starts
/// it, whether that command goes through `/bin/sh -c`, how long each answer is awaited, and
/// whether the engine predates the handshake. The jobs turn it into the protocol client's options.
package struct EngineLaunch: Sendable, Equatable {
    package var command: String
    /// Run `command` through `/bin/sh -c`; without it, its words are split, not interpreted.
    package var shell = false
    /// Seconds to await each answer, the handshake's included.
    package var timeout = EngineLaunch.answerTimeout
    /// Accept a `hello` answer without a protocol version (an engine from before the handshake).
    package var legacy = false

    /// Seconds each answer to a fixture is awaited unless told (`conform`).
    package static let answerTimeout = ExternalEngine.Options.defaultTimeout
    /// Seconds each answer is awaited while measuring workloads: a frame of many channels is slow.
    package static let workloadTimeout = ExternalEngine.Options.workloadTimeout
    /// The longest wait for an answer a request may ask for.
    package static let maximumTimeout = ExternalEngine.Options.maximumTimeout

    package init(command: String, shell: Bool = false, timeout: Double = answerTimeout, legacy: Bool = false) {
        (self.command, self.shell, self.timeout, self.legacy) = (command, shell, timeout, legacy)
    }

    /// The protocol client's options for this engine.
    var client: ExternalEngine.Options { ExternalEngine.Options(command: command, shell: shell, timeout: timeout, legacy: legacy) }
}
