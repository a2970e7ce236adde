import Foundation

/// The commit a build was made from, as the build itself recorded it: the `BuildStamp` plugin
/// asks git at every `swift build` and compiles the answer into the target (`buildSource`), so a
/// binary names its own revision whatever the checkout has become since.
///
/// A run is filed under its build's revision (`EnvironmentFingerprint.revision`); a build whose
/// checkout has moved on is refused before anything is measured (`staleness()`), so a result is
/// never stored under a commit that did not make it.
public struct BuildSource: Codable, Hashable, Sendable {
    /// The commit (40 hex digits); nil when the build was made outside a git checkout.
    public var revision: String?
    /// Whether tracked files differed from the commit when it was built.
    public var dirty: Bool?
    /// The work tree's top folder at build time, where the checkout is looked at again.
    public var repository: String?

    public init(revision: String?, dirty: Bool?, repository: String?) {
        (self.revision, self.dirty, self.repository) = (revision, dirty, repository)
    }

    /// `abcdef1234` or `abcdef1234 (dirty)`; "unknown" without a revision.
    public var short: String {
        guard let revision else { return "unknown" }
        return String(revision.prefix(10)) + (dirty == true ? " (dirty)" : "")
    }
}
