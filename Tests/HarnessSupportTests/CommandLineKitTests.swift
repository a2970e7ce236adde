import HarnessSupport
import Testing

/// The command-line kit on a command declared here, as a tool's commands are declared: values
/// come out typed, defaults stand when an option is absent, and every refusal is a typed error
/// naming its option.
@Suite("command-line declarations")
struct CommandLineKitTests {
    enum Shape: String, CaseIterable, Sendable { case round, square }

    struct Shared: ParsableArguments {
        @Option("--seed", "N", .whole(0...Int.max), default: 1, help: "the seed")
        var seed: Int
        @Flag("--shell", help: "run the command through a shell")
        var shell: Bool
        @Option("--command", "CMD", help: "a command")
        var command: String?
        @Option("--script", "FILE", help: "a script instead of a command")
        var script: String?
        @Flag("--fast", help: "fast") var fast: Bool
        @Flag("--slow", help: "slow") var slow: Bool
        @Flag("--medium", help: "medium") var medium: Bool

        func validate() throws(CommandLineError) {
            if shell && command == nil { throw CommandLineError.needs($shell, $command, because: "a shell runs a command") }
            if command != nil, script != nil { throw CommandLineError.excludes($command, $script, because: "both say what runs") }
            if [fast, slow, medium].filter({ $0 }).count > 1 { throw CommandLineError.oneOf([$fast, $slow, $medium]) }
        }
    }

    struct Sample: ParsableCommand {
        static let configuration = CommandConfiguration(name: "sample", summary: "a command for the kit's tests")
        @Option("--threads", "N", .whole(1...64), default: 2, help: "threads")
        var threads: Int
        @Option("--threshold", "F", .threshold, default: 0.05, help: "the threshold")
        var threshold: Double
        @Option("--shape", "S", .cases, default: Shape.round, help: "a shape")
        var shape: Shape
        @Option(repeating: "--tag", "T", .text, help: "a tag, repeatable")
        var tags: [String]
        @Positionals("FILE...", maximum: 2)
        var files: [String]
        let shared = Shared()

        init() {}
        func run() -> Int32 { 0 }
    }

    func refusal(_ words: [String]) -> CommandLineError? {
        do {
            _ = try Sample.parse(words)
            return nil
        } catch { return error }
    }

    @Test("values come out typed: a percentage as a fraction, a case, repeats in order, a group's values")
    func typedValues() throws {
        let sample = try Sample.parse(["--threads", "8", "--threshold", "12.5%", "--shape", "square", "--tag", "a", "--tag", "b", "x.json", "--seed", "7"])
        #expect(sample.threads == 8 && sample.threshold == 0.125 && sample.shape == .square)
        #expect(sample.tags == ["a", "b"] && sample.files == ["x.json"] && sample.shared.seed == 7 && !sample.shared.shell)
        let defaults = try Sample.parse([])
        #expect(defaults.threads == 2 && defaults.threshold == 0.05 && defaults.shape == .round && defaults.tags.isEmpty && defaults.shared.command == nil)
        #expect(!defaults.$threads.isGiven && sample.$threads.isGiven)
    }

    @Test("refusals are typed and name their option and the command")
    func refusals() {
        let cases: [([String], CommandLineError.Kind, String?)] = [
            (["--threads", "65"], .invalidValue, "--threads"),
            (["--threads", "two"], .invalidValue, "--threads"),
            (["--threads"], .missingValue, "--threads"),
            (["--threshold", "10"], .invalidValue, "--threshold"),
            (["--threshold", "1001%"], .invalidValue, "--threshold"),
            (["--shape", "oval"], .invalidValue, "--shape"),
            (["--thread", "2"], .unknownOption, "--thread"),
            (["a", "b", "c"], .unexpectedArgument, "c"),
            (["--shell"], .conflict, "--shell"),
        ]
        for (words, kind, option) in cases {
            let error = refusal(words)
            #expect(error?.kind == kind && error?.option == option && error?.command == "sample", "\(words): \(String(describing: error))")
        }
    }

    @Test("a conflict names the declarations it is between, each as the command line writes it, and the option given")
    func conflictsNameDeclarations() {
        let cases: [([String], String?, [String])] = [
            (["--shell"], "--shell", ["--shell", "--command CMD"]),
            (["--command", "x", "--script", "y"], "--command", ["--command CMD", "--script FILE"]),
            (["--slow", "--medium"], "--slow", ["--fast", "--slow", "--medium"]),
        ]
        for (words, option, between) in cases {
            let error = refusal(words)
            #expect(error?.kind == .conflict && error?.option == option && error?.between == between, "\(words): \(String(describing: error))")
        }
    }

    @Test("an unknown option is answered with the nearest declared one")
    func nearestName() {
        #expect(refusal(["--thread", "2"])?.message.hasSuffix("did you mean --threads?") == true)
        // Levenshtein's classic pair: kitten → sitting is three edits.
        #expect(editDistance("kitten", "sitting") == 3 && editDistance("", "abc") == 3 && editDistance("same", "same") == 0)
    }

    @Test("a worker's command line: the options in front are read, the request after them is left whole")
    func prefix() throws {
        let shared = Shared()
        let rest = try shared.parsePrefix(["--seed", "3", "--command", "run x", "run", "--seed", "9"], command: "worker")
        #expect(shared.seed == 3 && shared.command == "run x" && rest == ["run", "--seed", "9"])
    }
}

/// The seeded generator every exploration and fixture choice draws from.
@Suite("seeded generator")
struct SplitMix64Tests {
    @Test("seed 0 gives the reference algorithm's first outputs (Vigna's splitmix64, computed independently)")
    func referenceOutputs() {
        var generator = SplitMix64(seed: 0)
        #expect([generator.next(), generator.next(), generator.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }
}
