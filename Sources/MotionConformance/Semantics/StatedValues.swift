import HarnessSupport

/// Every default and every limit docs/semantics.md and docs/protocol.md state, with where each is
/// written and the regions a suite should reach for it: a default left out and given; a limit at,
/// just inside and just outside (or, where a limit has no "at" a fixture can name, the regions it
/// has). `CoverageMap` counts the fixtures reaching each region, as it does for the rules.
///
/// The documents feed this table and a test holds the two together: every quotation is in the
/// section it names, every `arguments (default)` table row of the protocol has its statement, and
/// every sentence of the documents that states a default or a limit is claimed by a statement or
/// named in `notStatements` with why it is none.
public enum StatedValues {
    public enum Kind: String, Sendable { case `default`, limit, domain }

    /// Where a statement is written: a document, the heading of its section (as written, without
    /// the `#`s), and words of that section (whitespace as one space) that state it.
    public struct Place: Sendable, Equatable {
        public var document: String
        public var heading: String
        public var words: String
    }

    public struct Statement: Sendable {
        public var id: String
        public var kind: Kind
        public var title: String
        public var places: [Place]
        public var regions: [SemanticsMap.Region]
        /// Not a fixture's: what reaches it instead (the handshake's tests, the command line's).
        public var reachedElsewhere: String?
        /// For a default of a protocol table: the row (its first cell), the argument and the
        /// default as the row writes them.
        public var tableEntry: TableEntry?
    }

    public struct TableEntry: Sendable, Hashable {
        public var row: String
        public var argument: String
        public var value: String
    }

    static let protocolDoc = "docs/protocol.md"
    static let semanticsDoc = "docs/semantics.md"

    static func p(_ heading: String, _ words: String) -> Place { Place(document: protocolDoc, heading: heading, words: words) }
    static func s(_ heading: String, _ words: String) -> Place { Place(document: semanticsDoc, heading: heading, words: words) }

    /// The feature a region of statement `id` is reached by (`FixtureFeatures`).
    public static func feature(_ id: String, _ region: String) -> String { "stated:\(id):\(region)" }

    static func regions(_ id: String, _ names: [(String, String)]) -> [SemanticsMap.Region] {
        names.map { SemanticsMap.Region(name: $0.0, feature: feature(id, $0.1)) }
    }

    /// A default: the argument left out, and given.
    static func omission(_ id: String, _ title: String, _ places: [Place], table: TableEntry? = nil, elsewhere: String? = nil) -> Statement {
        Statement(
            id: id, kind: .default, title: title, places: places,
            regions: elsewhere == nil ? regions(id, [("left out", "omitted"), ("given", "given")]) : [], reachedElsewhere: elsewhere,
            tableEntry: table)
    }

    /// A limit: a value at it, just inside and just outside (`regions` where it has others).
    static func bound(_ id: String, _ title: String, _ places: [Place], regions names: [(String, String)]? = nil, elsewhere: String? = nil) -> Statement {
        let standard = [("at", "at"), ("just inside", "inside"), ("just outside", "outside")]
        return Statement(
            id: id, kind: .limit, title: title, places: places, regions: elsewhere == nil ? regions(id, names ?? standard) : [],
            reachedElsewhere: elsewhere, tableEntry: nil)
    }

    static let animationRow = "Animations"
    static func row(_ row: String, _ argument: String, _ value: String) -> TableEntry { TableEntry(row: row, argument: argument, value: value) }

    /// A row of the protocol's table of animations, its default the one `AnimationDefaults` applies,
    /// written as the table writes numbers (`1`, not `1.0`).
    static func row(_ row: String, _ argument: String, _ value: Double) -> TableEntry {
        TableEntry(row: row, argument: argument, value: plainNumber(value))
    }

    public static let statements: [Statement] = animationDefaults + springDefaults + otherDefaults + limits + ArgumentDomain.table.map(\.statement)

    public static var defaults: [Statement] { statements.filter { $0.kind == .default } }
    public static var limitStatements: [Statement] { statements.filter { $0.kind == .limit } }
    public static var domainStatements: [Statement] { statements.filter { $0.kind == .domain } }
}
