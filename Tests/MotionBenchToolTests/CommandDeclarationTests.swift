import BenchKit
import HarnessSupport
import MotionBenchApp
import MotionConformance
import TestSupport
import Testing

@testable import motion_bench

/// The commands' declarations read in process: each option produces its typed value, and a value
/// the declaration refuses is a typed error naming the option.
@Suite("command declarations")
struct CommandDeclarationTests {
    func refusal<C: ParsableCommand>(_: C.Type, _ words: [String]) -> CommandLineError? {
        do {
            _ = try C.parse(words)
            return nil
        } catch { return error }
    }

    @Test("each command name is declared once, with a summary and its exit codes, and dispatch finds it by its words")
    func names() {
        let names = CommandLineTool.commands.map { $0.configuration.name }
        #expect(Set(names).count == names.count)
        for type in CommandLineTool.commands {
            #expect(!type.configuration.summary.isEmpty && type.configuration.exits.contains { $0.code == 0 }, "\(type.configuration.name)")
            let words = type.configuration.name.split(separator: " ").map(String.init)
            #expect(CommandLineTool.command(words + ["--x"]).map { $0.type == type && $0.words == ["--x"] } == true, "\(type.configuration.name)")
        }
        #expect(CommandLineTool.command(["fixtures"]) == nil && CommandLineTool.command(["zz"]) == nil)
    }

    @Test("options produce typed values: a threshold as a fraction, a repeatable pattern with its threshold, a default when not given")
    func typedValues() throws {
        let compare = try CompareCommand.parse(["base", "--threshold", "5%", "--threshold-for", "^tick=2%", "--threshold-for", "keyframe=0.2"])
        #expect(compare.results == ["base"] && compare.threshold == 0.05 && compare.window == 60 && compare.margin == nil)
        #expect(compare.thresholdsFor.map(\.pattern) == ["^tick", "keyframe"] && compare.thresholdsFor.map(\.threshold) == [0.02, 0.2])
        let collector = try CollectorCommand.parse(["--linger", "0", "--heartbeat", "2", "--stale-after", "9"])
        #expect(collector.linger == 0 && collector.heartbeat == 2 && collector.staleAfter == 9 && collector.jobs == nil)
        let conform = try ConformCommand.parse(["--explore", "20", "--explore-kinds", "spring,curve"])
        #expect(conform.explore == 20 && conform.exploreKinds == ["spring", "curve"] && conform.seed == 1)
    }

    @Test("a value the declaration refuses is a typed error naming the option, before any work")
    func refusals() {
        #expect(refusal(CompareCommand.self, ["base", "--threshold", "5"]).map { ($0.kind, $0.option) } ?? (.conflict, nil) == (.invalidValue, "--threshold"))
        #expect(refusal(RunCommand.self, ["--threads", "257"])?.option == "--threads")
        #expect(refusal(RunCommand.self, ["--threds", "2"]).map { ($0.kind, $0.option) } ?? (.conflict, nil) == (.unknownOption, "--threds"))
        #expect(refusal(RunCommand.self, ["--quick", "--rigorous"])?.kind == .conflict)
        #expect(refusal(ConformCommand.self, ["--seed", "3"]).map { ($0.kind, $0.option) } ?? (.invalidValue, nil) == (.conflict, "--seed"))
        #expect(refusal(CollectorCommand.self, ["--heartbeat", "10", "--stale-after", "5"])?.option == "--stale-after")
        #expect(refusal(CompareCommand.self, [])?.kind == .missingArgument)
        #expect(refusal(EnqueueCommand.self, ["--filter", "x"])?.kind == .missingArgument)
        #expect(refusal(ShowCommand.self, ["a.json", "b.json"])?.kind == .unexpectedArgument)
        // An engine command split without a shell must close its quotes; through a shell it is the shell's to read.
        #expect(refusal(ConformCommand.self, ["--engine", "./engine 'a b"]).map { ($0.kind, $0.option) } ?? (.conflict, nil) == (.invalidValue, "--engine"))
        #expect(refusal(ConformCommand.self, ["--engine", "./engine 'a b", "--engine-shell"]) == nil)
    }

