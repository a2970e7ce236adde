import Foundation
import MotionCore
import Testing

/// `Transaction`, `withTransaction`, `withAnimation` (§7).
@Suite("Transactions")
struct TransactionTests {
    enum Tag: TransactionKey { static var defaultValue: String { "none" } }

    @Test("keys read their defaults; set keys override an outer transaction on merge")
    func keys() {
        var t = Transaction()
        #expect(t.animation == nil && !t.disablesAnimations && !t.tracksVelocity && !t.isContinuous && t[Tag.self] == "none")
        t[Tag.self] = "mine"
        t.isContinuous = true
        #expect(t[Tag.self] == "mine" && t.isContinuous)
        #expect(Transaction(animation: .bouncy).animation == .bouncy)
    }

    @Test("withTransaction merges over the current transaction: nested keys propagate, set keys win")
    func nesting() {
        #expect(Transaction.current.animation == nil)
        var outer = Transaction(animation: .easeIn)
        outer[Tag.self] = "outer"
        withTransaction(outer) {
            #expect(Transaction.current.animation == .easeIn && Transaction.current[Tag.self] == "outer")
            withTransaction(\.isContinuous, true) {
                #expect(Transaction.current.animation == .easeIn, "inherited")
                #expect(Transaction.current[Tag.self] == "outer", "user key inherited")
                #expect(Transaction.current.isContinuous)
                withAnimation(.bouncy) {
                    #expect(Transaction.current.animation == .bouncy, "overridden")
                    #expect(Transaction.current.isContinuous)
                }
                withAnimation(nil) {
                    #expect(Transaction.current.animation == nil, "withAnimation(nil) sets animation to nil explicitly")
                }
            }
            #expect(!Transaction.current.isContinuous)
        }
        #expect(Transaction.current.animation == nil && Transaction.current[Tag.self] == "none")
    }

    @Test("withAnimation() uses .default")
    func defaultAnimation() {
        withAnimation { #expect(Transaction.current.animation == .default) }
    }

    @Test("each thread sees its own current transaction")
    func perThread() async {
        let seenOnOtherThread = await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
            withAnimation(.bouncy) {
                let thread = Thread {
                    var seen: [String] = []
                    seen.append(Transaction.current.animation == nil ? "nil" : "animated")
                    withAnimation(.easeIn) {
                        seen.append(Transaction.current.animation == .easeIn ? "easeIn" : "other")
                    }
                    continuation.resume(returning: seen)
                }
                thread.start()
                #expect(Transaction.current.animation == .bouncy)
            }
        }
        #expect(seenOnOtherThread == ["nil", "easeIn"])
        #expect(Transaction.current.animation == nil)
    }

    @Test("disableAnimations removes the animation; isAnimated needs an animation that is not disabled")
    func disabling() {
        var t = Transaction(animation: .bouncy)
        #expect(t.isAnimated)
        t.disablesAnimations = true
        #expect(!t.isAnimated)
        t.disableAnimations()
        #expect(t.animation == nil && t.disablesAnimations)
    }

    @Test("a throwing body rethrows and still restores the current transaction")
    func throwing() {
        struct Oops: Error {}
        #expect(throws: Oops.self) { try withAnimation(.bouncy) { throw Oops() } }
        #expect(Transaction.current.animation == nil)
    }
}
