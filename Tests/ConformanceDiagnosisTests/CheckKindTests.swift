import Foundation
import Testing

@testable import ConformanceDiagnosis
@testable import MotionConformance

/// What makes two failing checks one kind for a reduction: a number merely off by a little
/// (numerics) is never the same kind as one far off (a wrong formula), so a reduction cannot
/// shrink one into the other; a 0 or a non-finite number is its own answer however near.
@Suite("check kinds")
struct CheckKindTests {
    func check(expected: String, actual: String, residual: Double?) -> CheckResult {
        CheckResult(name: "velocity(t: 2)", outcome: .fail, needs: "spring.velocity", expected: expected, actual: actual, residual: residual, note: "")
    }

    @Test("under 100 tolerances a differing number is slight, beyond it not; a 0 or a non-finite answer is never slight")
    func slight() {
        let near = CheckKind(check(expected: "0.268998872128", actual: "0.268998869520484", residual: 2.05))
        let far = CheckKind(check(expected: "1", actual: "-1", residual: 2e9))
        #expect(near.slight && !far.slight && near != far && near.quantity == far.quantity && near.needs == far.needs)
        #expect(!CheckKind(check(expected: "0.008", actual: "0", residual: 1.07)).slight)
        #expect(!CheckKind(check(expected: "0.5", actual: "nan", residual: nil)).slight)
        #expect(!CheckKind(check(expected: "0.5", actual: "0.6", residual: CheckKind.slight)).slight)
        // The cause's name says so.
        #expect(ReducedFailure.Answer(check(expected: "0.268998872128", actual: "0.268998869520484", residual: 2.05)) == .slightly)
    }
}
