import Foundation
import MotionCore
import Testing

/// The vector layer of §4.5.
@Suite("Vector arithmetic and animatable data")
struct VectorTests {
    @Test("scalars scale, interpolate and report their squared magnitude")
    func scalars() {
        #expect(3.0.scaled(by: 2) == 6)
        #expect(Float(3).scaled(by: 0.5) == 1.5)
        #expect(CGFloat(3).scaled(by: -1) == -3)
        #expect((-4.0).magnitudeSquared == 16)
        #expect(10.0.interpolated(towards: 20, amount: 0.25) == 12.5)
        #expect(10.0.interpolated(towards: 20, amount: 1.5) == 25, "amount is not clamped")
    }

    @Test("AnimatablePair is component-wise and its magnitude is the sum of the parts'")
    func pairs() {
        let a = AnimatablePair(1.0, AnimatablePair(2.0, 3.0)), b = AnimatablePair(4.0, AnimatablePair(-1.0, 0.5))
        #expect(a + b == AnimatablePair(5.0, AnimatablePair(1.0, 3.5)))
        #expect(a - b == AnimatablePair(-3.0, AnimatablePair(3.0, 2.5)))
        #expect(a.scaled(by: 2) == AnimatablePair(2.0, AnimatablePair(4.0, 6.0)))
        #expect(a.magnitudeSquared == 14)
        #expect(AnimatablePair<Double, Double>.zero == AnimatablePair(0.0, 0.0))
        var c = a
        c += b
        c -= b
        #expect(c == a)
    }

    @Test("EmptyAnimatableData is the zero-dimensional vector")
    func empty() {
        let e = EmptyAnimatableData()
        #expect(e + e == .zero)
        #expect(e.scaled(by: 42) == e)
        #expect(e.magnitudeSquared == 0)
    }

    @Test("Angle animates radians × 128 and round-trips its data")
    func angle() {
        var angle = Angle.degrees(90)
        expectClose(angle.radians, .pi / 2, tolerance: 1e-15, "radians")
        expectClose(angle.animatableData, .pi / 2 * 128, tolerance: 1e-12, "animatableData")
        angle.animatableData = 128 * .pi
        expectClose(angle.degrees, 180, tolerance: 1e-12, "degrees after setting the data")
        #expect(Angle.zero == Angle.radians(0))
        #expect(Angle.degrees(10) < Angle.degrees(20))
    }

    @Test("UnitPoint animates (x·128, y·128) and has the named points")
    func unitPoint() {
        var point = UnitPoint(x: 0.25, y: 0.75)
        #expect(point.animatableData == AnimatablePair(32, 96))
        point.animatableData = AnimatablePair(64, 128)
        #expect(point == UnitPoint(x: 0.5, y: 1))
        #expect(point == .bottom)
        let named: [UnitPoint] = [.zero, .center, .leading, .trailing, .top, .bottom, .topLeading, .topTrailing, .bottomLeading, .bottomTrailing]
        #expect(named.map { [$0.x, $0.y] } == [[0, 0], [0.5, 0.5], [0, 0.5], [1, 0.5], [0.5, 0], [0.5, 1], [0, 0], [1, 0], [0, 1], [1, 1]])
    }

    @Test("CGPoint and CGSize are two-dimensional, CGRect four-dimensional")
    func geometry() {
        var rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(rect.animatableData.magnitudeSquared == 30)
        rect.animatableData = rect.animatableData.scaled(by: 2)
        #expect(rect == CGRect(x: 2, y: 4, width: 6, height: 8))
        var point = CGPoint(x: 1, y: 2)
        point.animatableData += AnimatablePair(1, 1)
        #expect(point == CGPoint(x: 2, y: 3))
        var size = CGSize(width: 5, height: 6)
        size.animatableData = .zero
        #expect(size == .zero)
    }
}