    @Test("the engine's options are one declaration: the same range in every command and in the workload worker, each command's own default")
    func engineOptionsDeclaredOnce() throws {
        let tooLong = String(ExternalEngine.Options.maximumTimeout + 1)
        for type: any ParsableCommand.Type in [ConformCommand.self, RunCommand.self, ListCommand.self, NightlyCommand.self] {
            #expect(
                refusal(type, ["--engine", "e", "--engine-timeout", tooLong]).map { ($0.kind, $0.option) } ?? (.conflict, nil) == (
                    .invalidValue, "--engine-timeout"
                ))
            let timeout = type.init().declarations.first { $0.name == "--engine-timeout" }
            #expect(timeout?.kindHelp == ValueKind<Double>.duration(max: ExternalEngine.Options.maximumTimeout).help)
        }
        #expect(try ConformCommand.parse(["--engine", "e"]).engine.timeout == ExternalEngine.Options.defaultTimeout)
        #expect(try RunCommand.parse(["--engine", "e"]).engine.timeout == ExternalEngine.Options.workloadTimeout)
        #expect(throws: WorkerRequestError.self) { try EngineOptions.workloadWorker(["--engine", "e", "--engine-timeout", tooLong, "list"]) }
        #expect(try EngineOptions.workloadWorker(["--engine", "e", "list"]).engine.timeout == ExternalEngine.Options.workloadTimeout)
    }

    @Test("every field a request can be refused for is named by an option a command declares, and the refusal says it")
    func requestFieldsHaveOptions() {
        let declared = Set(CommandLineTool.commands.flatMap { type in type.init().declarations.map(\.name) })
        for field in RequestError.Field.allCases { #expect(declared.contains(field.option), "\(field) → \(field.option)") }
        let refusal = RequestError(.filter, "'^x$'", "matches no fixture id")
        #expect(refusal.commandLineMessage() == "--filter '^x$' matches no fixture id" && refusal.description == "filter '^x$' matches no fixture id")
    }

    @Test("every remedy a library names is applied by declared options or by commands there are, and a command words it with its own")
    func remediesHaveOptions() {
        let declared = Set(CommandLineTool.commands.flatMap { type in type.init().declarations.map(\.name) })
        let names = CommandLineTool.commands.map { $0.configuration.name }
        for remedy in Remedy.allCases {
            #expect(!(remedy.options + remedy.commands).isEmpty, "\(remedy) is applied by nothing")
            #expect(remedy.options.allSatisfy(declared.contains), "\(remedy) → \(remedy.options)")
            for words in remedy.commands {
                // `db migrate`, `conform --fixture-timeout S`: a command's name, its words, options it declares.
                let parts = words.split(separator: " ").map(String.init)
                let matches = CommandLineTool.commands.filter { parts.starts(with: $0.configuration.name.split(separator: " ").map(String.init)) }
                guard let type = matches.max(by: { $0.configuration.name.count < $1.configuration.name.count }) else {
                    Issue.record("\(remedy) → '\(words)' starts with none of \(names)")
                    continue
                }
                let rest = parts.dropFirst(type.configuration.name.split(separator: " ").count)
                let own = Set(type.init().declarations.map(\.name))
                #expect(rest.filter { $0.hasPrefix("--") }.allSatisfy(own.contains), "\(remedy) → \(words)")
                // Its words (not the placeholders, in capitals) are ones the command takes.
                #expect(refusal(type, rest.filter { !$0.hasPrefix("--") && $0 != $0.uppercased() }) == nil, "\(remedy) → \(words)")
            }
        }
        // `run` declares --reports and --output, `compare-revisions` only --reports: each names what it has.
        let run: any ParsableCommand.Type = RunCommand.self, revisions: any ParsableCommand.Type = CompareRevisionsCommand.self
        let conform: any ParsableCommand.Type = ConformCommand.self
        let folderOptions = (Remedy.writableFolder.declarations(in: run).map(\.name), Remedy.writableFolder.declarations(in: revisions).map(\.name))
        #expect(folderOptions.0 == ["--reports", "--output"] && folderOptions.1 == ["--reports"])
        let placeholders = Remedy.longerFixtureTime.declarations(in: conform).map(\.placeholder)
        #expect(placeholders == ["S"])
        let legacyInRun = Remedy.legacyEngine.declarations(in: run).count
        #expect(legacyInRun == 0)
    }
}
