import Foundation
import MotionConformance

/// What one engine is expected to fail, kept in a file its developers edit by hand: fixtures or
/// single checks, each with a category, a reason and an optional link. With it, a conformance
/// run gates on *unexpected* results only (docs/protocol.md §6, "Expectation files").
///
///     # comments start with '#', on lines of their own
///     [curves/easeInOut-velocity]          # a fixture id in brackets
///     expected = fail                       # fail (the default) or error
///     check = velocity(at: 0.5)             # repeatable; none: the whole fixture
///     category = bug                        # bug or by-design
///     reason = our Bézier has no derivative
///     link = https://example.org/issues/123 # optional
///
///     [group: probe:clock:next-frame]       # a group: every failing check with one cause
///     category = by-design                  # (a diagnosis cause's id, or fixtures:PATTERN)
///     reason = we begin animations at the next frame
public struct Expectations: Sendable, Equatable {
    public enum Category: String, Sendable, CaseIterable {
        case bug
        case byDesign = "by-design"
    }

    public struct Entry: Sendable, Equatable {
        public var fixture: String
        /// `.fail` or `.error`.
        public var expected: FixtureResult.Verdict
        /// The checks expected to fail; empty: any check of the fixture.
        public var checks: [String]
        public var category: Category
        public var reason: String
        public var link: String?
        /// Comment lines written just above the entry, kept when the file is rewritten.
        public var comments: [String]
        /// For a group entry (`[group: …]`), what it covers; `fixture` is then its section text.
        public var group: Group? = nil

        public init(
            fixture: String, expected: FixtureResult.Verdict = .fail, checks: [String] = [], category: Category, reason: String,
            link: String? = nil, comments: [String] = []
        ) {
            self.fixture = fixture
            self.expected = expected
            self.checks = checks
            self.category = category
            self.reason = reason
            self.link = link
            self.comments = comments
        }
    }

    /// The comment lines at the top of the file, before the first entry.
    public var header: [String]
    public var entries: [Entry]

    public init(header: [String] = [], entries: [Entry] = []) {
        self.header = header
        self.entries = entries
    }

    /// The entry of one fixture (group entries aside).
    public func entry(for fixture: String) -> Entry? { entries.first { $0.group == nil && $0.fixture == fixture } }
}

/// A line of an expectation file that cannot be read: where, and what was expected.
public struct ExpectationsError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String { "\(file):\(line): \(message)" }
}

extension Expectations {
    static let keys = ["expected", "check", "category", "reason", "link"]

    /// Reads an expectation file; `file` names it in errors.
    public init(parsing text: String, file: String) throws(ExpectationsError) {
        var header: [String] = [], entries: [Entry] = [], pending: [String] = []
        var current: (entry: Entry, line: Int, seen: Set<String>)?
        var headerOpen = true
        func fail(_ line: Int, _ message: String) -> ExpectationsError { ExpectationsError(file: file, line: line, message: message) }
        func finish() throws(ExpectationsError) {
            guard let (entry, line, seen) = current else { return }
            for key in ["category", "reason"] where !seen.contains(key) {
                throw fail(line, "[\(entry.fixture)] has no `\(key) =` line; every entry needs a category (bug or by-design) and a reason")
            }
            if entries.contains(where: { $0.fixture == entry.fixture }) { throw fail(line, "[\(entry.fixture)] is listed twice") }
            if case .cause? = entry.group, entry.expected == .error {
                throw fail(line, "[\(entry.fixture)] expects an error, which has no checks to share a cause; a fixtures:PATTERN group can")
            }
            entries.append(entry)
            current = nil
        }
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            // The header is the comment block at the top, up to its first blank line; later
            // comments belong to the entry they stand above.
            if line.isEmpty {
                if !header.isEmpty { headerOpen = false }
                continue
            }
            if line.hasPrefix("#") {
                if headerOpen && current == nil && entries.isEmpty { header.append(line) } else { pending.append(line) }
                continue
            }
            headerOpen = false
            let content = Self.withoutComment(line)
            if content.hasPrefix("[") {
                guard content.hasSuffix("]"), content.count > 2 else {
                    throw fail(number, "a section is a fixture id in brackets, as `[curves/linear]`; got `\(content)`")
                }
                try finish()
                let id = String(content.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                current = (Entry(fixture: id, category: .bug, reason: "", comments: pending), number, [])
                if id.hasPrefix("group:") {
                    let text = id.dropFirst("group:".count).trimmingCharacters(in: .whitespaces)
                    guard let group = Group(text: text) else {
                        throw fail(
                            number,
                            "[group: \(text)] names no group; expected a diagnosis cause (change-time, rule:ID, capability:NAME, basis:NAME, "
                                + "probe:NAME) or fixtures:PATTERN")
                    }
                    current!.entry.fixture = "group: " + group.text
                    current!.entry.group = group
                }
                pending = []
                continue
            }
            guard let equals = content.firstIndex(of: "=") else {
                throw fail(number, "expected `[fixture id]`, `key = value` or a `#` comment; got `\(content)`")
            }
            let key = content[..<equals].trimmingCharacters(in: .whitespaces)
            let value = content[content.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard current != nil else { throw fail(number, "`\(key) =` comes before any `[fixture id]` section") }
            guard Self.keys.contains(key) else { throw fail(number, "unknown key `\(key)`; expected one of: \(Self.keys.joined(separator: ", "))") }
            guard key == "check" || !current!.seen.contains(key) else { throw fail(number, "`\(key)` is given twice for [\(current!.entry.fixture)]") }
            guard !value.isEmpty else { throw fail(number, "`\(key) =` has no value") }
            current!.seen.insert(key)
            switch key {
            case "expected":
                guard value == "fail" || value == "error" else { throw fail(number, "expected = \(value): expected `fail` or `error`") }
                current!.entry.expected = value == "fail" ? .fail : .error
            case "check":
                guard current!.entry.group == nil else { throw fail(number, "`check =` names a fixture's check; a group entry covers its checks itself") }
                current!.entry.checks.append(value)
            case "category":
                guard let category = Category(rawValue: value) else { throw fail(number, "category = \(value): expected `bug` or `by-design`") }
                current!.entry.category = category
            case "reason": current!.entry.reason = value
            default: current!.entry.link = value
            }
        }
        try finish()
        self.init(header: header, entries: entries)
    }

    /// A `key = value` line's content before a ` #` comment (a `#` inside a value, as in a URL's
    /// fragment, needs no space before it).
    static func withoutComment(_ line: String) -> String {
        guard let range = line.range(of: " #") else { return line }
        return line[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
    }

    /// The file's text: header, then the entries in fixture order, each with its comments.
    public func rendered() -> String {
        var lines = header
        // Groups first, as they cover most; then the fixtures in id order.
        for entry in entries.sorted(by: { ($0.group == nil ? 1 : 0, $0.fixture) < ($1.group == nil ? 1 : 0, $1.fixture) }) {
            if !lines.isEmpty { lines.append("") }
            lines += entry.comments
            lines.append("[\(entry.fixture)]")
            if entry.expected == .error { lines.append("expected = error") }
            lines += entry.checks.map { "check = \($0)" }
            lines.append("category = \(entry.category.rawValue)")
            lines.append("reason = \(entry.reason)")
            if let link = entry.link { lines.append("link = \(link)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
