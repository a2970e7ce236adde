import FixtureFormat
import Foundation

/// The domain of one argument the documents state, written once: the classes of values it takes
/// (negative, zero, tiny, ordinary, huge — and NaN and ±∞ where the protocol carries them), the
/// boundaries the text draws and on which side each boundary value reads, and whether a value is
/// rounded to a whole number (ties away from zero, docs/semantics.md's preamble).
///
/// Each class and boundary is a coverage region (`StatedValues`, kind `domain`) reached by the
/// fixtures whose data hold such a value, and the generator draws from them (`EdgeDraw`): a class's
/// representatives, and each boundary on, just under and just over it.
public struct ArgumentDomain: Sendable {
    public enum ValueClass: String, Sendable, CaseIterable {
        case negative, zero, tiny, ordinary, huge, nan, infinite

        /// The class of `x` in a domain whose tiny values are at most `tiny` and huge ones at least `huge`.
        static func of(_ x: Double, tiny: Double, huge: Double) -> ValueClass {
            if x.isNaN { return .nan }
            if x.isInfinite { return .infinite }
            if x == 0 { return .zero }
            if x < 0 { return .negative }
            return x <= tiny ? .tiny : x >= huge ? .huge : .ordinary
        }
    }

    /// A value the text draws a line at, and which reading the value itself takes.
    public struct Boundary: Sendable {
        public var value: Double
        /// True when the boundary value reads as the values above it ("at or above", "1 or more"),
        /// false when it reads as those below ("at most", "b ≤ −1").
        public var readsAbove: Bool
        /// What changes across it, in the documents' words.
        public var reading: String
        /// How far from it a value is still "just" under or over.
        public var span: Double
        /// The nearest the generator goes to it: a billionth, or more where the answers just
        /// beside it are ill-conditioned (two correct engines would differ there).
        public var hair: Double

        public init(value: Double, readsAbove: Bool, reading: String, span: Double, hair: Double? = nil) {
            (self.value, self.readsAbove, self.reading, self.span) = (value, readsAbove, reading, span)
            self.hair = hair ?? 1e-9 * max(1, abs(value))
        }
    }

    /// Where fixtures carry the argument: a path of keys (array positions skipped, so a vector's
    /// components are its own), each step one of a set of keys, matched at the end of a node's
    /// path from the fixture's top.
    public struct KeyPath: Sendable, Hashable {
        public var steps: [Set<String>]
    }

    /// How a fixture's data give the argument's values.
    public enum Reader: Sendable {
        /// The numbers at these paths.
        case at([KeyPath])
        /// In each object at the path, one member times another.
        case product(KeyPath, String, String)
        /// In each object at the path, the number at one member path less the number at another.
        case difference(KeyPath, [String], [String])
        /// In each object at the path that holds `requires`, the number at `value`.
        case when(KeyPath, requires: [String], value: [String])
        /// In each object at the path, the numbers a formula of its members gives.
        case formula(KeyPath, Formula)
    }

    /// A value computed from an object's members (a damping against its critical value, dates
    /// against a start), and how to set it.
    public struct Formula: Sendable {
        /// The values the object holds (none when it is not of the formula's kind).
        var read: @Sendable (JSONValue) -> [Double]
        /// The object changed so that its first value is `x`.
        var write: @Sendable (JSONValue, Double) -> JSONValue
    }

    public var id: String
    public var title: String
    public var places: [StatedValues.Place]
    public var reader: Reader
    /// The classes a fixture can hold, each with the reading the documents give it.
    public var classes: [(ValueClass, String)]
    /// Classes the protocol or the fixture reader does not carry, and why (not coverage regions).
    public var refused: [(ValueClass, String)]
    public var tiny: Double
    public var huge: Double
    public var boundaries: [Boundary]
    /// Whether the argument is a whole number (a boundary's "just" under and over are one away).
    public var integer: Bool
    /// Whether the value is rounded to a whole number: its ties (k + ½, away from zero) and whole
    /// values are regions too.
    public var rounds: Bool
    /// An edge the documents did not decide, with what the project decided and where it is written.
    public var decided: String?

    // MARK: Regions

    /// The id of its statement in `StatedValues`, apart from the defaults' and limits' ids.
    public var statementID: String { "domain:\(id)" }

    /// Its entry in `StatedValues`: a statement of kind `domain` with its regions.
    var statement: StatedValues.Statement {
        StatedValues.Statement(id: statementID, kind: .domain, title: title, places: places, regions: regions, reachedElsewhere: nil, tableEntry: nil)
    }

    static func boundaryName(_ boundary: Boundary) -> String { JSONValue.format(boundary.value) }

    /// The coverage regions: one per class a fixture can hold, three per boundary.
    public var regions: [SemanticsMap.Region] {
        var names: [(String, String)] = classes.map { cls, reading in ("\(cls.rawValue): \(reading)", "class-\(cls.rawValue)") }
        for boundary in boundaries {
            let b = Self.boundaryName(boundary)
            let side = boundary.readsAbove ? "reads as above" : "reads as below"
            names += [("on \(b) (\(side): \(boundary.reading))", "on-\(b)"), ("just under \(b)", "under-\(b)"), ("just over \(b)", "over-\(b)")]
        }
        if rounds { names += [("a whole number", "whole"), ("a tie, k + ½ (away from zero)", "tie"), ("just off a tie (within 0.05)", "near-tie")] }
        return StatedValues.regions(statementID, names)
    }

