import HarnessSupport
import MotionBenchApp

extension RequestError.Field {
    /// The option a command line sets this field with, from the declarations that fill it: the
    /// application speaks of its requests, the command line of its flags. `command`'s own
    /// declaration first, else any command's; the field's name when none fills it.
    func option(in command: (any ParsableCommand.Type)? = nil) -> String {
        let declarations = (command.map { [$0] } ?? []) + CommandLineTool.commands
        return declarations.lazy.flatMap { $0.init().declarations }.first { $0.fills == rawValue }?.name ?? rawValue
    }
}

extension RequestError {
    /// The error as the command line says it to someone who ran `command`: the field by its
    /// option, and its remedy, if any, as that command applies it.
    func commandLineMessage(for command: (any ParsableCommand.Type)? = nil) -> String {
        message(naming: field.option(in: command)) + (remedy.map { " (\($0.advice(for: command)))" } ?? "")
    }
}
