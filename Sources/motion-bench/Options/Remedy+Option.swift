import HarnessSupport

extension Remedy {
    /// The declarations of `command` that apply this remedy, in the order it declares them.
    func declarations(in command: (any ParsableCommand.Type)?) -> [any ArgumentDeclaration] {
        (command.map { $0.init().declarations } ?? []).filter { $0.remedies.contains(self) }
    }

    /// The commands that apply this remedy when the failed command declares nothing that does,
    /// each written with its own declarations that apply it (`conform --fixture-timeout S`).
    var commands: [String] {
        CommandLineTool.commands.filter { $0.configuration.remedies.contains(self) }.map { type in
            ([type.configuration.name] + declarations(in: type).map(\.usage)).joined(separator: " ")
        }
    }

    /// The remedy as the command line says it to someone who ran `command`: with the options of
    /// it that apply the remedy, each with its placeholder (`--reports DIR`), or else with the
    /// commands that do.
    func advice(for command: (any ParsableCommand.Type)?) -> String {
        let given = declarations(in: command).map(\.usage)
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
