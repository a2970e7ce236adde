import MotionConformance

extension Expectations {
    /// What a group entry (`[group: …]`) covers: the failing checks that have one cause of the
    /// diagnosis, or every check of the fixtures whose ids match a pattern.
    public enum Group: Sendable, Equatable {
        case cause(FailureCause)
        /// A fixture-id pattern in which `*` stands for any run of characters.
        case fixtures(String)

        /// As the section writes it: a cause's id, or `fixtures:PATTERN`.
        public var text: String {
            switch self {
            case let .cause(cause): return cause.id
            case let .fixtures(pattern): return "fixtures:" + pattern
            }
        }

        public init?(text: String) {
            if text.hasPrefix("fixtures:") {
                let pattern = String(text.dropFirst("fixtures:".count))
                guard !pattern.isEmpty else { return nil }
                self = .fixtures(pattern)
            } else if let cause = FailureCause(id: text) {
                self = .cause(cause)
            } else {
                return nil
            }
        }

        /// Whether the group covers a failing check of `result`.
        public func covers(_ check: CheckResult, in result: FixtureResult) -> Bool {
            switch self {
            case let .cause(cause): return FailureCause.causes(of: check, in: result).contains(cause)
            case .fixtures: return matches(result.id)
            }
        }

        /// Whether a fixture id matches a pattern group (never a cause group).
        public func matches(_ id: String) -> Bool {
            guard case let .fixtures(pattern) = self else { return false }
            return Self.glob(Substring(pattern), Substring(id))
        }

        static func glob(_ pattern: Substring, _ text: Substring) -> Bool {
            guard let star = pattern.firstIndex(of: "*") else { return pattern == text }
            let head = pattern[..<star], rest = pattern[pattern.index(after: star)...]
            guard text.hasPrefix(head) else { return false }
            var tail = text.dropFirst(head.count)
            while true {
                if glob(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
    }

    /// The group entries, in the file's order.
    public var groups: [Entry] { entries.filter { $0.group != nil } }

    /// The first group entry expecting `.fail` that covers a failing check.
    func group(covering check: CheckResult, in result: FixtureResult) -> Entry? {
        groups.first { $0.expected == .fail && $0.group!.covers(check, in: result) }
    }

    /// The first group entry expecting `.error` whose pattern matches an erring fixture.
    func group(expectingErrorOf id: String) -> Entry? {
        groups.first { $0.expected == .error && $0.group!.matches(id) }
    }

    /// Group entries proposed for failing fixtures no entry covers, from the causes their
    /// reduction found: one per cause, largest first, while it covers a failing check nothing
    /// else does, its reason `reason`, the cause and its smallest scenario.
    static func proposedCauses(_ uncovered: [FixtureResult], causes: Causes, reason: String) -> (groups: [Entry], left: [FixtureResult]) {
        var open = Dictionary(uniqueKeysWithValues: uncovered.map { result in (result.id, result.checks.filter { $0.outcome == .fail }.map(\.name)) })
        var groups: [Entry] = []
        for cause in causes.causes {
            let group = Group.cause(.reduced(cause.id))
            var covers = false
            for result in uncovered {
                let covered = result.checks.filter { $0.outcome == .fail && group.covers($0, in: result) }.map(\.name)
                guard !covered.isEmpty, open[result.id]?.contains(where: covered.contains) == true else { continue }
                open[result.id]?.removeAll { covered.contains($0) }
                covers = true
            }
            guard covers else { continue }
            let smallest = cause.smallest.map { "; smallest: " + $0.scenario + " — " + $0.check } ?? ""
            var entry = Entry(fixture: "group: " + group.text, category: .bug, reason: reason + ": " + cause.name + smallest)
            entry.group = group
            groups.append(entry)
        }
        return (groups, uncovered.filter { open[$0.id]?.isEmpty == false })
    }

    /// Group entries proposed for failing fixtures no entry covers: the diagnosis's probes,
    /// change-time and rule causes, each taken while it explains two fixtures or more that are
    /// left (largest first), with `reason` followed by what the cause likely means.
    static func proposedGroups(_ uncovered: [FixtureResult], reason: String) -> (groups: [Entry], left: [FixtureResult]) {
        var left = uncovered, groups: [Entry] = []
        func proposable(_ cause: FailureCause) -> Bool {
            switch cause {
            case .probe, .changeTime, .rule: return true
            case .capability, .basis, .reduced: return false
            }
        }
        while true {
            var explained: [FailureCause: [String]] = [:]
            for result in left {
                let failing = result.checks.filter { $0.outcome == .fail }
                let causes = failing.map { Set(FailureCause.causes(of: $0, in: result).filter(proposable)) }
                for cause in causes.reduce(causes.first ?? [], { $0.intersection($1) }) { explained[cause, default: []].append(result.id) }
            }
            guard let (cause, ids) = explained.filter({ $0.value.count >= 2 }).max(by: { ($0.value.count, $1.key) < ($1.value.count, $0.key) })
            else { break }
            var entry = Entry(fixture: "group: " + cause.id, category: .bug, reason: reason + ": " + cause.meaning.text + " (" + cause.meaning.section + ")")
            entry.group = .cause(cause)
            groups.append(entry)
            left.removeAll { ids.contains($0.id) }
        }
        return (groups, left)
    }
}
