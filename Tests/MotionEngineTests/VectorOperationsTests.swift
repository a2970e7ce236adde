import Testing

@testable import MotionEngine

/// The engine's concrete `SIMD4<Double>` arithmetic (Lanes/VectorOperations.swift) against
/// the scalar IEEE 754 operation in each lane: the four-lane kernels rely on the two agreeing bit
/// for bit (§3.1's integrator and §5.2's Hermite segments are checked bitwise against the
/// one-value runtime, which computes one lane at a time).
@Suite("SIMD4<Double> vector operations")
struct SIMD4VectorOperationsTests {
    /// Operands where IEEE arithmetic has its edge cases: signed zeros, the smallest subnormal,
    /// overflow, infinities, NaN, and values whose results round.
    static let specials: [Double] = [
        0, -0.0, 1, -1, 1.0 / 3, -2.5, .leastNonzeroMagnitude, -.leastNormalMagnitude, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .infinity, -.infinity, .nan, 1e-300, 7e300, 0x1p52 + 1,
    ]

    /// Every pair of specials, four pairs a vector, so each lane sees each pair once.
    static var operandPairs: [(SIMD4<Double>, SIMD4<Double>)] {
        var pairs: [(Double, Double)] = []
        for a in specials { for b in specials { pairs.append((a, b)) } }
        return stride(from: 0, to: pairs.count, by: 4).map { start in
            let lanes = (0..<4).map { pairs[(start + $0) % pairs.count] }
            return (SIMD4(lanes.map(\.0)), SIMD4(lanes.map(\.1)))
        }
    }

    static func sameBits(_ vector: SIMD4<Double>, _ scalar: (Int) -> Double) -> Bool {
        (0..<4).allSatisfy { k in
            let expected = scalar(k)
            return expected.isNaN ? vector[k].isNaN : vector[k].bitPattern == expected.bitPattern
        }
    }

    @Test("LLVM's vector add, subtract, multiply and divide are the scalar operations lane by lane")
    func vectorOperations() {
        var checked = 0
        for (a, b) in Self.operandPairs {
            #expect(Self.sameBits(_vectorSum(a, b)) { a[$0] + b[$0] }, "\(a) + \(b)")
            #expect(Self.sameBits(_vectorDifference(a, b)) { a[$0] - b[$0] }, "\(a) − \(b)")
            #expect(Self.sameBits(_vectorProduct(a, b)) { a[$0] * b[$0] }, "\(a) × \(b)")
            #expect(Self.sameBits(_vectorQuotient(a, b)) { a[$0] / b[$0] }, "\(a) ÷ \(b)")
            checked += 1
        }
        #expect(checked == Self.specials.count * Self.specials.count / 4)
    }

    @Test("the engine's SIMD4 operators (the vector ones when built for a chosen CPU) and VectorLanes agree with them")
    func operatorsAndLanes() {
        for (a, b) in Self.operandPairs {
            #expect(Self.sameBits(a + b) { a[$0] + b[$0] })
            #expect(Self.sameBits(a - b) { a[$0] - b[$0] })
            #expect(Self.sameBits(a * b) { a[$0] * b[$0] })
            #expect(Self.sameBits(a / b) { a[$0] / b[$0] })
            let x = VectorLanes(a), y = VectorLanes(b)
            #expect(Self.sameBits((x + y).vector) { a[$0] + b[$0] })
            #expect(Self.sameBits((x - y).vector) { a[$0] - b[$0] })
            #expect(Self.sameBits((x * y).vector) { a[$0] * b[$0] })
        }
        #expect(Self.sameBits(VectorLanes(_lanes: -0.0).vector) { _ in -0.0 })
    }

    @Test("negation stays the standard library's 0 − a in every build: +0 negates to +0")
    func negation() {
        let a = SIMD4<Double>(0, -0.0, 1, .infinity)
        #expect(Self.sameBits(-a) { 0 - a[$0] })
        #expect((-a)[0].sign == .plus)
    }

    #if MOTIONENGINE_VECTOR_OPERATORS
        @Test("eight lanes (built for a chosen CPU): arithmetic, comparisons, masks and selection lane by lane, NaN included")
        func eightLanes() {
            for ((a0, b0), (a1, b1)) in zip(Self.operandPairs, Self.operandPairs.dropFirst()) {
                let a = SIMD8(lowHalf: a0, highHalf: a1), b = SIMD8(lowHalf: b0, highHalf: b1)
                func lanes(_ mask: LaneMask8) -> [Bool] { (0..<8).map { mask.half(high: $0 >= 4)[$0 % 4] } }
                #expect((0..<8).allSatisfy { (a + b)[$0].bitPattern == (a[$0] + b[$0]).bitPattern || (a + b)[$0].isNaN })
                #expect((0..<8).allSatisfy { (a - b)[$0].bitPattern == (a[$0] - b[$0]).bitPattern || (a - b)[$0].isNaN })
                #expect((0..<8).allSatisfy { (a * b)[$0].bitPattern == (a[$0] * b[$0]).bitPattern || (a * b)[$0].isNaN })
                #expect(lanes(SIMD8._lanes(a, lessThan: b)) == (0..<8).map { a[$0] < b[$0] })
                #expect(lanes(SIMD8._lanes(a, lessThanOrEqualTo: b)) == (0..<8).map { a[$0] <= b[$0] })
                #expect(lanes(SIMD8._lanes(a, greaterThan: b)) == (0..<8).map { a[$0] > b[$0] })
                #expect(lanes(SIMD8._lanes(a, notGreaterThan: b)) == (0..<8).map { !(a[$0] > b[$0]) })
                #expect(lanes(SIMD8._lanes(a, equalTo: b)) == (0..<8).map { a[$0] == b[$0] })
                let less = SIMD8._lanes(a, lessThan: b), equal = SIMD8._lanes(a, equalTo: b)
                #expect(lanes(less .& equal) == zip(lanes(less), lanes(equal)).map { $0 && $1 })
                #expect(lanes(less .| equal) == zip(lanes(less), lanes(equal)).map { $0 || $1 })
                #expect(less.any == lanes(less).contains(true) && less.all == !lanes(less).contains(false))
                var selected = a
                selected._replace(with: b, where: less)
                #expect((0..<8).allSatisfy { selected[$0].bitPattern == (a[$0] < b[$0] ? b[$0] : a[$0]).bitPattern })
            }
            let one = SIMD8<Double>(repeating: 1)
            #expect(SIMD8._lanes(one, equalTo: one).all && !SIMD8._lanes(one, lessThan: one).any)
        }
    #endif
}
