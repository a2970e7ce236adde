import Foundation

/// What a driver asks of a benchmark worker process, in one vocabulary: the driver writes a
/// request as the worker's command line (`arguments`) and every worker — `BenchmarkWorker`, the
/// workload worker of an engine in another process — reads it back with `init(arguments:)`.
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

    /// The worker's command line for this request.
    public var arguments: [String] {
        func common(_ profile: String?, _ threads: Int?) -> [String] {
            (profile.map { ["--profile", $0] } ?? []) + (threads.map { ["--threads", "\($0)"] } ?? [])
        }
        switch self {
        case .list: return ["list"]
        case .build: return ["build"]
        case .servesBlocks: return ["serve"]
        case let .run(run):
            return ["run", run.name, "--pass", run.pass.rawValue] + common(run.profile, run.threads) + (run.iterations.map { ["--iterations", "\($0)"] } ?? [])
        case let .serve(serve):
            return ["serve", serve.name] + common(serve.profile, serve.threads) + (serve.cpu.map { ["--cpu", "\($0)"] } ?? [])
                + (serve.spread ? ["--spread"] : [])
        }
    }

    /// Reads a command line; the error says what was wrong and what was expected.
    public init(arguments: [String]) throws(WorkerRequestError) {
        guard let command = arguments.first else { throw WorkerRequestError("expected 'list', 'build', 'run NAME' or 'serve NAME'") }
        switch command {
        case "list", "build":
            guard arguments.count == 1 else {
                throw WorkerRequestError("'\(command)' takes no arguments, got '\(arguments.dropFirst().joined(separator: " "))'")
            }
            self = command == "list" ? .list : .build
        case "serve" where arguments.count == 1:
            self = .servesBlocks
        case "run", "serve":
            guard arguments.count >= 2, !arguments[1].hasPrefix("--") else { throw WorkerRequestError("'\(command)' needs a benchmark name") }
            var pass: Pass?, profile: String?, threads: Int?, iterations: Int?, cpu: Int?, spread = false
            var rest = arguments.dropFirst(2)
            while let option = rest.popFirst() {
                if option == "--spread", command == "serve" {
                    spread = true
                    continue
                }
                let allowed = command == "run" ? ["--pass", "--profile", "--threads", "--iterations"] : ["--profile", "--threads", "--cpu"]
                guard allowed.contains(option) else {
                    throw WorkerRequestError(
                        "unknown option '\(option)' for '\(command)'; expected \(allowed.joined(separator: ", "))\(command == "serve" ? " or --spread" : "")")
                }
                guard let value = rest.popFirst() else { throw WorkerRequestError("\(option) needs a value") }
                switch option {
                case "--pass":
                    guard let p = Pass(rawValue: value) else { throw WorkerRequestError("unknown pass '\(value)'; expected timing, counting or instructions") }
                    pass = p
                case "--profile":
                    guard MeasurementProfile.named(value) != nil else { throw WorkerRequestError("unknown profile '\(value)'") }
                    profile = value
                case "--threads": threads = try Self.positive(option, value)
                case "--iterations": iterations = try Self.positive(option, value)
                default:
                    guard let n = Int(value), n >= 0 else { throw WorkerRequestError("--cpu needs a CPU number, got '\(value)'") }
                    cpu = n
                }
            }
            if command == "serve" {
                guard cpu == nil || !spread else { throw WorkerRequestError("--cpu and --spread exclude each other") }
                self = .serve(Serve(name: arguments[1], profile: profile, threads: threads, cpu: cpu, spread: spread))
            } else {
                self = .run(Run(name: arguments[1], pass: pass ?? .timing, profile: profile, threads: threads, iterations: iterations))
            }
        default:
            throw WorkerRequestError("unknown command '\(command)'; expected 'list', 'build', 'run' or 'serve'")
        }
    }

    private static func positive(_ option: String, _ value: String) throws(WorkerRequestError) -> Int {
        guard let n = Int(value), n > 0 else { throw WorkerRequestError("\(option) needs a positive integer, got '\(value)'") }
        return n
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
