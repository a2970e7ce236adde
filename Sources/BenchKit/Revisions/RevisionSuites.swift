import Foundation

/// What an application adds to a comparison of two revisions, which BenchKit itself does not
/// know: how a checkout's workers find their data, how an engine in another process is started
/// and measured, and what a revision's own test suites say. `RevisionComparison` asks; the
/// application that runs it answers (MotionBench's answers run its conformance suites).
public protocol RevisionSuites: Sendable {
    /// Variables for every worker of the checkout at `checkout`.
    func workerEnvironment(checkout: URL) -> [String: String]

    /// The worker that measures an engine in another process, for the checkout whose engine
    /// `engineCommand` starts (a `/bin/sh` command that runs in that checkout).
    func engineWorker(engineCommand: String) -> BenchmarkDriver.WorkerCommand

    /// Whether the checkout at `checkout` has suites of this application's at all: a comparison of
    /// revisions of another package (a worker of its own) has no conformance delta, not a failed one.
    func hasSuites(checkout: URL) -> Bool

    /// The verdict of every test of one revision's own suites, by test id; nil when they could
    /// not be run. `binaries`: the folder of the revision's build (nil for an engine in another
    /// process, started by `engineCommand`).
    func verdicts(checkout: URL, binaries: URL?, engineCommand: String?, timeout: Double) -> [String: String]?
}
