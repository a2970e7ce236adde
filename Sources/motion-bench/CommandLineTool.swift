import BenchKit
import EngineConformance
import Foundation
import MotionBenchApp
import MotionConformance

/// Dispatches `motion-bench COMMAND [OPTIONS]` to the command's implementation and maps failures to
/// the exit-code contract: 0 success, 1 tool error (including bad usage), other codes per command.
enum CommandLineTool {
    static let version = "0.1.0"

    /// `motion-bench help`: every command with what it does, from the declarations that give each
    /// command its parser and its `--help`.
    static var usage: String {
        let entries =
            CommandSpec.all.map { ($0.name + ($0.positional.isEmpty ? "" : " " + $0.positional), firstSentence($0.summary)) }
            + [("version", "Print the version."), ("help", "Print this help.")]
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
        lines += [
            "", "--quiet leaves out progress and status lines; thresholds are written 5% or 0.05 alike.",
            "main, nightly, report, db, enqueue and collector take --database URL|FILE (else MOTIONBENCH_DATABASE, else",
            "reports/motionbench.sqlite) and --machine NAME.",
        ]
        return lines.joined(separator: "\n")
    }

    /// `motion-bench NAME --help`: the command's own help; for a group of commands (`fixtures`),
    /// each of its commands with its summary; for `version` and `help`, what they do; the
    /// overview for a name that is no command.
    static func help(for name: String) -> String {
        if let spec = CommandSpec.all.first(where: { $0.name == name }) { return spec.help }
        let members = CommandSpec.all.filter { $0.name.hasPrefix(name + " ") }
        if !members.isEmpty {
            return
                (["usage: motion-bench \(name) COMMAND [OPTIONS]", "", "commands (motion-bench \(name) COMMAND --help: its options):"]
                + members.map { "  " + $0.name.padding(toLength: 32, withPad: " ", startingAt: 0) + firstSentence($0.summary) }).joined(separator: "\n")
        }
        switch name {
        case "version", "--version": return "usage: motion-bench version\n\nPrint the version (\(version)). No options."
        case "help": return "usage: motion-bench help\n\nPrint every command with what it does. No options."
        default: return usage
        }
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

    /// The commands' names, in the order help lists them.
    static let commands: [String] = {
        var names: [String] = []
        for spec in CommandSpec.all {
            let name = String(spec.name.split(separator: " ")[0])
            if !names.contains(name) { names.append(name) }
        }
        return names + ["version", "help"]
    }()

    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            // Nothing asked is not success: a script that lost its arguments must notice.
            writeToStandardError(usage + "\nmotion-bench: error: no command given\n")
            return 1
        }
        quiet = arguments.contains("--quiet")
        let options = Array(arguments.dropFirst()).filter { $0 != "--quiet" }
        if options.contains("--help") || options.contains("-h") {
            // The command's own options, from the declaration its parser uses.
            let name = command == "fixtures" && !(options.first?.hasPrefix("-") ?? true) ? "fixtures \(options[0])" : command
            print(help(for: name))
            return 0
        }
        do {
            switch command {
            case "main":
                return try MainJob(options: options).run()
            case "run":
                return try BenchCommands.run(options)
            case "list":
                return try BenchCommands.list(options)
            case "env":
                return try BenchCommands.env(options)
            case "compare":
                return try CompareCommand.run(options)
            case "conform":
                return try ConformCommand.run(options)
            case "compare-revisions":
                return try RevisionCommands.compareRevisions(options)
            case "nightly":
                return try RevisionCommands.nightly(options)
            case "calibrate":
                return try CalibrationCommand.run(options)
            case "report":
                return try ReportCommand.run(options)
            case "db":
                return try StoreCommands.db(options)
            case "enqueue":
                return try StoreCommands.enqueue(options)
            case "collector":
                return try StoreCommands.collector(options)
            case "fixtures":
                return try FixturesCommand.run(options)
            case "adapter":
                return try AdapterCommand.run(options)
            case "show":
                return try ShowCommand.run(options)
            case InternalCommand.workloadWorker.rawValue:
                return BenchCommands.workloadWorker(options)
            case InternalCommand.play.rawValue:
                try expectNoOptions(options, command: command)
                return IsolatedPlayer.serve(mirror: MotionEngineMirror.factory)
            case "version", "--version":
                try expectNoOptions(options, command: command)
                print("motion-bench \(version)")
                return 0
            case "help", "--help", "-h":
                print(usage)
                return 0
            default:
                let hint = likelyName(commands, for: command).map { "did you mean '\($0)'?" } ?? "the commands are \(commands.joined(separator: ", "))"
                throw UsageError("unknown command '\(command)'; \(hint)")
            }
        } catch let error as UsageError {
            let help = error.command.map { "motion-bench \($0) --help" } ?? "motion-bench help"
            writeToStandardError("motion-bench: error: \(error.message)\n(\(help) shows the usage)\n")
            return 1
        } catch let error as ToolError {
            writeToStandardError("motion-bench: error: \(error.description)\n")
            return 1
        } catch {
            writeToStandardError("motion-bench: error: \(Application.describe(error))\n")
            return 1
        }
    }

    static func expectNoOptions(_ options: [String], command: String) throws {
        if let first = options.first {
            throw UsageError("'\(command)' takes no options, got '\(first)'")
        }
    }
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
