import BenchKitWorker
import Foundation
import HarnessSupport

extension BuildSource {
    /// What the checkout in `folder` is now: its commit, whether tracked files differ from it,
    /// and its top folder; nil fields where `folder` is not in a git work tree.
    public static func checkout(at folder: String) -> BuildSource {
        func git(_ arguments: [String]) -> String? {
            runCommand("git", ["--no-optional-locks", "-C", folder] + arguments, timeout: 60)?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let revision = git(["rev-parse", "--verify", "--quiet", "HEAD"]), revision.count == 40 else {
            return BuildSource(revision: nil, dirty: nil, repository: nil)
        }
        let status = git(["status", "--porcelain", "--untracked-files=no"])
        return BuildSource(revision: revision, dirty: status.map { !$0.isEmpty }, repository: git(["rev-parse", "--show-toplevel"]))
    }

    /// Why this build may not be measured as its checkout: the checkout it was built in has
    /// moved to another commit since. Nil when it has not, or when either side is unknown (a
    /// build made outside git, or whose folder is gone: it is filed under its own revision).
    public func staleness() -> StaleBuild? {
        guard let revision, let repository, FileManager.default.fileExists(atPath: repository) else { return nil }
        let now = Self.checkout(at: repository)
        guard let current = now.revision, current != revision else { return nil }
        return StaleBuild(built: self, checkout: now)
    }
}

/// A binary built from one commit, asked to measure a checkout now at another: what `run`,
/// `nightly`, `main` and `calibrate` refuse, with the command that rebuilds it.
public struct StaleBuild: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the binary was built from, and what its checkout is now.
    public var built: BuildSource
    public var checkout: BuildSource
    /// The binary, for the message; set by whoever found it stale.
    public var what = "this build"
    /// The commands that rebuild it, any one of them (each shown in its own backticks).
    public var rebuild: [String] = []

    public init(built: BuildSource, checkout: BuildSource) {
        (self.built, self.checkout) = (built, checkout)
    }

    public var description: String {
        "\(what) was built from \(built.short), but its checkout \(built.repository ?? "") is now at \(checkout.short): "
            + "its results would be filed under a commit that did not make them, so nothing was measured; rebuild"
            + (rebuild.isEmpty ? "" : " (" + rebuild.map { "`\($0)`" }.joined(separator: " or ") + ")") + " and run again"
    }
}
