import BenchKit
import Foundation
import HarnessSupport
import MotionBenchApp

/// `motion-bench db migrate`: the store's schema brought up to this tool's version.
struct DatabaseMigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "db migrate", summary: "Bring the store's schema up to this tool's version.",
        exits: [.init(0, "the store is at this tool's version"), .init(1, "the store could not be opened or migrated")], remedies: [.migrateStore])

    var reports = ReportsOption()
    var store = StoreOptions()

    func run() throws -> Int32 {
        let outcome = try app.database(.migrate, store: store.choice, reports: reports.url, reportsGiven: reports.isGiven)
        if case let .migrated(store, from, to) = outcome {
            print(from == to ? "db: \(store) is at schema version \(to), this tool's" : "db: \(store) migrated from schema version \(from) to \(to)")
        }
        return outcome.exitCode
    }
}

/// `motion-bench db import [DIR]`: result files stored in the store.
struct DatabaseImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "db import",
        summary: """
            Store the history records and revision comparisons under DIR (reports) that the store lacks, idempotently; the
            store is DIR's unless --database names another.
            """,
        exits: [.init(0, "done"), .init(1, "a file could not be read, or the folder holds nothing to import")], remedies: [.importResults])

    @Positionals("[DIR]", maximum: 1) var folder: [String]
    var reports = ReportsOption()
    var store = StoreOptions()

    func run() throws -> Int32 {
        let request = DatabaseRequest.importReports(folder.first.map { URL(fileURLWithPath: $0) })
        let outcome = try app.database(request, store: store.choice, reports: reports.url, reportsGiven: reports.isGiven)
        if case let .imported(store, summary) = outcome {
            for problem in summary.problems { writeToStandardError("warning: \(problem)\n") }
            print(
                "db: \(summary.runs) run\(summary.runs == 1 ? "" : "s") and \(summary.comparisons) comparison\(summary.comparisons == 1 ? "" : "s") stored in \(store), \(summary.alreadyStored) already there"
                    + (summary.problems.isEmpty ? "" : ", \(summary.problems.count) file\(summary.problems.count == 1 ? "" : "s") unreadable"))
        }
        return outcome.exitCode
    }
}

/// `motion-bench db status`: the store's version, rows, machines and jobs.
struct DatabaseStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "db status", summary: "Print the store's schema version, its tables' rows, its machines and its jobs.",
        exits: [.init(0, "printed"), .init(1, "the store does not exist or could not be read")])

    var reports = ReportsOption()
    var store = StoreOptions()

    func run() throws -> Int32 {
        let outcome = try app.database(.status, store: store.choice, reports: reports.url, reportsGiven: reports.isGiven)
        if case let .status(store, version, tables, machines, jobs) = outcome {
            print("db: \(store) (\(store.kind)), schema version \(version) (this tool: \(DatabaseOutcome.schemaVersion))")
            for (table, rows) in tables { print("  \(table): \(rows)") }
            for machine in machines {
                print("  machine \(machine.name) (\(machine.seriesKey), \(machine.cpu)): \(machine.runs) runs, newest \(machine.newest ?? "—")")
            }
            for job in jobs {
                print(
                    "  job \(job.id): \(job.revision.prefix(10)) \(job.filter) (\(job.profile)) \(job.state.rawValue)"
                        + (job.claimedBy.map { " by \($0)" } ?? "") + (job.error.map { ": \($0)" } ?? ""))
            }
        }
        return outcome.exitCode
    }
}

/// `motion-bench enqueue REVISION…`: jobs for the fleet's collectors.
struct EnqueueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "enqueue",
        summary: """
            Add one job per revision to the store's queue, for the fleet's collectors (a shared PostgreSQL store): each
            names the package and worker to build in the revision's checkout, as compare-revisions does.
            """,
        exits: [.init(0, "every job added"), .init(1, "a revision git does not know (nothing is added) or a store that cannot be written")])

    @Positionals("REVISION…", maximum: 64, fills: RequestError.Field.revisions) var revisions: [String]
    @Option("--filter", "REGEX", .pattern, fills: RequestError.Field.filter, help: "the benchmarks each job measures (all)") var filter: String?
    @Option("--profile", "P", .choice(MeasurementProfile.all.map(\.name)), default: "standard", fills: RequestError.Field.profile, help: "the profile")
    var profile: String
    @Option("--repository", "DIR", default: ".", fills: RequestError.Field.repository, help: "the git repository the revisions are of") var repository: String
    var reports = ReportsOption()
    var build = BuildOptions()
    var store = StoreOptions()

    func validate() throws(CommandLineError) {
        if revisions.isEmpty { throw CommandLineError(.missingArgument, "enqueue needs at least one REVISION") }
    }

    func run() throws -> Int32 {
        var request = EnqueueRequest()
        (request.store, request.reports, request.repository) = (store.choice, reports.url, URL(fileURLWithPath: repository))
        request.revisions = revisions
        request.filter = filter ?? request.filter
        request.profile = profile
        request.measured = build.measured
        for job in try app.enqueue(request) { print("enqueue: job \(job.id): \(job.revision.prefix(10)) \(job.filter) (\(job.profile))") }
        return 0
    }
}

/// `motion-bench collector`: claims the queue's jobs and measures them.
struct CollectorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: CollectorRequest.command,
        summary: """
            Claim jobs from the store's queue one at a time, measure each (with this build when the job is this
            checkout's commit and this build was made from it, else built in a worktree) and store its run under this
            machine and the revision its worker was built from, until no job is queued or running. A job whose collector
            stops sending heartbeats is handed to another; a store that goes away is waited for. Exit 1 when a job failed.
            """,
        exits: [.init(0, "every job it claimed was measured"), .init(1, "a job failed")])

    @Option("--heartbeat", "S", .duration(), default: CollectorRequest().heartbeat, help: "seconds between heartbeats") var heartbeat: Double
    @Option(
        "--stale-after", "S", .duration(), default: CollectorRequest().staleAfter,
        help: "seconds without a heartbeat before a job is handed on; more than --heartbeat")
    var staleAfter: Double
    @Option("--poll", "S", .duration(), default: CollectorRequest().poll, help: "seconds between looks at the queue while others still run jobs")
    var poll: Double
    @Option("--jobs", "N", .whole(1...Int.max), help: "stop after N jobs") var jobs: Int?
    @Option(
        "--linger", "S", .whole(0...Int.max), default: Int(CollectorRequest().linger), help: "seconds to keep looking for new jobs once the queue is empty")
    var linger: Int
    @Option(
        "--reconnect-for", "S", .duration(), default: CollectorRequest().reconnectFor, help: "seconds to wait for a store that went away before giving up")
    var reconnectFor: Double
    @Option("--repository", "DIR", default: ".", fills: RequestError.Field.repository, help: "the git repository of the revisions") var repository: String
    var reports = ReportsOption()
    var store = StoreOptions()

    func validate() throws(CommandLineError) {
        guard staleAfter > heartbeat else {
            throw CommandLineError(
                .conflict, option: $staleAfter.name, "\($staleAfter.name) (\(staleAfter) s) must be longer than \($heartbeat.name) (\(heartbeat) s)")
        }
    }

    func run() throws -> Int32 {
        var request = CollectorRequest()
        (request.store, request.reports, request.repository) = (store.choice, reports.url, URL(fileURLWithPath: repository))
        (request.heartbeat, request.staleAfter, request.poll, request.maximumJobs) = (heartbeat, staleAfter, poll, jobs)
        (request.reconnectFor, request.linger) = (reconnectFor, Double(linger))
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
}
