import Foundation

/// The table held against the documents it is read from.
extension StatedValues {
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// A statement's words are not in the section it names.
        case notWritten(statement: String, place: Place)
        /// A default of a protocol `arguments (default)` table that no statement lists.
        case rowWithoutStatement(document: String, entry: TableEntry)
        /// A statement's table entry that no table row writes.
        case statementWithoutRow(statement: String, entry: TableEntry)
        /// Words that state a default or a limit (`phrase`) that no statement or `notStatements`
        /// entry claims.
        case unclaimed(document: String, phrase: String, excerpt: String)

        public var description: String {
            switch self {
            case let .notWritten(id, place): "\(id): \(place.document) “\(place.heading)” does not say “\(place.words)”"
            case let .rowWithoutStatement(document, entry):
                "\(document): row \(entry.row) gives `\(entry.argument)` the default \(entry.value), and no statement lists it"
            case let .statementWithoutRow(id, entry): "\(id): no table row \(entry.row) gives `\(entry.argument)` the default \(entry.value)"
            case let .unclaimed(document, phrase, excerpt): "\(document): “\(phrase)” in “…\(excerpt)…” is neither a statement nor named as none"
            }
        }
    }

    /// What a scan for defaults and limits looks for (lower case).
    public static let defaultPhrases = ["by default", "defaults to", "default to", "(default", "the default ", "the default)", "default)", "its default"]
    public static let limitPhrases = ["clamp", "at most", "at least", "floor", "horizon", "allowance", "threshold", "capped", "more than"]

    /// The problems of `statements` against `documents` (path → text).
    public static func problems(
        documents: [String: String], statements: [Statement] = statements, notStatements: [(place: Place, why: String)] = notStatements
    ) -> [Problem] {
        var problems: [Problem] = []
        let sections = documents.mapValues(MarkdownSections.init)
        for statement in statements {
            for place in statement.places where !(sections[place.document]?.section(place.heading)?.contains(place.words) ?? false) {
                problems.append(.notWritten(statement: statement.id, place: place))
            }
        }
        let written = Set(statements.compactMap(\.tableEntry))
        for (document, parsed) in sections.sorted(by: { $0.key < $1.key }) {
            let rows = parsed.defaultTableEntries()
            problems += rows.filter { !written.contains($0) }.map { .rowWithoutStatement(document: document, entry: $0) }
            if document == protocolDoc {
                problems += statements.compactMap { statement in
                    statement.tableEntry.flatMap { rows.contains($0) ? nil : .statementWithoutRow(statement: statement.id, entry: $0) }
                }
            }
            let claimed = (statements.flatMap(\.places) + notStatements.map(\.place)).filter { $0.document == document }.map(\.words)
            problems += parsed.unclaimed(defaultPhrases + limitPhrases, claimedBy: claimed).map {
                .unclaimed(document: document, phrase: $0.phrase, excerpt: $0.excerpt)
            }
        }
        return problems
    }
}

/// A Markdown document cut at its headings (outside code blocks), each section's text with its
/// whitespace folded to single spaces so that words wrapped over lines are found as written.
struct MarkdownSections {
    var headings: [(heading: String, level: Int, lines: Range<Int>)] = []
    var lines: [Substring]
    var folded: String

    init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var fenced = false
        var starts: [(String, Int, Int)] = []
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, line.hasPrefix("#") else { continue }
            let level = line.prefix { $0 == "#" }.count
            starts.append((String(line.dropFirst(level).drop { $0 == " " }), level, index))
        }
        for (position, start) in starts.enumerated() {
            let end = starts.dropFirst(position + 1).first { $0.1 <= start.1 }?.2 ?? lines.count
            headings.append((start.0, start.1, (start.2 + 1)..<end))
        }
        folded = Self.fold(lines[...])
    }

    static func fold(_ lines: ArraySlice<Substring>) -> String {
        lines.joined(separator: " ").split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// The folded text of the section headed `heading`, its subsections included.
    func section(_ heading: String) -> String? {
        headings.first { $0.heading == heading }.map { Self.fold(lines[$0.lines]) }
    }

    /// Each `` `argument` (default) `` of the rows of tables headed "arguments (default)", but
    /// those marked required.
    func defaultTableEntries() -> [StatedValues.TableEntry] {
        var entries: [StatedValues.TableEntry] = []
        var inTable = false
        for line in lines {
            guard line.hasPrefix("|") else {
                inTable = false
                continue
            }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.contains(where: { $0.hasPrefix("arguments (default)") }) {
                inTable = true
                continue
            }
            guard inTable, cells.count >= 2, !cells[0].hasPrefix("---") else { continue }
            var rest = Substring(cells[1])
            while let open = rest.firstIndex(of: "`") {
                let afterOpen = rest[rest.index(after: open)...]
                guard let close = afterOpen.firstIndex(of: "`") else { break }
                let name = String(afterOpen[..<close])
                rest = afterOpen[afterOpen.index(after: close)...]
                guard rest.hasPrefix(" ("), let end = rest.firstIndex(of: ")") else { continue }
                let value = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end])
                rest = rest[rest.index(after: end)...]
                if !value.hasPrefix("required") { entries.append(.init(row: cells[0], argument: name, value: value)) }
            }
        }
        return entries
    }

    /// Each occurrence of a phrase (compared in lower case) that lies in none of the `claimedBy`
    /// words, with some text around it.
    func unclaimed(_ phrases: [String], claimedBy words: [String]) -> [(phrase: String, excerpt: String)] {
        var claimed: [Range<String.Index>] = []
        for word in words {
            var from = folded.startIndex
            while let found = folded.range(of: word, range: from..<folded.endIndex) {
                claimed.append(found)
                from = folded.index(after: found.lowerBound)
            }
        }
        var out: [(String, String)] = []
        for phrase in phrases {
            var from = folded.startIndex
            while let found = folded.range(of: phrase, options: .caseInsensitive, range: from..<folded.endIndex) {
                from = found.upperBound
                if claimed.contains(where: { $0.lowerBound <= found.lowerBound && found.upperBound <= $0.upperBound }) { continue }
                let start = folded.index(found.lowerBound, offsetBy: -40, limitedBy: folded.startIndex) ?? folded.startIndex
                let end = folded.index(found.upperBound, offsetBy: 40, limitedBy: folded.endIndex) ?? folded.endIndex
                out.append((phrase, String(folded[start..<end])))
            }
        }
        return out
    }
}
