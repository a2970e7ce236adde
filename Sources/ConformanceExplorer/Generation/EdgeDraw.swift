import FixtureFormat
import MotionConformance

/// Moves one argument of a generated scenario, now and then, to an edge of its domain
/// (`ArgumentDomain.table`): a class's representative, or a boundary on, just under or just over it.
///
/// It draws from a stream of its own, so the scenarios it leaves alone are the ones the generator
/// drew before it existed.
struct EdgeDraw {
    /// How often a scenario has one argument at an edge.
    static let chance = 0.3
    var random: SeededRandom

    init(seed: UInt64, kind: ScenarioKind, index: Int) {
        let salt = kind.rawValue.utf8.reduce(UInt64(0xED6E_D0A1_15ED_6E5)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        random = SeededRandom(seed: seed ^ salt, index: index)
    }

    /// A place in a fixture's JSON where a domain's value can be set: the node (by its position in
    /// a pre-order walk) and the domain.
    struct Site {
        var node: Int
        var domain: ArgumentDomain
    }

    /// The domains with edges to draw.
    static let drawable = ArgumentDomain.table.filter { !$0.edges.isEmpty }

    static func sites(_ json: JSONValue) -> [Site] {
        var sites: [Site] = []
        var position = 0
        ArgumentDomain.nodes(json) { path, node in
            defer { position += 1 }
            for domain in Self.drawable where domain.canSet(node, at: path) {
                sites.append(Site(node: position, domain: domain))
            }
        }
        return sites
    }

    /// `json` (a fixture's top: `{"phases": …}`) with one site moved to an edge, or as it was.
    mutating func apply(_ json: JSONValue) -> JSONValue {
        let sites = Self.sites(json)
        guard !sites.isEmpty, random.chance(Self.chance) else { return json }
        let site = random.pick(sites)
        let edge = random.pick(site.domain.edges)
        var position = 0
        return Self.rewrite(json, at: site.node, &position) { site.domain.setting(edge, in: $0) }
    }

    /// `json` with the node at pre-order position `target` (as `ArgumentDomain.nodes` counts)
    /// changed.
    static func rewrite(_ json: JSONValue, at target: Int, _ position: inout Int, _ change: (JSONValue) -> JSONValue) -> JSONValue {
        let mine = position
        position += 1
        let rewritten: JSONValue
        switch json {
        case let .array(items): rewritten = .array(items.map { rewrite($0, at: target, &position, change) })
        case let .object(members): rewritten = .object(members.map { ($0.0, rewrite($0.1, at: target, &position, change)) })
        default: rewritten = json
        }
        return mine == target ? change(json) : rewritten
    }

    /// A generated body with one argument at an edge, now and then; a phase scenario made shorter
    /// keeps only the samples and triggers within it.
    mutating func apply(_ body: JSONValue, kind: ScenarioKind) -> JSONValue {
        guard var moved = apply(.object([(kind.rawValue, body)]))[kind.rawValue] else { return body }
        if kind == .phases, case let .number(duration)? = moved["duration"] {
            for key in ["samples", "triggers"] {
                guard case let .array(items)? = moved[key] else { continue }
                let kept = items.filter { item in
                    let time = item["time"] ?? item
                    if case let .number(t) = time { return t <= duration }
                    return true
                }
                moved = ArgumentDomain.replacing(moved, key, .array(kept))
            }
        }
        return moved
    }

    /// A property scenario with one animation argument or modifier at an edge, now and then.
    mutating func apply(_ scenario: GeneratedScenario) -> GeneratedScenario {
        let events: [JSONValue] = scenario.events.map { .object($0.animation.map { [("animation", $0.json)] } ?? []) }
        let moved = apply(.object([("property", .object([("events", .array(events))]))]))
        guard case let .array(movedEvents)? = moved["property"]?["events"] else { return scenario }
        var result = scenario
        for (index, event) in movedEvents.enumerated() {
            if let json = event["animation"], let animation = GeneratedScenario.Animation(json: json) { result.events[index].animation = animation }
        }
        return result
    }
}
