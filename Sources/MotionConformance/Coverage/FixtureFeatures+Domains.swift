/// The regions of `ArgumentDomain.table` a fixture reaches: each value the fixture's data hold for
/// an argument, by its class, the boundaries it is on or just beside, and its rounding.
extension FixtureFeatures {
    static func domains(_ json: JSONValue, _ features: inout Set<String>) {
        for domain in ArgumentDomain.table {
            for x in domain.values(in: json) {
                for key in domain.regionKeys(x) { features.insert(StatedValues.feature(domain.statementID, key)) }
            }
        }
    }
}

extension ArgumentDomain {
    /// Every node of `json` with the keys leading to it (array positions left out).
    static func nodes(_ json: JSONValue, _ path: [String] = [], _ visit: ([String], JSONValue) -> Void) {
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
        Self.nodes(json) { path, node in
            switch reader {
            case let .at(paths):
                if case let .number(x) = node, paths.contains(where: { $0.matches(path) }) { found.append(x) }
            case let .product(object, a, b):
                if object.matches(path), let x = Self.number(node, at: [a]), let y = Self.number(node, at: [b]) { found.append(x * y) }
            case let .difference(object, a, b):
                if object.matches(path), let x = Self.number(node, at: a), let y = Self.number(node, at: b) { found.append(x - y) }
            case let .when(object, requires, value):
                var held: JSONValue? = node
                for key in requires { held = held?[key] }
                if object.matches(path), held != nil, let x = Self.number(node, at: value) { found.append(x) }
            }
        }
        return found
    }
}
