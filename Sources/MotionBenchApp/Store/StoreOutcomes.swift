import BenchStore

/// A store as the application names it: where it is (a server's password never shown) and what
/// it runs on.
package struct StoreName: Sendable, Equatable, CustomStringConvertible {
    /// The file, or the server's URL without its password.
    package var description: String
    /// `sqlite` or `postgresql`.
    package var kind: String

    init(_ location: StoreLocation) { (description, kind) = (location.redacted, location.kind.rawValue) }
}

/// A job of the fleet's queue: what it measures and where it stands.
package struct QueuedJob: Sendable, Equatable {
    package enum State: String, Sendable, CaseIterable { case queued, running, done, failed }

    package var id: Int64
    /// The commit it measures, its benchmarks (a pattern) and its measurement profile.
    package var revision: String
    package var filter: String
    package var profile: String
    package var state: State
    /// The collector that holds or held it, and why it failed, if it did.
    package var claimedBy: String?
    package var error: String?

    init(_ job: BenchmarkJob, state: State, claimedBy: String? = nil, error: String? = nil) {
        (id, revision, filter, profile) = (job.id, job.revision, job.filter, job.profile)
        (self.state, self.claimedBy, self.error) = (state, claimedBy, error)
    }

    init(_ record: JobRecord) {
        // The queue's states are these four; a store that knew another would not have opened.
        self.init(record.job, state: State(rawValue: record.state.rawValue)!, claimedBy: record.claimedBy, error: record.error)
    }
}

/// A machine the store holds history of.
package struct MachineInStore: Sendable, Equatable {
    package var name: String
    /// Its build series and processor.
    package var seriesKey: String
    package var cpu: String
    /// Its history runs, and the newest one's start.
    package var runs: Int
    package var newest: String?

    init(_ machine: StoredMachine) {
        (name, seriesKey, cpu, runs, newest) = (machine.name, machine.seriesKey, machine.cpu, machine.historyRuns, machine.newest)
    }
}

/// What an import stored: history runs and comparisons new to the store, those it already had,
/// and the files that could not be read (named, skipped).
package struct ImportSummary: Sendable, Equatable {
    package var runs: Int
    package var comparisons: Int
    package var alreadyStored: Int
    package var problems: [String]

    init(_ outcome: ImportOutcome) {
        (runs, comparisons, alreadyStored, problems) = (outcome.runs, outcome.comparisons, outcome.alreadyStored, outcome.problems)
    }
}
