import BenchKit
import Foundation
import HarnessSupport
import MotionBenchApp

/// Dispatches `motion-bench COMMAND [OPTIONS]` to the command's type and maps failures to the
/// exit-code contract: 0 success, 1 tool error (including bad usage), other codes per command.
enum CommandLineTool {
    static let version = "0.1.0"

    /// Every command, in the order help lists them: the dispatch table, the overview, "did you
    /// mean" and the tests' list of commands all come from this one list.
    static var commands: [any ParsableCommand.Type] {
        [
            MainCommand.self, RunCommand.self, ListCommand.self, CompareCommand.self, CompareRevisionsCommand.self, ExplainCommand.self, CalibrateCommand.self,
            NightlyCommand.self, ReportCommand.self, DatabaseMigrateCommand.self, DatabaseImportCommand.self, DatabaseStatusCommand.self,
            EnqueueCommand.self, CollectorCommand.self, ConformCommand.self, ConformExploreCommand.self,
            RegenerateFixturesCommand.self, FixtureCoverageCommand.self, GenerateFixturesCommand.self, FuzzFixturesCommand.self, AdapterCommand.self,
            ShowCommand.self, EnvCommand.self, VersionCommand.self, HelpCommand.self,
        ]
    }

    /// The global option every command takes.
    static let global = [(option: "--quiet", help: "leave out progress and status lines (every command)")]

    /// `motion-bench help`: every command with what it does, from the declarations that give each
    /// command its parser and its `--help`.
    static var usage: String {
        let entries =
            commands.map { type in
                let positional = type.init().declarations.compactMap { $0 as? Positionals }.first.map { " " + $0.name } ?? ""
                return (type.configuration.name + positional, firstSentence(type.configuration.summary))
            }
        let width = 34, textWidth = 66
        var lines = [
            "usage: motion-bench COMMAND [OPTIONS] [--quiet]", "",
            "commands (motion-bench COMMAND --help: its options, their defaults and what their values must be):",
        ]
        for (left, text) in entries {
            let wrapped = wrap(text, width: textWidth)
            let first = "  " + left
            if first.count < width {
                lines.append(first.padding(toLength: width, withPad: " ", startingAt: 0) + wrapped[0])
                lines += wrapped.dropFirst().map { String(repeating: " ", count: width) + $0 }
            } else {
                lines.append(first)
                lines += wrapped.map { String(repeating: " ", count: width) + $0 }
            }
        }
        lines += ["", "--quiet leaves out progress and status lines; thresholds are written 5% or 0.05 alike."]
        lines += wrap(storeSentence, width: 100)
        return lines.joined(separator: "\n")
    }

    /// Which commands take the store's options, from the commands that declare them.
    static var storeSentence: String {
        let store = StoreOptions().declarations
        let takers = names.filter { name in
            commands.contains { type in
                type.configuration.name.split(separator: " ")[0] == name && type.init().declarations.contains { $0.name == store[0].name }
            }
        }
        return "\(listed(takers, conjunction: "and")) take " + store.map { "\($0.usage) — \($0.help)" }.joined(separator: "; and ") + "."
    }

    /// `motion-bench NAME --help` of one command: its usage, options and exit codes.
    static func help(of type: any ParsableCommand.Type) -> String {
        var text = CommandHelp.render(program: "motion-bench", configuration: type.configuration, declarations: type.init().declarations, global: global)
        let exits = type.configuration.exits
        if !exits.isEmpty {
            text += "\n\nexit codes (1 also for a usage or tool error):\n" + exits.map { "  \($0.code)  \($0.meaning)" }.joined(separator: "\n")
        }
        return text
    }

    /// `motion-bench NAME --help`: the command's own help; for a group of commands (`fixtures`),
    /// each of its commands with its summary; the overview for a name that is no command.
    static func help(for name: String) -> String {
        if let type = commands.first(where: { $0.configuration.name == name }) { return help(of: type) }
        let members = commands.filter { $0.configuration.name.hasPrefix(name + " ") }
        if !members.isEmpty {
            return
                (["usage: motion-bench \(name) COMMAND [OPTIONS]", "", "commands (motion-bench \(name) COMMAND --help: its options):"]
                + members.map { type in
                    let positional = type.init().declarations.compactMap { $0 as? Positionals }.first.map { " " + $0.name } ?? ""
                    return "  " + (type.configuration.name + positional).padding(toLength: 32, withPad: " ", startingAt: 0)
                        + firstSentence(type.configuration.summary)
                })
                .joined(separator: "\n")
        }
        return usage
    }

    /// A summary's first sentence, on one line.
    static func firstSentence(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard let end = flat.range(of: ". ") else { return flat }
        return String(flat[..<end.lowerBound]) + "."
    }

    /// Words in lines of at most `width` characters.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }

