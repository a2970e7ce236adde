import FixtureFormat

/// The regions of `ArgumentDomain.table` a fixture reaches: each value the fixture's data hold for
/// an argument, by its class, the boundaries it is on or just beside, and its rounding.
extension FixtureFeatures {
    static func domains(_ json: JSONValue, _ features: inout Set<String>) {
        // One walk for every domain: the walk, not the matching, is what a large fixture costs.
        ArgumentDomain.nodes(json) { path, node in
            for domain in ArgumentDomain.reading(path.last) {
                for x in domain.values(at: path, node) {
                    for key in domain.regionKeys(x) { features.insert(StatedValues.feature(domain.statementID, key)) }
                }
            }
        }
    }
}

extension ArgumentDomain {
    /// The domains whose reader can find a value at a node whose path ends with `key`.
    static func reading(_ key: String?) -> [ArgumentDomain] { key.flatMap { byLastKey[$0] } ?? anyLastKey }

    private static let lastKeys: [(ArgumentDomain, Set<String>)] = table.map { domain in
        switch domain.reader {
        case let .at(paths):
            // Any path ending with any key makes the domain one every node is asked of (an empty set).
            let ends = paths.map { $0.steps.last ?? [] }
            return (domain, ends.contains { $0.isEmpty } ? [] : ends.reduce(into: Set<String>()) { $0.formUnion($1) })
        case let .product(object, _, _), let .difference(object, _, _), let .when(object, _, _), let .formula(object, _):
            return (domain, object.steps.last ?? [])
        }
    }
    /// Domains by the keys their paths end with; those ending with any key are in every list.
    private static let anyLastKey = lastKeys.filter { $0.1.isEmpty }.map(\.0)
    private static let byLastKey: [String: [ArgumentDomain]] = lastKeys.reduce(into: [:]) { index, entry in
        for key in entry.1 { index[key, default: anyLastKey].append(entry.0) }
    }

    /// Every node of `json` with the keys leading to it (array positions left out).
    package static func nodes(_ json: JSONValue, _ path: [String] = [], _ visit: ([String], JSONValue) -> Void) {
        visit(path, json)
        switch json {
        case let .array(items): for item in items { nodes(item, path, visit) }
        case let .object(members): for (key, value) in members { nodes(value, path + [key], visit) }
        default: break
        }
    }

    static func number(_ json: JSONValue?, at keys: [String]) -> Double? {
        var node = json
        for key in keys { node = node?[key] }
        if case let .number(x)? = node { return x }
        return nil
    }

    /// The values `reader` finds in a fixture's JSON.
    public func values(in json: JSONValue) -> [Double] {
        var found: [Double] = []
        Self.nodes(json) { path, node in found += values(at: path, node) }
        return found
    }

    /// The value `reader` finds at one node of a fixture's JSON, reached by `path`.
    func values(at path: [String], _ node: JSONValue) -> [Double] {
        switch reader {
        case let .at(paths):
            if case let .number(x) = node, paths.contains(where: { $0.matches(path) }) { return [x] }
        case let .product(object, a, b):
            if object.matches(path), let x = Self.number(node, at: [a]), let y = Self.number(node, at: [b]) { return [x * y] }
        case let .difference(object, a, b):
            if object.matches(path), let x = Self.number(node, at: a), let y = Self.number(node, at: b) { return [x - y] }
        case let .when(object, requires, value):
            guard object.matches(path) else { return [] }
            var held: JSONValue? = node
            for key in requires { held = held?[key] }
            if held != nil, let x = Self.number(node, at: value) { return [x] }
        case let .formula(object, formula):
            if object.matches(path) { return formula.read(node) }
        }
        return []
    }
}
