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
        #expect(CommandLineTool.command(["fixtures"]) == nil && CommandLineTool.command(["db"]) == nil && CommandLineTool.command(["zz"]) == nil)
        // A command and a command under it: the longer name wins whatever the list's order.
        #expect(
            CommandLineTool.command(["conform", "explore", "--count", "2"]).map { $0.type == ConformExploreCommand.self && $0.words == ["--count", "2"] }
                == true)
        #expect(CommandLineTool.command(["conform", "--suite", "x"]).map { $0.type == ConformCommand.self } == true)
        #expect(CommandLineTool.isGroup("db") && CommandLineTool.isGroup("fixtures") && !CommandLineTool.isGroup("run"))
    }

    @Test("options produce typed values: a threshold as a fraction, a repeatable pattern with its threshold, a default when not given")
    func typedValues() throws {
        let compare = try CompareCommand.parse(["base", "--threshold", "5%", "--threshold-for", "^tick=2%", "--threshold-for", "keyframe=0.2"])
        #expect(compare.results == ["base"] && compare.threshold == 0.05 && compare.window == 60 && compare.margin == nil)
        #expect(compare.thresholdsFor.map(\.pattern) == ["^tick", "keyframe"] && compare.thresholdsFor.map(\.threshold) == [0.02, 0.2])
        let collector = try CollectorCommand.parse(["--linger", "0", "--heartbeat", "2", "--stale-after", "9"])
        #expect(collector.linger == 0 && collector.heartbeat == 2 && collector.staleAfter == 9 && collector.jobs == nil)
        let explore = try ConformExploreCommand.parse(["--count", "20", "--kinds", "spring,curve"])
        #expect(explore.count == 20 && explore.kinds == ["spring", "curve"] && explore.seed == 1 && explore.seconds == nil)
        #expect(try ConformExploreCommand.parse([]).count == ExploreRequest.defaultCount)
    }

    @Test("a value the declaration refuses is a typed error naming the option, before any work")
    func refusals() {
        #expect(refusal(CompareCommand.self, ["base", "--threshold", "5"]).map { ($0.kind, $0.option) } ?? (.conflict, nil) == (.invalidValue, "--threshold"))
        #expect(refusal(RunCommand.self, ["--threads", "257"])?.option == "--threads")
        #expect(refusal(RunCommand.self, ["--threds", "2"]).map { ($0.kind, $0.option) } ?? (.conflict, nil) == (.unknownOption, "--threds"))
        #expect(refusal(RunCommand.self, ["--quick", "--rigorous"])?.kind == .conflict)
        // Exploring is a command of its own: conform has no exploring options to conflict with.
        #expect(refusal(ConformCommand.self, ["--seed", "3"]).map { ($0.kind, $0.option) } ?? (.invalidValue, nil) == (.unknownOption, "--seed"))
        // The form before exploring was a command: refused with the command it became, whose help
        // the usage line names; an unknown option naming no command keeps its refusal.
        let explore = refusal(ConformCommand.self, ["--explore", "--count", "5"]).map(CommandLineTool.pointingToCommand)
        #expect(explore.map { ($0.kind, $0.option, $0.command) } ?? (.conflict, nil, nil) == (.unknownOption, "--explore", "conform explore"))
        #expect(refusal(ConformCommand.self, ["--seed", "3"]).map(CommandLineTool.pointingToCommand)?.command == "conform")
        #expect(refusal(ConformExploreCommand.self, ["--legacy-engine"]).map { ($0.kind, $0.option) } ?? (.invalidValue, nil) == (.conflict, "--legacy-engine"))
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
        #expect(try ConformCommand.parse(["--engine", "e"]).engines.engine.timeout == ExternalEngine.Options.defaultTimeout)
        #expect(try RunCommand.parse(["--engine", "e"]).engine.timeout == ExternalEngine.Options.workloadTimeout)
        #expect(throws: WorkerRequestError.self) { try EngineOptions.workloadWorker(["--engine", "e", "--engine-timeout", tooLong, "list"]) }
        #expect(try EngineOptions.workloadWorker(["--engine", "e", "list"]).engine.timeout == ExternalEngine.Options.workloadTimeout)
    }

    @Test("every field a request can be refused for is filled by a declared option, one name a field, and the refusal says it")
    func requestFieldsHaveOptions() {
        let declarations = CommandLineTool.commands.flatMap { type in type.init().declarations }
        let filled = Dictionary(grouping: declarations.filter { $0.fills != nil }, by: { $0.fills! }).mapValues { Set($0.map(\.name)) }
        for field in RequestError.Field.allCases { #expect(filled[field.rawValue]?.count == 1, "\(field) is filled by \(filled[field.rawValue] ?? [])") }
        // A name fills the same field in every command that declares it.
        for (name, same) in Dictionary(grouping: declarations.filter { !($0 is Positionals) }, by: \.name) {
            #expect(Set(same.map { $0.fills ?? "" }).count == 1, "\(name) fills \(same.map { $0.fills ?? "nothing" })")
        }
        let refusal = RequestError(.filter, "'^x$'", "matches no fixture id")
        #expect(refusal.commandLineMessage() == "--filter '^x$' matches no fixture id" && refusal.description == "filter '^x$' matches no fixture id")
        #expect(RequestError.Field.revisions.option(in: EnqueueCommand.self) == "REVISION…" && RequestError.Field.kinds.option() == "--kinds")
    }

    @Test("every remedy a library names is applied by declared options or by commands there are, and a command words it with its own")
    func remediesHaveOptions() {
        let declarations = CommandLineTool.commands.flatMap { type in type.init().declarations }
        for remedy in Remedy.allCases {
            #expect(declarations.contains { $0.remedies.contains(remedy) } || !remedy.commands.isEmpty, "\(remedy) is applied by nothing")
        }
        // A remedy applied by running a command is written with that command's own options for it.
        #expect(Remedy.migrateStore.commands == ["db migrate"] && Remedy.importResults.commands == ["db import"])
        #expect(Remedy.longerFixtureTime.commands == ["conform --fixture-timeout S"] && Remedy.legacyEngine.commands == ["conform --legacy-engine"])
        #expect(Remedy.measureFirst.commands == ["run", "nightly"] && Remedy.writableFolder.commands.isEmpty)
        // `run` declares --reports and --output, `compare-revisions` only --reports: each names what it has.
        let run: any ParsableCommand.Type = RunCommand.self, revisions: any ParsableCommand.Type = CompareRevisionsCommand.self
        let conform: any ParsableCommand.Type = ConformCommand.self
        let folderOptions = (Remedy.writableFolder.declarations(in: run).map(\.name), Remedy.writableFolder.declarations(in: revisions).map(\.name))
        #expect(folderOptions.0 == ["--reports", "--output"] && folderOptions.1 == ["--reports"])
        let placeholders = Remedy.longerFixtureTime.declarations(in: conform).map(\.placeholder)
        #expect(placeholders == ["S"])
        #expect(Remedy.legacyEngine.declarations(in: run).isEmpty)
        #expect(Remedy.legacyEngine.advice(for: run) == "`motion-bench conform --legacy-engine` plays it")
        #expect(Remedy.legacyEngine.advice(for: conform) == "add --legacy-engine to play it")
    }

    @Test("a conform this tool starts is written with conform's own declarations and reads back as what was asked")
    func conformInvocation() throws {
        let engine = EngineLaunch(command: "python3 engine.py --x 'a b'", shell: true, timeout: 12.5)
        for invocation in [
            ConformInvocation(), ConformInvocation(fixtures: "/tmp/f", fixtureSeconds: 7), ConformInvocation(engine: engine),
        ] {
            let words = invocation.arguments
            let found = try #require(CommandLineTool.command(words))
            let isConform = found.type == ConformCommand.self
            #expect(isConform)
            let conform = try ConformCommand.parse(found.words)
            #expect(conform.format == .json)
            #expect(conform.fixtures.path == invocation.fixtures ?? ConformWords().fixtures.path)
            #expect(conform.fixtureTimeout == invocation.fixtureSeconds ?? ConformanceRequest.defaultFixtureSeconds)
            #expect(conform.engines.first == invocation.engine, "\(words)")
        }
    }
}
