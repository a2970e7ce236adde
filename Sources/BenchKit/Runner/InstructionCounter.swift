import Foundation
import HarnessSupport

/// Counts the instructions a one-thread benchmark retires per iteration, by running its worker's
/// `instructions` pass under valgrind's callgrind with collection switched on only inside the
/// measured region (`--collect-atstart=no --toggle-collect=…`). The count is a property of the
/// code and its inputs, not of the machine's mood: two runs of one build agree exactly, so a
/// comparison needs no statistics, and a history of them shows a step the night it happens.
///
/// Swift's hashing is seeded per process; the pass sets `SWIFT_DETERMINISTIC_HASHING` so that a
/// dictionary's layout, and the instructions spent probing it, do not change from run to run.
public struct InstructionCounter: Sendable {
    public var worker: URL
    public var environment: [String: String]
    /// Seconds for one benchmark under callgrind (which runs code some 50 times slower).
    public var timeout: Double
    public var iterations = 8

    public init(worker: URL, environment: [String: String], timeout: Double) {
        (self.worker, self.environment, self.timeout) = (worker, environment, timeout)
    }

    /// valgrind's path, or nil when it is not installed.
    public static var valgrind: URL? { Symboliser.tool("valgrind") }

    public func count(_ name: String) -> InstructionSummary {
        switch callgrind(name) {
        case let .success(text):
            guard let total = Self.total(callgrindOutput: text) else {
                return InstructionSummary(perIteration: nil, iterations: iterations, unavailable: "callgrind wrote no instruction total")
            }
            guard total > 0 else {
                return InstructionSummary(
                    perIteration: nil, iterations: iterations,
                    unavailable: "callgrind counted nothing in the measured region (was it inlined away?)")
            }
            return InstructionSummary(perIteration: Double(total) / Double(iterations), iterations: iterations, unavailable: nil)
        case let .failure(reason):
            return InstructionSummary(perIteration: nil, iterations: iterations, unavailable: reason.description)
        }
    }

    /// The `instructions` pass of benchmark `name` under callgrind, on one thread: the output
    /// file's text, or why there is none. `cacheSimulation` adds callgrind's simulated cache
    /// events (`--cache-sim=yes`) to the instructions.
    func callgrind(_ name: String, cacheSimulation: Bool = false) -> Result<String, CallgrindUnavailable> {
        guard let valgrind = Self.valgrind else { return .failure(CallgrindUnavailable("valgrind is not installed")) }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-callgrind-\(getpid())-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: output) }
        var environment = self.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        environment["LD_PRELOAD"] = nil
        let arguments =
            [
                "--tool=callgrind", "--callgrind-out-file=\(output.path)", "--collect-atstart=no",
                "--toggle-collect=*motionbench_measured_region*",
            ] + (cacheSimulation ? ["--cache-sim=yes"] : []) + [(Self.withoutDebugInformation(worker) ?? worker).path]
            + WorkerRequest.run(.init(name: name, pass: .instructions, threads: 1, iterations: iterations)).arguments
        switch WorkerProcess(executable: valgrind, arguments: arguments, environment: environment, timeout: timeout).run() {
        case .finished:
            guard let text = try? String(contentsOf: output, encoding: .utf8) else { return .failure(CallgrindUnavailable("callgrind wrote no output file")) }
            return .success(text)
        case let .failed(status, _, stderr):
            return .failure(CallgrindUnavailable("valgrind exited with \(status): \(Self.lastLine(stderr))"))
        case let .crashed(signal, stderr, _):
            return .failure(CallgrindUnavailable("valgrind stopped with signal \(signal): \(Self.lastLine(stderr))"))
        case let .timedOut(seconds):
            return .failure(CallgrindUnavailable("timed out after \(Int(seconds)) s under callgrind"))
        case let .couldNotStart(message):
            return .failure(CallgrindUnavailable(message))
        }
    }

    /// Benchmark `name`'s callgrind profile, per function (`CallgrindProfile`).
    public func profile(_ name: String, cacheSimulation: Bool = false) -> Result<CallgrindProfile, CallgrindUnavailable> {
        callgrind(name, cacheSimulation: cacheSimulation).flatMap { text in
            do { return .success(try CallgrindProfile(parsing: text)) } catch { return .failure(CallgrindUnavailable("\(error)")) }
        }
    }

    /// The `totals:` (or, failing that, `summary:`) line of a callgrind output file: the events
    /// collected, the first of which is Ir, instructions retired.
    static func total(callgrindOutput text: String) -> UInt64? {
        var summary: UInt64?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("totals:") { return line.dropFirst(7).split(separator: " ").first.flatMap { UInt64($0) } }
            if line.hasPrefix("summary:") { summary = line.dropFirst(8).split(separator: " ").first.flatMap { UInt64($0) } }
        }
        return summary
    }

    /// A copy of the worker without its DWARF sections (symbols kept, so the region is still found
    /// by name): valgrind 3.19, Debian 12's, gives up on the DWARF 5 the Swift toolchain writes.
    /// Made once per build of the worker, in the temporary directory, and touched at each use;
    /// making one removes the copies no run has used for an hour, so that rebuilt workers do not
    /// fill the folder. Nil without `objcopy`.
    static func withoutDebugInformation(_ worker: URL) -> URL? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: worker.path),
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970,
            let size = attributes[.size] as? Int
        else { return nil }
        let copy = FileManager.default.temporaryDirectory
            .appendingPathComponent("motionbench-\(worker.lastPathComponent)-\(size)-\(Int(modified * 1000))-nodebug")
        if FileManager.default.isExecutableFile(atPath: copy.path) {
            // Marks it used, so that another run's pruning leaves it.
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: copy.path)
            return copy
        }
        removeUnusedCopies(olderThan: 3600)
        let partial = copy.appendingPathExtension("\(getpid())")
        guard
            case .finished = WorkerProcess(
                executable: URL(fileURLWithPath: "/usr/bin/env"),
                arguments: ["objcopy", "--strip-debug", worker.path, partial.path], timeout: 120
            ).run()
        else {
            try? FileManager.default.removeItem(at: partial)
            return nil
        }
        // Renamed into place whole, so a concurrent run never runs half a file.
        guard rename(partial.path, copy.path) == 0 else {
            try? FileManager.default.removeItem(at: partial)
            return nil
        }
        return copy
    }

    /// The copies `withoutDebugInformation` made (and partial ones a stopped run left) that have
    /// not been used for `seconds`. A run that is executing one keeps it: the file system removes
    /// a running program's file only when it exits.
    static func removeUnusedCopies(olderThan seconds: TimeInterval) {
        let folder = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let cutoff = Date().addingTimeInterval(-seconds)
        for name in names where name.hasPrefix("motionbench-") && name.contains("-nodebug") {
            let path = folder.appendingPathComponent(name).path
            guard let used = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date, used < cutoff else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    static func lastLine(_ text: String) -> String {
        text.split(separator: "\n").last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }).map(String.init) ?? "no message"
    }
}

/// Why callgrind gave no count or profile.
public struct CallgrindUnavailable: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
