import Foundation
import TestSupport
import Testing

@testable import motion_bench

/// `COMMAND --help` and the parser come from one declaration per command: what help lists is
/// exactly what the parser accepts, for every command.
@Suite("command help")
struct CommandHelpTests {
    /// Every command's name, from the tool's one list of command types.
    static let commands = CommandLineTool.commands.map { $0.configuration.name }

    @Test("COMMAND --help is that command's own help for every name the overall help lists, groups and version included")
    func everyCommandHasItsHelp() throws {
        let help = try Tool.run(["help"])
        let names = Set(
            help.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map {
                String($0.dropFirst(2).prefix { $0 != " " })
            })
        #expect(names.isSuperset(of: ["fixtures", "version", "help", "db", "enqueue", "collector", "conform"]), "\(names)")
        for name in names {
            let own = try Tool.run([name, "--help"])
            #expect(own.status == 0 && own.stdout.hasPrefix("usage: motion-bench \(name)"), "\(name) --help: \(own.stdout.prefix(60))")
        }
    }

    @Test("every declared limit is where the parser refuses: one past each end of a range is refused, naming the option", arguments: commands)
    func declaredLimitsAreTheChecks(_ command: String) throws {
        let words = command.split(separator: " ").map(String.init)
        let help = try Tool.run(words + ["--help"])
        for line in help.stdout.split(separator: "\n") where line.hasPrefix("  --") && line.hasSuffix("]") {
            let option = String(line.dropFirst(2).prefix { $0 != " " })
            guard let open = line.lastIndex(of: "[") else { continue }
            let kind = String(line[line.index(after: open)..<line.index(before: line.endIndex)])
            var outside: [String] = []
            if kind.hasPrefix("a whole number ") {
                let bounds = kind.dropFirst("a whole number ".count).replacingOccurrences(of: "≥ ", with: "").split(separator: "–").compactMap { Int($0) }
                if let low = bounds.first { outside.append(String(low - 1)) }
                if bounds.count == 2 { outside.append(String(bounds[1] + 1)) }
            } else if kind.hasPrefix("above 0") {
                outside.append("0")
                if let range = kind.range(of: "at most "), let most = Double(kind[range.upperBound...]) { outside.append(String(most + 1)) }
            } else if let most = Self.largestPercent(kind) {
                outside += ["0%", "\(most + 0.1)%", "1", "0"]
            }
            for value in outside {
                let refused = try Tool.run(words + [option, value])
                #expect(refused.status == 1 && refused.stderr.hasPrefix("motion-bench: error: \(option) "), "\(command) \(option) \(value): \(refused.stderr)")
            }
        }
    }

    /// The largest percentage a threshold's help states ("at most 1000%"), if it is one.
    static func largestPercent(_ kind: String) -> Double? {
        guard kind.hasPrefix("a percentage"), let range = kind.range(of: "at most ") else { return nil }
        return Double(kind[range.upperBound...].prefix { $0.isNumber || $0 == "." })
    }

    @Test(
        "a value at each limit help states is accepted by the parser: both ends of a whole-number range, a duration's or part's most, a threshold's largest percentage and a fraction just below 1"
    )
    func valuesAtTheLimitsAreAccepted() throws {
        for type in CommandLineTool.commands {
            for declaration in type.init().declarations {
                guard let kind = declaration.kindHelp else { continue }
                var inside: [String] = []
                if kind.hasPrefix("a whole number ") {
                    inside = kind.dropFirst("a whole number ".count).replacingOccurrences(of: "≥ ", with: "").split(separator: "–").compactMap {
                        Int($0).map(String.init)
                    }
                } else if kind.hasPrefix("above 0"), let range = kind.range(of: "at most ") {
                    inside = [String(kind[range.upperBound...])]
                } else if let range = kind.range(of: "at most "), Self.largestPercent(kind) != nil {
                    inside = [String(kind[range.upperBound...].prefix { $0 != "%" }) + "%", "0.999", "0.1%"]
                }
                for value in inside {
                    // A fresh declaration each time: a value is taken once.
                    let fresh = try #require(type.init().declarations.first { $0.name == declaration.name })
                    #expect(throws: Never.self, "\(type.configuration.name) \(declaration.name) \(value)") { try fresh.take(value) }
                }
            }
        }
    }

