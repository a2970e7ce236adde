import HarnessSupport

/// `motion-bench version`: the tool's version.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(name: "version", summary: "Print the version.", exits: [.init(0, "printed")])

    func run() throws -> Int32 {
        print("motion-bench \(CommandLineTool.version)")
        return 0
    }
}

/// `motion-bench help`: every command with what it does; in Markdown, every command's options too.
struct HelpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "help", summary: "Print every command with what it does; with --markdown, every command's options and exit codes too.",
        exits: [.init(0, "printed")])

    @Flag("--markdown", help: "the whole reference in Markdown: every command's options and exit codes") var markdown: Bool

    func run() throws -> Int32 {
        print(markdown ? CommandLineTool.reference : CommandLineTool.usage)
        return 0
    }
}
