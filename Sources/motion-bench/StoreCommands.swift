import BenchKit
import BenchStore
import Foundation
import MotionBenchApp

/// `db`, `enqueue` and `collector`: the store and the fleet's queue.
enum StoreCommands {
    static func db(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("db"))
        let reports = URL(fileURLWithPath: arguments.string("--reports"))
        let choice = StoreChoice(arguments)
        let location = choice.location(reports: reports)
        switch arguments.positional.first {
        case "migrate":
            guard arguments.positional.count == 1 else { throw UsageError("'db migrate' takes no argument", command: "db") }
            let store = try app.openStore(choice, reports: reports, migration: .never, allowOlder: true)
            let (from, to) = try scrubbed(location) { try store.migrate() }
            print(
                from == to
                    ? "db: \(location.redacted) is at schema version \(to), this tool's"
                    : "db: \(location.redacted) migrated from schema version \(from) to \(to)")
            return 0
        case "import":
            let folder = arguments.positional.count > 1 ? URL(fileURLWithPath: arguments.positional[1]) : reports
            guard FileManager.default.fileExists(atPath: folder.path) else { throw ToolError("\(folder.path) does not exist: nothing to import") }
            // What there is to import: a folder without any is a mistyped one, not an empty success.
            let records = HistoryStore(root: folder.appendingPathComponent("history")).files().count
            let comparisons = ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("revisions").path)) ?? []).filter {
                $0.hasSuffix(".json")
            }.count
            guard records + comparisons > 0 else {
                throw ToolError(
                    "\(folder.path) holds no history record (history/MACHINE/*.json) and no revision comparison (revisions/*.json): nothing to import")
            }
            // The store of the folder given, unless another is named.
            let target = arguments.given("--reports") ? reports : folder
            let location = choice.location(reports: target)
            let store = try app.openStore(choice, reports: target)
            let outcome = try scrubbed(location) { try store.importReports(folder, machine: choice.machineName) }
            for problem in outcome.problems { writeToStandardError("warning: \(problem)\n") }
            print(
                "db: \(outcome.runs) run\(outcome.runs == 1 ? "" : "s") and \(outcome.comparisons) comparison\(outcome.comparisons == 1 ? "" : "s") stored in \(location.redacted), \(outcome.alreadyStored) already there"
                    + (outcome.problems.isEmpty ? "" : ", \(outcome.problems.count) file\(outcome.problems.count == 1 ? "" : "s") unreadable"))
            return outcome.problems.isEmpty ? 0 : 1
        case "status":
            guard arguments.positional.count == 1 else { throw UsageError("'db status' takes no argument", command: "db") }
            let store = try app.openStore(choice, reports: reports, migration: .never, allowOlder: true)
            let version = try scrubbed(location) { try store.version() }
            print("db: \(location.redacted) (\(location.kind.rawValue)), schema version \(version) (this tool: \(Schema.version))")
            guard version == Schema.version else { return 0 }
            for (table, rows) in try scrubbed(location, { try store.counts() }) { print("  \(table): \(rows)") }
            for machine in try scrubbed(location, { try store.machines() }) {
                print("  machine \(machine.name) (\(machine.seriesKey), \(machine.cpu)): \(machine.historyRuns) runs, newest \(machine.newest ?? "—")")
            }
            for job in try scrubbed(location, { try store.jobs() }) {
                print(
                    "  job \(job.job.id): \(job.job.revision.prefix(10)) \(job.job.filter) (\(job.job.profile)) \(job.state.rawValue)"
                        + (job.claimedBy.map { " by \($0)" } ?? "") + (job.error.map { ": \($0)" } ?? ""))
            }
            return 0
        default:
            throw UsageError("db needs migrate, import [DIR] or status", command: "db")
        }
    }

    static func enqueue(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("enqueue"))
        var request = EnqueueRequest()
        (request.store, request.reports, request.repository) = places(arguments)
        request.revisions = arguments.positional
        request.filter = try arguments.pattern("--filter") ?? request.filter
        request.profile = arguments.value("--profile") ?? request.profile
        request.build = .init(
            packagePath: arguments.value("--package-path"), workerProduct: arguments.string("--worker-product"),
            configuration: arguments.string("--configuration"))
        for job in try app.enqueue(request) { print("enqueue: job \(job.id): \(job.revision.prefix(10)) \(job.filter) (\(job.profile))") }
        return 0
    }

    static func collector(_ raw: [String]) throws -> Int32 {
        let arguments = try Arguments(raw, spec: .named("collector"))
        var request = CollectorRequest()
        (request.store, request.reports, request.repository) = places(arguments)
        request.heartbeat = try arguments.seconds("--heartbeat") ?? request.heartbeat
        request.staleAfter = try arguments.seconds("--stale-after") ?? request.staleAfter
        request.poll = try arguments.seconds("--poll") ?? request.poll
        request.maximumJobs = try arguments.int("--jobs")
        request.reconnectFor = try arguments.seconds("--reconnect-for") ?? request.reconnectFor
        // Its kind (a whole number ≥ 0) is checked by the parser; `int` would refuse 0.
        request.linger = arguments.value("--linger").flatMap(Double.init) ?? request.linger
        guard request.staleAfter > request.heartbeat else {
            throw UsageError("--stale-after (\(request.staleAfter) s) must be longer than --heartbeat (\(request.heartbeat) s)", command: "collector")
        }
        let outcome = try app.collect(request)
        for done in outcome.jobs {
            let what =
                done.failure.map { "failed: \($0)" } ?? done.runID.map { "stored as run \($0)" } ?? done.comparisonID.map { "stored as comparison \($0)" }
                ?? "handed to another collector; not stored"
            print("collector \(outcome.collector): job \(done.job.id) (\(done.job.revision.prefix(10))) \(what)")
        }
        print("collector \(outcome.collector): \(outcome.jobs.count) job\(outcome.jobs.count == 1 ? "" : "s"), exit \(outcome.exitCode)")
        return outcome.exitCode
    }

    /// The store, the reports folder and the repository a fleet command names.
    static func places(_ arguments: Arguments) -> (StoreChoice, URL, URL) {
        (
            StoreChoice(arguments), URL(fileURLWithPath: arguments.string("--reports")),
            URL(fileURLWithPath: arguments.string("--repository"))
        )
    }

    /// A store's error as the tool's, its password scrubbed.
    static func scrubbed<T>(_ location: StoreLocation, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as StoreError { throw ToolError(location.scrub(error.description)) }
    }
}

extension StoreChoice {
    init(_ arguments: Arguments) {
        self.init(database: arguments.value("--database"), machine: arguments.value("--machine"))
    }
}

extension Arguments {
    /// A positive number of seconds.
    func seconds(_ option: String) throws -> Double? {
        guard let value = try double(option) else { return nil }
        guard value > 0 else { throw UsageError("\(option) needs a positive number of seconds, got '\(self.value(option) ?? "")'") }
        return value
    }
}
