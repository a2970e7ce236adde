import Testing

@testable import BenchKit

/// Figures a person reads never leave what the quantity can be.
@Suite("Figures within physics")
struct FiguresWithinPhysicsTests {
    @Test("a time axis from zero starts at zero, whatever a value below zero asks; a plain axis still shows negatives")
    func axisFromZero() {
        let time = ChartAxis(.linear(fromZero: true), unit: .nanoseconds).layout([-2.4e6, 1.07e8, 2.16e8])
        #expect(time.low == 0 && time.ticks.allSatisfy { $0 >= 0 })
        let plain = ChartAxis(.linear(fromZero: true), unit: .plain).layout([-2.4, 10])
        #expect(plain.low < 0)
    }
}