    /// The first words of the commands' names, in the order help lists them.
    static var names: [String] {
        var names: [String] = []
        for type in commands {
            let name = String(type.configuration.name.split(separator: " ")[0])
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Whether `word` names a group of commands (`fixtures`, `db`) rather than a command.
    static func isGroup(_ word: String) -> Bool { commands.contains { $0.configuration.name.hasPrefix(word + " ") } }

    /// The command `arguments` name and the words after its name.
    /// The longest name matches: `conform explore` before `conform`.
    static func command(_ arguments: [String]) -> (type: any ParsableCommand.Type, words: [String])? {
        let matches = commands.map { ($0, $0.configuration.name.split(separator: " ").map(String.init)) }.filter { arguments.starts(with: $0.1) }
        return matches.max { $0.1.count < $1.1.count }.map { ($0.0, Array(arguments.dropFirst($0.1.count))) }
    }

    /// An unknown `--NAME` of a command that has a command `NAME` under it (`conform --explore`,
    /// the form before `conform explore` was a command of its own) is refused with that command,
    /// whose help the usage line then points to.
    static func pointingToCommand(_ error: CommandLineError) -> CommandLineError {
        guard error.kind == .unknownOption, let command = error.command, let option = error.option, option.hasPrefix("--") else { return error }
        let name = command + " " + option.dropFirst(2)
        guard commands.contains(where: { $0.configuration.name == name }) else { return error }
        return CommandLineError(.unknownOption, option: option, "'\(command)' takes no \(option); '\(name)' is a command of its own", command: name)
    }

    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            // Nothing asked is not success: a script that lost its arguments must notice.
            writeToStandardError(usage + "\nmotion-bench: error: no command given\n")
            return 1
        }
        quiet = arguments.contains("--quiet")
        let words = arguments.filter { $0 != "--quiet" }
        let options = Array(words.dropFirst())
        if options.contains("--help") || options.contains("-h") {
            // The command's own options, from the declaration its parser uses.
            let name = isGroup(first) && !(options.first?.hasPrefix("-") ?? true) ? "\(first) \(options[0])" : first
            print(help(for: name))
            return 0
        }
        let found = command(words)
        do {
            if let found {
                do { return try found.type.main(found.words) } catch let error as RequestError {
                    throw UsageError(error.commandLineMessage(for: found.type), command: found.type.configuration.name)
                } catch let error as DriverError where error.subject != nil {
                    guard let refusal = RequestError(error) else { throw error }
                    throw UsageError(refusal.commandLineMessage(for: found.type), command: found.type.configuration.name)
                }
            }
            switch first {
            case InternalCommand.workloadWorker.rawValue:
                do { return try app.serve(.workloadWorker, options) } catch {
                    writeToStandardError("workload worker: error: \(error)\n")
                    return 1
                }
            case InternalCommand.play.rawValue:
                return try app.serve(.play, options)
            case "--version": return try VersionCommand.main(options)
            case "--help", "-h": return try HelpCommand.main(options)
            case let group where isGroup(group):
                let members = commands.map { $0.configuration.name }.filter { $0.hasPrefix(group + " ") }.map { String($0.dropFirst(group.count + 1)) }
                let given = options.first.map { word in likelyName(members, for: word).map { "; did you mean '\($0)'?" } ?? ", not '\(word)'" } ?? ""
                throw UsageError("'\(group)' takes a subcommand: \(listed(members))\(given)", command: group)
            default:
                let hint = likelyName(names, for: first).map { "did you mean '\($0)'?" } ?? "the commands are \(names.joined(separator: ", "))"
                throw UsageError("unknown command '\(first)'; \(hint)")
            }
        } catch let error as CommandLineError {
            let error = pointingToCommand(error)
            let help = error.command.map { "motion-bench \($0) --help" } ?? "motion-bench help"
            writeToStandardError("motion-bench: error: \(error.message)\n(\(help) shows the usage)\n")
            return 1
        } catch let error as UsageError {
            let help = error.command.map { "motion-bench \($0) --help" } ?? "motion-bench help"
            writeToStandardError("motion-bench: error: \(error.message)\n(\(help) shows the usage)\n")
            return 1
        } catch {
            writeError(error, for: found?.type)
            return 1
        }
    }
}

/// An error on standard error; one that names its remedy is followed by how this command line,
/// having run `command`, applies it.
func writeError(_ error: any Error, for command: (any ParsableCommand.Type)?) {
    let remedy = (error as? any RemediableError)?.remedy.map { "\n(\($0.advice(for: command)))" } ?? ""
    writeToStandardError("motion-bench: error: \(Application.describe(error))\(remedy)\n")
}

/// The application the commands run: this executable, its version, and status lines on standard
/// error unless `--quiet`.
var app: Application {
    Application(
        executable: Application.currentExecutable, version: CommandLineTool.version, quiet: quiet, log: { status($0 + "\n") },
        warn: { writeToStandardError($0 + "\n") })
}

/// This executable, to start again as a child.
var selfExecutable: String { Application.currentExecutable.path }

/// Whether `--quiet` was given: status lines (progress, "wrote …") are left out; results and
/// errors never are.
nonisolated(unsafe) var quiet = false

/// A status line on standard error, unless `--quiet`.
func status(_ line: String) {
    if !quiet { writeToStandardError(line) }
}

/// Writes a status or error line to standard error after whatever standard output still holds
/// (print buffers it when it is a pipe), so that when both go to one pipe a line such as the path
/// of the report just written follows the table printed before it rather than landing inside it.
func writeToStandardError(_ line: String) {
    fflush(nil)
    FileHandle.standardError.write(Data(line.utf8))
}
