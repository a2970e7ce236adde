import Foundation
import HarnessSupport

extension CommandLineTool {
    /// The lines around the generated part of docs/commands.md.
    static let referenceMarkers = (
        begin: "<!-- from the declarations: motion-bench help --markdown; do not edit by hand -->",
        end: "<!-- end of the generated part -->"
    )

    /// Every command's usage, options and exit codes as Markdown, from the same declarations as
    /// its parser and its `--help`: the part of docs/commands.md between `referenceMarkers`.
    static var reference: String {
        var lines = [referenceMarkers.begin]
        for type in commands where !type.configuration.hidden {
            let configuration = type.configuration, declarations = type.init().declarations
            let positional = declarations.compactMap { $0 as? Positionals }.first.map { " " + $0.name } ?? ""
            lines += ["", "### `\(configuration.name)\(positional)`", "", firstSentence(configuration.summary), ""]
            let options = declarations.filter { !($0 is Positionals) }.sorted { $0.name < $1.name }
            if options.isEmpty {
                lines.append("No options but `--quiet`.")
            } else {
                lines += ["| option | what | default | value |", "|---|---|---|---|"]
                lines += options.map { option in
                    "| `\(cell(option.usage))` | \(cell(option.help)) | \(option.defaultHelp.map { "`\(cell($0))`" } ?? "") | \(cell(option.kindHelp ?? "")) |"
                }
            }
            let exits =
                ([0, 1].filter { code in !configuration.exits.contains { $0.code == code } }.map { code in
                    CommandConfiguration.Exit(code, code == 0 ? "done" : "a usage or tool error")
                } + configuration.exits).sorted { $0.code < $1.code }
            lines += ["", "Exit codes: " + exits.map { "\($0.code) \(cell($0.meaning))" }.joined(separator: "; ") + "."]
        }
        return (lines + ["", referenceMarkers.end]).joined(separator: "\n")
    }

    /// Text safe in a Markdown table cell.
    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
