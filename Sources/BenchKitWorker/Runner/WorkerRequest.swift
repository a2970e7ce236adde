import Foundation
import HarnessSupport

/// What a driver asks of a benchmark worker process, in one vocabulary: the driver writes a
/// request as the worker's command line (`arguments`) and every worker — `BenchmarkWorker`, the
/// workload worker of an engine in another process — reads it back with `init(arguments:)`,
/// both from one declaration of each request's words (`RunWords`, `ServeWords`) read by the
/// command-line kit every command of the tool uses.
///
///     list
///     build
///     run NAME --pass timing|counting|instructions [--profile P] [--threads N] [--iterations K]
///     serve NAME [--profile P] [--threads N] [--cpu C | --spread]
///     serve                       (alone: whether the worker serves blocks at all)
///
/// The words are the contract between revisions too: `compare-revisions` drives workers built
/// from other commits, so a change here must keep what older workers understand.
public enum WorkerRequest: Codable, Hashable, Sendable {
    /// The benchmarks' descriptors, as a JSON array.
    case list
    /// How the worker was compiled (`WorkerBuild`).
    case build
    /// One pass over one benchmark; the worker prints one `WorkerReport`.
    case run(Run)
    /// Blocks measured on request (`WorkerServe`).
    case serve(Serve)
    /// Whether the worker serves blocks: a worker that does not answers "unknown command".
    case servesBlocks

    public enum Pass: String, Codable, CaseIterable, Sendable {
        case timing, counting, instructions
    }

    public struct Run: Codable, Hashable, Sendable {
        public var name: String
        public var pass: Pass
        /// A `MeasurementProfile` name; nil: the worker's default (quick).
        public var profile: String?
        /// nil: the worker's default (every CPU).
        public var threads: Int?
        /// Iterations of the instructions pass; nil: its default.
        public var iterations: Int?

        public init(name: String, pass: Pass, profile: String? = nil, threads: Int? = nil, iterations: Int? = nil) {
            (self.name, self.pass, self.profile, self.threads, self.iterations) = (name, pass, profile, threads, iterations)
        }
    }

    public struct Serve: Codable, Hashable, Sendable {
        public var name: String
        public var profile: String?
        public var threads: Int?
        /// The CPU the worker pins itself to (one-thread benchmarks).
        public var cpu: Int?
        /// Its measuring thread on CPU 0 and its helpers on the others (multi-thread benchmarks).
        public var spread: Bool

        public init(name: String, profile: String? = nil, threads: Int? = nil, cpu: Int? = nil, spread: Bool = false) {
            (self.name, self.profile, self.threads, self.cpu, self.spread) = (name, profile, threads, cpu, spread)
        }
    }

    /// The worker's command line for this request, written with the names `RunWords` and
    /// `ServeWords` declare.
    public var arguments: [String] {
        func option<V>(_ declaration: Option<V?>, _ value: V?) -> [String] { value.map { [declaration.name, "\($0)"] } ?? [] }
        switch self {
        case .list: return ["list"]
        case .build: return ["build"]
        case .servesBlocks: return ["serve"]
        case let .run(run):
            let words = RunWords()
            return ["run", run.name, words.$pass.name, run.pass.rawValue] + option(words.$profile, run.profile) + option(words.$threads, run.threads)
                + option(words.$iterations, run.iterations)
        case let .serve(serve):
            let words = ServeWords()
            return ["serve", serve.name] + option(words.$profile, serve.profile) + option(words.$threads, serve.threads) + option(words.$cpu, serve.cpu)
                + (serve.spread ? [words.$spread.name] : [])
        }
    }

