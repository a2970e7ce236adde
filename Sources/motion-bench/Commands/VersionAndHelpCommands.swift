import HarnessSupport

/// `motion-bench version`: the tool's version.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(name: "version", summary: "Print the version.", exits: [.init(0, "printed")])

    func run() throws -> Int32 {
        print("motion-bench \(CommandLineTool.version)")
        return 0
    }
}

/// `motion-bench help`: every command with what it does.
struct HelpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(name: "help", summary: "Print every command with what it does.", exits: [.init(0, "printed")])

    func run() throws -> Int32 {
        print(CommandLineTool.usage)
        return 0
    }
}
