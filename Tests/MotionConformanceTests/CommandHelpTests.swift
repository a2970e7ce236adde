import Foundation
import Testing

/// `COMMAND --help` and the parser come from one declaration per command: what help lists is
/// exactly what the parser accepts, for every command.
@Suite("command help")
struct CommandHelpTests {
    static let commands = [
        "main", "run", "list", "compare", "compare-revisions", "calibrate", "nightly", "report", "conform", "fixtures regenerate",
        "fixtures coverage", "fixtures generate", "fixtures fuzz", "adapter", "show", "env",
    ]

    @Test("every command's --help lists exactly the options its parser accepts", arguments: commands)
    func helpMatchesParser(_ command: String) throws {
        let words = command.split(separator: " ").map(String.init)
        let help = try EngineProtocolTests().run(words + ["--help"])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("usage: motion-bench \(command)"), "\(help.output.prefix(80))")
        let listed = Set(
            help.output.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("  --") else { return nil }
                return String(line.dropFirst(2).prefix { $0 != " " })
            }
        ).subtracting(["--quiet"])
        let refused = try EngineProtocolTests().run(words + ["--no-such-option-zz"])
        #expect(refused.status == 1)
        let accepted: Set<String>
        if let range = refused.errors.range(of: "it takes ") {
            let list = refused.errors[range.upperBound...].prefix { $0 != "\n" }
            accepted = list == "no options" ? [] : Set(list.components(separatedBy: ", "))
        } else {
            accepted = []
            Issue.record("the parser did not list what it takes: \(refused.errors)")
        }
        #expect(
            listed == accepted,
            "help lists \(listed.subtracting(accepted)) the parser refuses; the parser takes \(accepted.subtracting(listed)) help leaves out")
    }

    @Test("no command at all is not success; a filter that selects nothing is an error naming the nearest")
    func nothingAsked() throws {
        let none = try EngineProtocolTests().run([])
        #expect(none.status == 1 && none.output.isEmpty)
        let list = try EngineProtocolTests().run(["list", "--filter", "^zzz$"])
        // The error names real benchmarks: every name `list` gives unfiltered that it mentions.
        let all = try EngineProtocolTests().run(["list"]).output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(list.status == 1 && list.output.isEmpty && all.contains { list.errors.contains($0 + ",") || list.errors.contains($0 + " ") })
    }
}