    @Test("docs/commands.md's reference of every option is the one the declarations write, and lists each command's every option")
    func generatedReference() throws {
        let text = Repository.text("docs/commands.md")
        let markers = CommandLineTool.referenceMarkers
        let begin = try #require(text.range(of: markers.begin)), end = try #require(text.range(of: markers.end))
        #expect(String(text[begin.lowerBound..<end.upperBound]) == CommandLineTool.reference, "make commands-reference writes it again")
        // Each command's section names every option it parses, whatever the rendering.
        for type in CommandLineTool.commands {
            let heading = try #require(text.range(of: "### `\(type.configuration.name)"), "\(type.configuration.name)")
            let section = text[heading.upperBound...].prefix { $0 != "#" }
            for declaration in type.init().declarations where declaration.name.hasPrefix("--") {
                #expect(section.contains("`\(declaration.name)"), "\(type.configuration.name) \(declaration.name)")
            }
        }
    }

    @Test("docs/commands.md names exactly the commands that declare --database")
    func databaseCommandsListed() throws {
        let declaring = Set(
            CommandLineTool.commands.filter { type in type.init().declarations.contains { $0.name == "--database" } }.map {
                String($0.configuration.name.split(separator: " ")[0])
            })
        let text = Repository.text("docs/commands.md")
        // The sentence that ends with "take `--database": from the end of the one before it.
        let before = try #require(text.range(of: "take\n`--database").map { text[..<$0.lowerBound] })
        let sentence = before[(before.range(of: ".\n", options: .backwards)?.upperBound ?? before.startIndex)...]
        let listed = Set(sentence.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
        #expect(listed == declaring, "docs: \(listed.sorted()); declared: \(declaring.sorted())")
    }

    @Test("collector: --stale-after must be more than --heartbeat, as its help says: equal is refused, just more accepted")
    func staleAfterHeartbeat() throws {
        let help = CommandLineTool.help(for: "collector")
        #expect(help.split(separator: "\n").contains { $0.contains("--stale-after") && $0.contains("more than --heartbeat") })
        let equal = try Tool.run(["collector", "--heartbeat", "5", "--stale-after", "5", "--database", "/nonexistent/x.sqlite"])
        #expect(equal.status == 1 && equal.stderr.hasPrefix("motion-bench: error: --stale-after "), "\(equal.stderr)")
    }

    @Test("every command's --help lists exactly the options its parser accepts", arguments: commands)
    func helpMatchesParser(_ command: String) throws {
        let words = command.split(separator: " ").map(String.init)
        let help = try Tool.run(words + ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("usage: motion-bench \(command)"), "\(help.stdout.prefix(80))")
        let listed = Set(
            help.stdout.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("  --") else { return nil }
                return String(line.dropFirst(2).prefix { $0 != " " })
            }
        ).subtracting(["--quiet"])
        let refused = try Tool.run(words + ["--no-such-option-zz"])
        #expect(refused.status == 1)
        let accepted: Set<String>
        if let range = refused.stderr.range(of: "it takes ") {
            let list = refused.stderr[range.upperBound...].prefix { $0 != "\n" }
            accepted = list == "no options" ? [] : Set(list.components(separatedBy: ", "))
        } else {
            accepted = []
            Issue.record("the parser did not list what it takes: \(refused.stderr)")
        }
        #expect(
            listed == accepted,
            "help lists \(listed.subtracting(accepted)) the parser refuses; the parser takes \(accepted.subtracting(listed)) help leaves out")
    }

    @Test("every value help says an option takes a kind of is checked by the parser: one of another kind is refused, naming the option", arguments: commands)
    func helpKindsMatchParser(_ command: String) throws {
        let words = command.split(separator: " ").map(String.init)
        let help = try Tool.run(words + ["--help"])
        // "  --name VALUE  what it is [kind]": a value of another kind for each declared kind.
        let declared: [(option: String, wrong: String)] = help.stdout.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  --"), line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
            let option = String(line.dropFirst(2).prefix { $0 != " " }), kind = line[line.index(after: open)..<line.index(before: line.endIndex)]
            let wrong =
                kind.hasPrefix("a whole number")
                ? "1.5" : kind.hasPrefix("above 0") ? "0" : kind == "a regular expression" ? "(" : kind.hasPrefix("a percentage") ? "10" : "zz"
            return (option, wrong)
        }
        if ["run", "conform", "compare-revisions", "fixtures fuzz", "collector"].contains(command) {
            #expect(declared.count >= 3, "\(command) declares the kinds of its numbers and patterns: \(declared)")
        }
        for (option, wrong) in declared {
            let refused = try Tool.run(words + [option, wrong])
            #expect(refused.status == 1 && refused.stdout.isEmpty, "\(command) \(option) \(wrong): \(refused.status)")
            // A format is refused as every unknown format is: naming it and the kind of result.
            let named = option == "--format" ? "motion-bench: error: unknown format '\(wrong)' for " : "motion-bench: error: \(option) "
            #expect(refused.stderr.hasPrefix(named), "\(command) \(option) \(wrong): \(refused.stderr)")
            #expect(refused.stderr.contains("(motion-bench \(command) --help shows the usage)"), "\(refused.stderr)")
        }
    }

    /// The exit codes a command's help declares.
    func declaredExits(_ command: String) throws -> Set<Int> {
        let help = try Tool.run(command.split(separator: " ").map(String.init) + ["--help"]).stdout
        guard let start = help.range(of: "exit codes") else { return [] }
        return Set(
            help[start.upperBound...].split(separator: "\n").dropFirst().compactMap { Int($0.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber }) })
    }

    @Test("docs/commands.md's table gives each command the exit codes its help declares")
    func documentedExitCodes() throws {
        let table = try String(contentsOf: Repository.root.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        var documented: [String: Set<Int>] = [:]
        for row in table.split(separator: "\n") where row.hasPrefix("| `") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = cells.first, let codes = cells.last else { continue }
            let words = first.dropFirst().prefix { $0 != "`" }.split(separator: " ").map(String.init)
            // A row for a command with some options (`conform --fixture ID --transcript`) is its command's row's concern.
            guard !words.dropFirst().contains(where: { $0.hasPrefix("-") }) else { continue }
            let name = words.count > 1 && Self.commands.contains(words[0] + " " + words[1]) ? words[0] + " " + words[1] : words[0]
            guard Self.commands.contains(name) else { continue }
            // A code is a lone digit before a word: "0 pass, 1 failures", not "2×" or "§10".
            var found = Set((codes + " ").matches(of: #/(^|[\s,;(])([0-4])\s/#).compactMap { Int($0.output.2) })
            if let inherited = codes.firstMatch(of: /^as `([a-z-]+)`/) { found.formUnion(documented[String(inherited.output.1)] ?? []) }
            documented[name] = found
        }
        for command in Self.commands {
            let declared = try declaredExits(command)
            #expect(!declared.isEmpty, "\(command) --help declares its exit codes")
            #expect(documented[command] == declared, "\(command): docs/commands.md says \(documented[command] ?? []), help declares \(declared)")
        }
    }

    @Test("motion-bench help lists every command, from the same declarations as each command's --help")
    func overallHelp() throws {
        let help = try Tool.run(["help"])
        #expect(help.status == 0)
        let entries = help.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map { $0.dropFirst(2) }
        for command in Self.commands {
            #expect(entries.contains { $0.hasPrefix(command + " ") }, "help leaves out \(command)")
            let own = try Tool.run(command.split(separator: " ").map(String.init) + ["--help"])
            // The overall entry is the first sentence of the command's own summary.
            let summary = own.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).prefix { !$0.isEmpty }
            let firstWords = summary.joined(separator: " ").split(separator: " ").prefix(4).joined(separator: " ")
            #expect(help.stdout.contains(firstWords), "\(command): \(firstWords)")
        }
    }

    @Test("no command at all is not success; a filter that selects nothing is an error naming the nearest")
    func nothingAsked() throws {
        let none = try Tool.run([])
        #expect(none.status == 1 && none.stdout.isEmpty)
        let list = try Tool.run(["list", "--filter", "^zzz$"])
        // The error names real benchmarks: every name `list` gives unfiltered that it mentions.
        let all = try Tool.run(["list"]).stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(list.status == 1 && list.stdout.isEmpty && all.contains { list.stderr.contains($0 + ",") || list.stderr.contains($0 + " ") })
    }
}
