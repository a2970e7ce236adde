import Foundation

/// Dispatches `motion-bench COMMAND [OPTIONS]` to the command's implementation and maps failures to
/// the exit-code contract: 0 success, 1 tool error (including bad usage), other codes per command.
enum CommandLineTool {
    static let version = "0.1.0"

    static let usage = """
        usage: motion-bench COMMAND [OPTIONS]

        commands:
          main [--fixtures DIR]   the main job on the bundled default suites (what `make run` runs)
          version                 print the version
          help                    print this help
        """

    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            print(usage)
            return 0
        }
        let options = Array(arguments.dropFirst())
        do {
            switch command {
            case "main":
                return try MainJob(options: options).run()
            case "version", "--version":
                try expectNoOptions(options, command: command)
                print("motion-bench \(version)")
                return 0
            case "help", "--help", "-h":
                print(usage)
                return 0
            default:
                throw UsageError("unknown command '\(command)'; expected one of: main, version, help")
            }
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("motion-bench: error: \(error.message)\n\n\(usage)\n".utf8))
            return 1
        } catch {
            FileHandle.standardError.write(Data("motion-bench: error: \(error)\n".utf8))
            return 1
        }
    }

    static func expectNoOptions(_ options: [String], command: String) throws {
        if let first = options.first {
            throw UsageError("'\(command)' takes no options, got '\(first)'")
        }
    }
}

/// A command line that could not be understood: what was wrong and what was expected.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
