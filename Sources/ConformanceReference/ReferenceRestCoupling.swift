import FixtureFormat

/// The fluid spring's rest test on a vector (§3.1 item 6, `RestTerms`), each `|·|²` summed over the
/// components (§4.5) in their order.
///
/// The reference plays a vector one component at a time; everything else a fluid spring does is
/// component-wise, so only this test joins them. The components are played in passes: in each,
/// every spring reports its terms at every time it is asked (springs are named by the order they
/// were made in, which is the same in every component while the decisions are), and decides by
/// the previous pass's joint answers (moving on when there is none). Passes repeat until every
/// decision taken is the joint answer of the terms reported — then each component's playback is
/// the vector's.
final class ReferenceRestCoupling: @unchecked Sendable {
    struct Key: Hashable {
        var spring: Int
        var time: Double
    }

    @TaskLocal static var current: ReferenceRestCoupling?

    let components: Int
    var component = 0
    private var made = 0
    private var decisions: [Key: Bool] = [:]
    private var used: [Key: Bool] = [:]
    private var reports: [Key: [Int: RestTerms]] = [:]

    init(components: Int) { self.components = components }

    /// The name of a spring made now in the component being played.
    func register() -> Int {
        made += 1
        return made
    }

    /// Whether spring `spring` rests at elapsed `time`, as the previous pass found; its terms kept
    /// for this pass's answer.
    func rests(_ spring: Int, at time: Double, _ terms: RestTerms) -> Bool {
        let key = Key(spring: spring, time: time)
        reports[key, default: [:]][component] = terms
        let decision = decisions[key] ?? false
        used[key] = decision
        return decision
    }

    /// Starts component `index` of a pass.
    func begin(component index: Int) {
        component = index
        made = 0
    }

    /// Ends a pass: true when every decision taken is the joint answer of the terms reported by
    /// every component; otherwise the answers are kept for the next pass.
    func settle() throws -> Bool {
        var consistent = true
        for (key, terms) in reports {
            guard terms.count == components else {
                throw ReferenceModel.Unsupported(
                    description: "the components of a fluid spring's vector did not play alike; the reference cannot join their rest test")
            }
            let rests = (0..<components).reduce(RestTerms.zero) { $0 + terms[$1]! }.rest
            if used[key] != rests { consistent = false }
            decisions[key] = rests
        }
        (reports, used) = ([:], [:])
        return consistent
    }
}