    /// Reads a command line with the same declarations; the error says what was wrong and what
    /// was expected.
    public init(arguments: [String]) throws(WorkerRequestError) {
        guard let command = arguments.first else { throw WorkerRequestError("expected 'list', 'build', 'run NAME' or 'serve NAME'") }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "list", "build":
            guard rest.isEmpty else { throw WorkerRequestError("'\(command)' takes no arguments, got '\(rest.joined(separator: " "))'") }
            self = command == "list" ? .list : .build
        case "serve" where rest.isEmpty:
            self = .servesBlocks
        case "run":
            let words = RunWords()
            try Self.read(words, rest, command)
            self = .run(Run(name: words.name[0], pass: words.pass, profile: words.profile, threads: words.threads, iterations: words.iterations))
        case "serve":
            let words = ServeWords()
            try Self.read(words, rest, command)
            self = .serve(Serve(name: words.name[0], profile: words.profile, threads: words.threads, cpu: words.cpu, spread: words.spread))
        default:
            throw WorkerRequestError("unknown command '\(command)'; expected 'list', 'build', 'run' or 'serve'")
        }
    }

    /// Parses `rest` into `words`: a benchmark's name first, then its options.
    private static func read(_ words: some ParsableArguments & NamedWords, _ rest: [String], _ command: String) throws(WorkerRequestError) {
        guard let first = rest.first, !first.hasPrefix("--") else { throw WorkerRequestError("'\(command)' needs a benchmark name") }
        do { try words.parse(rest, command: command) } catch { throw WorkerRequestError(error.message) }
    }
}

/// The words of a request that names a benchmark.
protocol NamedWords { var name: [String] { get } }

/// `run NAME [OPTIONS]`: one pass over one benchmark, declared once for the driver that writes
/// it and the worker that reads it.
struct RunWords: ParsableArguments, NamedWords {
    @Positionals("NAME", maximum: 1) var name: [String]
    @Option("--pass", "P", .cases, default: WorkerRequest.Pass.timing, help: "the pass") var pass: WorkerRequest.Pass
    @Option("--profile", "P", .choice(MeasurementProfile.all.map(\.name)), help: "the measurement profile (quick)") var profile: String?
    @Option("--threads", "N", .whole(1...Int.max), help: "threads (every CPU)") var threads: Int?
    @Option("--iterations", "K", .whole(1...Int.max), help: "iterations of the instructions pass") var iterations: Int?
}

/// `serve NAME [OPTIONS]`: blocks of one benchmark measured on request.
struct ServeWords: ParsableArguments, NamedWords {
    @Positionals("NAME", maximum: 1) var name: [String]
    @Option("--profile", "P", .choice(MeasurementProfile.all.map(\.name)), help: "the measurement profile (quick)") var profile: String?
    @Option("--threads", "N", .whole(1...Int.max), help: "threads (every CPU)") var threads: Int?
    @Option("--cpu", "C", .whole(0...Int.max), help: "the CPU the worker pins itself to") var cpu: Int?
    @Flag("--spread", help: "the measuring thread on CPU 0, its helpers on the others") var spread: Bool

    func validate() throws(CommandLineError) {
        if cpu != nil, spread { throw CommandLineError.excludes($cpu, $spread, because: "place the threads two ways") }
    }
}

/// A worker command line that is not a `WorkerRequest`.
public struct WorkerRequestError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// One request of the block conversation with a serving worker (`WorkerServe`), one line each.
public enum BlockRequest: Hashable, Sendable {
    /// Measure for this many seconds (0 < s < 60).
    case block(seconds: Double)
    /// Report the load over the blocks and exit.
    case done

    public var line: String {
        switch self {
        case let .block(seconds): return String(format: "block %g", seconds)
        case .done: return "done"
        }
    }

    public init(line: String) throws(WorkerRequestError) {
        let words = line.split(separator: " ")
        switch words.first {
        case "block":
            guard words.count == 2, let seconds = Double(words[1]), seconds > 0, seconds < 60 else {
                throw WorkerRequestError("'block' needs a duration in seconds (0 < s < 60), got '\(line)'")
            }
            self = .block(seconds: seconds)
        case "done" where words.count == 1:
            self = .done
        default:
            throw WorkerRequestError("unknown request '\(line)'; expected 'block S' or 'done'")
        }
    }
}