    /// The region keys (`StatedValues.feature(id, key)`) a value reaches.
    public func regionKeys(_ x: Double) -> [String] {
        var keys: [String] = []
        let cls = ValueClass.of(x, tiny: tiny, huge: huge)
        if classes.contains(where: { $0.0 == cls }) { keys.append("class-\(cls.rawValue)") }
        guard x.isFinite else { return keys }
        if rounds {
            let fraction = x - x.rounded(.down)
            if fraction == 0 {
                keys.append("whole")
            } else if fraction == 0.5 {
                keys.append("tie")
            } else if abs(fraction - 0.5) <= 0.05 {
                keys.append("near-tie")
            }
        }
        for boundary in boundaries {
            let b = Self.boundaryName(boundary)
            if abs(x - boundary.value) <= 1e-12 * max(1, abs(boundary.value)) {
                keys.append("on-\(b)")
            } else if x < boundary.value, boundary.value - x <= boundary.span {
                keys.append("under-\(b)")
            } else if x > boundary.value, x - boundary.value <= boundary.span {
                keys.append("over-\(b)")
            }
        }
        return keys
    }

    // MARK: Edges to draw

    /// Values of each class and at each boundary for the generator: representatives of the
    /// classes a fixture can hold (ordinary ones are the generator's own), and each boundary on,
    /// just under and just over it — by one for a whole number, else by a hair and by half the span.
    public var edges: [Double] {
        var values: [Double] = []
        for (cls, _) in classes {
            switch cls {
            case .negative: values += integer ? [-1, -3] : [-0.25, -1.5]
            case .zero: values.append(0)
            case .tiny: values += [tiny / 10, tiny]
            case .huge: values += [huge, huge * 4]
            case .ordinary, .nan, .infinite: break
            }
        }
        // Ties above an even and an odd whole number: rounding half to even differs at the first.
        if rounds { values += [2.5, 3.5, 10.5, 2.49, 10.51, 3] }
        for boundary in boundaries {
            let b = boundary.value
            let steps = integer ? [1.0] : [boundary.hair, boundary.span / 2]
            values.append(b)
            for step in steps { values += [b - step, b + step] }
        }
        return values
    }
}

extension ArgumentDomain.KeyPath {
    /// Whether `path` (keys from the fixture's top, array positions left out, so a vector's
    /// components share its path) ends with these steps; an empty step matches any key.
    func matches(_ path: [String]) -> Bool {
        guard path.count >= steps.count else { return false }
        let tail = path.suffix(steps.count)
        return zip(steps, tail).allSatisfy { $0.isEmpty || $0.contains($1) }
    }
}

// MARK: Setting a value

extension ArgumentDomain {
    /// Whether `node`, at `path`, is where this domain's reader finds a value the generator can set.
    package func canSet(_ node: JSONValue, at path: [String]) -> Bool {
        switch reader {
        case let .at(paths):
            if case .number = node { return paths.contains { $0.matches(path) } }
            return false
        case let .product(object, a, b): return object.matches(path) && Self.number(node, at: [a]) != nil && Self.number(node, at: [b]) != nil
        case let .difference(object, a, b): return object.matches(path) && Self.number(node, at: a) != nil && Self.number(node, at: b) != nil
        case let .when(object, requires, value):
            var held: JSONValue? = node
            for key in requires { held = held?[key] }
            return object.matches(path) && held != nil && Self.number(node, at: value) != nil
        case let .formula(object, formula): return object.matches(path) && !formula.read(node).isEmpty
        }
    }

    /// `node` with the value this domain reads from it set to `x`. A product keeps its second
    /// member a power of two, so the first times it is `x` exactly.
    package func setting(_ x: Double, in node: JSONValue) -> JSONValue {
        switch reader {
        case .at: return .number(x)
        case let .product(_, a, b):
            let factor = [2.0, 4, 8].first { (x / $0) * $0 == x } ?? 4
            return Self.set(Self.set(node, [b], factor), [a], x / factor)
        case let .difference(_, a, b): return Self.set(node, a, (Self.number(node, at: b) ?? 0) + x)
        case let .when(_, _, value): return Self.set(node, value, x)
        case let .formula(_, formula): return formula.write(node, x)
        }
    }

    package static func replacing(_ node: JSONValue, _ key: String, _ value: JSONValue) -> JSONValue {
        guard case let .object(members) = node else { return node }
        return .object(members.map { $0.0 == key ? ($0.0, value) : $0 })
    }

    static func set(_ node: JSONValue, _ keys: [String], _ x: Double) -> JSONValue {
        guard let key = keys.first, case let .object(members) = node else { return .number(x) }
        return .object(members.map { $0.0 == key ? ($0.0, set($0.1, Array(keys.dropFirst()), x)) : $0 })
    }
}
