import HarnessSupport

extension Remedy {
    /// The options that apply this remedy to the command that failed (`CommandDeclarationTests`
    /// checks each is declared).
    var options: [String] {
        switch self {
        case .writableFolder: ["--reports", "--output"]
        case .legacyEngine: ["--legacy-engine"]
        case .longerFixtureTime: ["--fixture-timeout"]
        case .moreFixtureMemory: ["--fixture-memory"]
        case .otherMachine: ["--machine"]
        case .existingStore: ["--database"]
        case .migrateStore, .calibrateHere, .importResults, .measureFirst, .listBenchmarks: []
        }
    }

    /// The commands that apply this remedy when the failed command has none of `options`
    /// (`CommandDeclarationTests` checks each is a command).
    var commands: [String] {
        switch self {
        case .writableFolder, .otherMachine, .existingStore: []
        case .legacyEngine: ["conform --legacy-engine"]
        case .longerFixtureTime: ["conform --fixture-timeout S"]
        case .moreFixtureMemory: ["conform --fixture-memory MIB"]
        case .migrateStore: ["db migrate"]
        case .calibrateHere: ["calibrate"]
        case .importResults: ["db import"]
        case .measureFirst: ["run", "nightly"]
        case .listBenchmarks: ["list"]
        }
    }

    /// The declarations of `command` that apply this remedy, in `options`' order.
    func declarations(in command: (any ParsableCommand.Type)?) -> [any ArgumentDeclaration] {
        let declared = command.map { $0.init().declarations } ?? []
        return options.compactMap { option in declared.first { $0.name == option } }
    }

    /// The remedy as the command line says it to someone who ran `command`: with the options of
    /// it that apply the remedy, each with its placeholder (`--reports DIR`), or else with the
    /// commands that do.
    func advice(for command: (any ParsableCommand.Type)?) -> String {
        let given = declarations(in: command).map { [$0.name, $0.placeholder].compactMap { $0 }.joined(separator: " ") }
        let how =
            given.isEmpty
            ? commands.map { "`motion-bench \($0)`" }.joined(separator: " or ") : given.joined(separator: " or ")
        switch self {
        case .writableFolder: return "give a writable folder" + (how.isEmpty ? "" : " with \(how)")
        case .migrateStore: return "\(how) brings the store up to date"
        case .legacyEngine: return given.isEmpty ? "\(how) plays it" : "add \(how) to play it"
        case .longerFixtureTime, .moreFixtureMemory: return given.isEmpty ? "\(how) raises it" : "raise it with \(how)"
        case .otherMachine: return how.isEmpty ? "name another machine" : "\(how) names another machine"
        case .existingStore: return how.isEmpty ? "name a store that exists" : "\(how) names a store that exists"
        case .calibrateHere: return "\(how) calibrates this machine"
        case .importResults: return "\(how) stores them once the store can take them"
        case .measureFirst: return "\(how) measures and writes them"
        case .listBenchmarks: return "\(how) lists them all"
        }
    }
}
