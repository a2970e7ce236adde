import Foundation

/// The engine protocol's vocabulary: its version, the capabilities an engine may declare, what
/// each fixture needs, and how numbers travel. The contract is docs/protocol.md; a test holds the
/// two together (every capability and operation named here is documented there, and back).
public enum EngineProtocol {
    /// Bumped whenever the meaning of a request or an answer changes (docs/protocol.md, "Versions").
    public static let version = 1

    /// The operations of version 1, in the order the document describes them (`workload` and `frames` since 1.1).
    public static let operations = ["hello", "reset", "set", "sample", "spring", "curve", "keyframes", "phases", "timeline", "workload", "frames"]

    /// What an engine may declare in its handshake. A fixture that needs one the engine did not
    /// declare is skipped with that reason.
    public enum Capability: String, CaseIterable, Sendable, Comparable {
        case propertyScalar = "property.scalar"
        case propertyAngle = "property.angle"
        case propertyPoint = "property.point"
        case propertySize = "property.size"
        case propertyRect = "property.rect"
        case propertyStruct = "property.struct"
        case velocity
        case isAnimating
        case completion
        case tracksVelocity
        case mergesCoincidentAnimations
        case customAnimations
        case spring
        case curve
        case keyframes
        case phases
        case timeline
        case workloadFluid = "workload.fluid"
        case workloadClosed = "workload.closed"
        case workloadCurve = "workload.curve"
        case workloadKeyframe = "workload.keyframe"
        case workloadFrames = "workload.frames"

        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// What an engine that answers the handshake with no protocol version is taken to support:
    /// the property scenarios of scalar values, as before the handshake existed.
    public static let legacyCapabilities: Set<Capability> = [.propertyScalar, .velocity]

    /// The capabilities a fixture needs, from what it asks.
    public static func needs(_ fixture: Fixture) -> Set<Capability> {
        switch fixture.body {
        case let .property(scenario):
            var needs: Set<Capability> = []
            switch scenario.valueType {
            case .scalar: needs.insert(.propertyScalar)
            case .angle: needs.insert(.propertyAngle)
            case .point: needs.insert(.propertyPoint)
            case .size: needs.insert(.propertySize)
            case .rect: needs.insert(.propertyRect)
            case .structure: needs.insert(.propertyStruct)
            }
            if scenario.samples.contains(where: { $0.velocity != nil }) { needs.insert(.velocity) }
            if scenario.samples.contains(where: { $0.isAnimating != nil }) { needs.insert(.isAnimating) }
            if scenario.samples.contains(where: { $0.completed != nil }) || scenario.events.contains(where: { $0.completion != nil }) {
                needs.insert(.completion)
            }
            if scenario.events.contains(where: { $0.transaction.tracksVelocity }) { needs.insert(.tracksVelocity) }
            if !scenario.mergesCoincidentAnimations { needs.insert(.mergesCoincidentAnimations) }
            if scenario.events.contains(where: { ExternalEngine.resolvedAnimation($0).map(mentionsCustom) ?? false }) { needs.insert(.customAnimations) }
            return needs
        case .spring: return [.spring]
        case .curve: return [.curve]
        case .keyframes: return [.keyframes]
        case let .phases(scenario):
            return scenario.phases.contains { $0.animation.map { mentionsCustom($0.json) } ?? false } ? [.phases, .customAnimations] : [.phases]
        case .timeline: return [.timeline]
        }
    }

    static func mentionsCustom(_ animation: JSONValue) -> Bool { animation["custom"] != nil }

    // MARK: Numbers

    /// A number as the protocol writes it: non-finite values as the strings "nan", "inf", "-inf"
    /// (JSON has no literal for them).
    public static func number(_ value: Double) -> JSONValue {
        if value.isNaN { return .string("nan") }
        if value.isInfinite { return .string(value > 0 ? "inf" : "-inf") }
        return .number(value)
    }

    /// A number read from an answer: a JSON number or one of the three strings; nil otherwise.
    public static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case let .number(n)?: return n
        case .string("nan")?: return .nan
        case .string("inf")?, .string("+inf")?: return .infinity
        case .string("-inf")?: return -.infinity
        default: return nil
        }
    }

    static func numbers(_ values: [Double]) -> JSONValue { .array(values.map { number($0) }) }

    /// An array of numbers from an answer; nil when it is not one.
    static func numbers(_ value: JSONValue?) -> [Double]? {
        guard case let .array(items)? = value else { return nil }
        let numbers = items.compactMap { number($0) }
        return numbers.count == items.count ? numbers : nil
    }

    // MARK: Commands

    /// Splits an engine command into words as a shell would for plain words and quotes ('…', "…",
    /// backslash), without running a shell: no variables, globs or pipes.
    public static func words(_ command: String) throws -> [String] {
        var words: [String] = [], current = "", inWord = false
        var quote: Character?
        var iterator = command.makeIterator()
        while let c = iterator.next() {
            if let q = quote {
                if c == q { quote = nil } else if c == "\\" && q == "\"", let next = iterator.next() { current.append(next) } else { current.append(c) }
            } else if c == "'" || c == "\"" {
                quote = c
                inWord = true
            } else if c == "\\" {
                guard let next = iterator.next() else { break }
                current.append(next)
                inWord = true
            } else if c == " " || c == "\t" || c == "\n" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(c)
                inWord = true
            }
        }
        if quote != nil { throw FixtureError(path: "--engine", message: "the command has an unclosed quote: \(command)") }
        if inWord { words.append(current) }
        return words
    }
}
