import ConformanceExplorer
import Foundation
import MotionConformance

/// A failing fixture reduced against the engine that failed it: the smallest scenario found that
/// the engine still fails in the same kind of check, judged on the reference model's answers.
public struct ReducedFailure: Sendable {
    /// The fixture it was reduced from.
    public var fixture: String
    /// The kind of check it fails (`CheckKind`), the same as the fixture's.
    public var kind: CheckKind
    /// The smallest scenario found, and as a fixture with the reference model's answers.
    public var scenario: GeneratedCase
    public var reduced: Fixture
    /// The engine's failing check of that kind on the reduced fixture.
    public var check: CheckResult
    /// How big the scenario was before and after (`GeneratedCase.size`).
    public var sizeBefore: Int
    public var sizeAfter: Int
    /// False when the budget stopped the reduction before nothing more could be removed.
    public var complete: Bool

    public init(
        fixture: String, kind: CheckKind, scenario: GeneratedCase, reduced: Fixture, check: CheckResult, sizeBefore: Int, sizeAfter: Int,
        complete: Bool
    ) {
        (self.fixture, self.kind, self.scenario, self.reduced, self.check) = (fixture, kind, scenario, reduced, check)
        (self.sizeBefore, self.sizeAfter, self.complete) = (sizeBefore, sizeAfter, complete)
    }
}

/// The kind of a check, as reduction keeps it: the capability it needs and the quantity it asks
/// (`value`, `velocity`, `isAnimating`, `completed`, `stiffness`, …), without the time or argument.
public struct CheckKind: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var needs: String
    public var quantity: String
    /// A number within `slight` tolerances of the expected one: a numerical difference, which a
    /// reduction must not put in place of a failure far beyond it (a wrong formula), or back.
    public var slight: Bool

    /// Up to this many tolerances a difference is slight.
    public static let slight = 100.0

    public init(_ check: CheckResult) {
        needs = check.needs
        quantity = Self.quantity(of: check)
        // Only a number that is merely off: a 0, a non-finite number or the wrong value shown
        // is that answer, however near.
        slight = ReducedFailure.Answer(check) == .slightly
    }

    /// The quantity a check is of: its name up to its time or arguments.
    static func quantity(of check: CheckResult) -> String { String(check.name.prefix { $0 != "@" && $0 != "(" && $0 != "[" }) }

    public var description: String { quantity + " (" + needs + (slight ? ", slightly" : "") + ")" }

    public static func < (a: Self, b: Self) -> Bool {
        (a.quantity, a.needs, a.slight ? 1 : 0) < (b.quantity, b.needs, b.slight ? 1 : 0)
    }

    /// The time of a property sample's check (`value@0.25` → 0.25); nil for other checks.
    public static func sampleTime(_ check: CheckResult) -> Double? {
        guard let at = check.name.firstIndex(of: "@") else { return nil }
        return Double(check.name[check.name.index(after: at)...])
    }

    /// Whether `result` has a failing check of this kind.
    public func failed(in result: FixtureResult) -> CheckResult? {
        result.checks.first { $0.outcome == .fail && CheckKind($0) == self }
    }

    /// The kinds of `result`'s failing checks, in the fixture's order, each once.
    public static func failing(_ result: FixtureResult) -> [CheckKind] {
        var seen = Set<CheckKind>()
        return result.checks.filter { $0.outcome == .fail }.map(CheckKind.init).filter { seen.insert($0).inserted }
    }
}

/// Why a failing fixture was not reduced.
public enum NotReduced: Sendable, Equatable {
    /// Its scenario has a member the reducer cannot write.
    case notRepresentable
    /// The reference model cannot answer its scenario, or MotionCore does not agree with it there.
    case noReferenceAnswer(String)
    /// Judged on the reference model's answers the engine passes it: the failure rests on the
    /// fixture's own numbers (a measurement, a document's figure).
    case passesOnReference
    /// The budget ran out before its turn.
    case budget

    public var text: String {
        switch self {
        case .notRepresentable: return "its scenario has a member the reducer cannot write"
        case let .noReferenceAnswer(why): return "the reference model cannot answer it: " + why
        case .passesOnReference:
            return "judged on the reference model's answers the engine passes it: the failure rests on the fixture's own numbers"
        case .budget: return "the diagnosis's time budget ran out before its turn"
        }
    }

    public var id: String {
        switch self {
        case .notRepresentable: return "not-representable"
        case .noReferenceAnswer: return "no-reference-answer"
        case .passesOnReference: return "passes-on-reference"
        case .budget: return "budget"
        }
    }
}
