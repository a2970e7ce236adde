/// How the conformance verdicts of two revisions differ, as `compare-revisions` finds them.
///
/// A fixture present in both with another verdict is a *changed verdict*, and fails the
/// comparison (exit 1, unless a regression or worse already decides it). A fixture present in
/// one revision only — added or removed — is listed, never a changed verdict: adding a fixture
/// is how suites grow, and its first verdict has nothing to be compared with.
public struct ConformanceDelta: Codable, Sendable, Equatable {
    public struct VerdictChange: Codable, Sendable, Equatable {
        public var id: String
        public var before: String
        public var after: String
    }

    public struct FixtureVerdict: Codable, Sendable, Equatable {
        public var id: String
        public var verdict: String
    }

    public var changed: [VerdictChange] = []
    public var added: [FixtureVerdict] = []
    public var removed: [FixtureVerdict] = []
    /// Why the suites could not be run on a revision; a comparison that could not check them fails.
    public var failure: String? = nil

    public init(changed: [VerdictChange] = [], added: [FixtureVerdict] = [], removed: [FixtureVerdict] = [], failure: String? = nil) {
        self.changed = changed
        self.added = added
        self.removed = removed
        self.failure = failure
    }

    /// The delta between two maps of fixture id to verdict.
    public init(before: [String: String], after: [String: String]) {
        for id in Set(before.keys).union(after.keys).sorted() {
            switch (before[id], after[id]) {
            case let (x?, y?) where x != y: changed.append(VerdictChange(id: id, before: x, after: y))
            case let (nil, y?): added.append(FixtureVerdict(id: id, verdict: y))
            case let (x?, nil): removed.append(FixtureVerdict(id: id, verdict: x))
            default: break
            }
        }
    }

    /// Whether it fails a comparison: a changed verdict, or suites that could not be run.
    public var fails: Bool { !changed.isEmpty || failure != nil }

    /// Lines for a person: the changed verdicts, then what was added and removed.
    public var lines: [String] {
        var lines: [String] = []
        if let failure { lines.append("conformance: \(failure)") }
        if changed.isEmpty && failure == nil {
            lines.append("conformance: no fixture changed its verdict")
        } else if !changed.isEmpty {
            lines.append("conformance: \(changed.count) verdict\(changed.count == 1 ? "" : "s") changed:")
            lines += changed.map { "  \($0.id): \($0.before) → \($0.after)" }
        }
        if !added.isEmpty {
            lines.append("conformance: \(added.count) fixture\(added.count == 1 ? "" : "s") added in the candidate (listed, not a changed verdict):")
            lines += added.prefix(20).map { "  \($0.id): \($0.verdict)" } + (added.count > 20 ? ["  … and \(added.count - 20) more"] : [])
        }
        if !removed.isEmpty {
            lines.append("conformance: \(removed.count) fixture\(removed.count == 1 ? "" : "s") removed in the candidate:")
            lines += removed.prefix(20).map { "  \($0.id): \($0.verdict)" } + (removed.count > 20 ? ["  … and \(removed.count - 20) more"] : [])
        }
        return lines
    }
}
