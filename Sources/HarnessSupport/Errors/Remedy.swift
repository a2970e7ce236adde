/// What a person running the harness can change to get past an error or a stopped fixture, in the
/// harness's own terms. Libraries say which remedy applies; each front end says how to apply it
/// (the command line by its options and commands), so no library names a flag.
public enum Remedy: Sendable, CaseIterable {
    /// Write reports or results to a folder this user can write to, on a writable file system.
    case writableFolder
    /// Bring the store's schema up to this tool's version before writing to it.
    case migrateStore
    /// Play an engine written before the protocol's handshake in the legacy mode.
    case legacyEngine
    /// Give each fixture a longer time budget.
    case longerFixtureTime
    /// Give each fixture a larger memory budget.
    case moreFixtureMemory
    /// Name another machine of the store (the results asked for belong to one).
    case otherMachine
    /// Calibrate this machine (its calibration is missing, unreadable or another machine's).
    case calibrateHere
    /// Store the result files a store does not hold yet.
    case importResults
    /// Name a store that exists (a path that names none is taken for a mistake).
    case existingStore
    /// Measure first: there is nothing yet to report.
    case measureFirst
    /// See every benchmark's name (a filter matched none).
    case listBenchmarks
}

/// An error that may name the remedy for it.
public protocol RemediableError: Error {
    /// The change that gets past this error; nil when no setting does.
    var remedy: Remedy? { get }
}
