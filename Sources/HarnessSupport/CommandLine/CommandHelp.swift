/// `PROGRAM COMMAND --help`, from the command's configuration and declarations, so that help
/// and the parser cannot disagree: the usage line, the summary, every option sorted by name with
/// its help, default and kind, then `global` options every command takes.
public enum CommandHelp {
    public static func render(
        program: String, configuration: CommandConfiguration, declarations: [any ArgumentDeclaration], global: [(option: String, help: String)] = []
    ) -> String {
        let positional = declarations.compactMap { $0 as? Positionals }.first.map { " " + $0.name } ?? ""
        let options = declarations.filter { !($0 is Positionals) }.sorted { $0.name < $1.name }
        let left = { (option: any ArgumentDeclaration) in option.usage }
        let width = min(30, max(9, (options.map { left($0).count }.max() ?? 0) + 2))
        var lines = ["usage: \(program) \(configuration.name)\(positional)\(options.isEmpty ? "" : " [OPTIONS]")", "", configuration.summary, "", "options:"]
        for option in options {
            let words = option.help + (option.defaultHelp.map { " (\($0))" } ?? "") + (option.kindHelp.map { " [\($0)]" } ?? "")
            lines.append("  " + left(option).padding(toLength: max(width, left(option).count + 2), withPad: " ", startingAt: 0) + words)
        }
        lines += global.map { "  " + $0.option.padding(toLength: width, withPad: " ", startingAt: 0) + $0.help }
        return lines.joined(separator: "\n")
    }
}
