/// What a person running the harness can change to get past an error or a stopped fixture, in the
/// harness's own terms. Libraries say which remedy applies; each front end says how to apply it
/// (the command line by its options and commands), so no library names a flag.
public enum Remedy: String, Sendable, CaseIterable {
    /// Write reports or results to a folder this user can write to, on a writable file system.
    case writableFolder = "writable-folder"
    /// Bring the store's schema up to this tool's version before writing to it.
    case migrateStore = "migrate-store"
    /// Play an engine written before the protocol's handshake in the legacy mode.
    case legacyEngine = "legacy-engine"
    /// Give each fixture a longer time budget.
    case longerFixtureTime = "longer-fixture-time"
    /// Give each fixture a larger memory budget.
    case moreFixtureMemory = "more-fixture-memory"
    /// Name another machine of the store (the results asked for belong to one).
    case otherMachine = "other-machine"
    /// Calibrate this machine (its calibration is missing, unreadable or another machine's).
    case calibrateHere = "calibrate-here"
    /// Store the result files a store does not hold yet.
    case importResults = "import-results"
    /// Measure first: there is nothing yet to report.
    case measureFirst = "measure-first"
    /// See every benchmark's name (a filter matched none).
    case listBenchmarks = "list-benchmarks"
}

/// An error that may name the remedy for it.
public protocol RemediableError: Error {
    /// The change that gets past this error; nil when no setting does.
    var remedy: Remedy? { get }
}
