import Foundation
import Testing

@testable import MotionEngine

/// The vector exp and sincos against glibc's scalar functions.
@Suite("Vector math")
struct VectorMathTests {
    func relativeError(_ a: Double, _ b: Double) -> Double {
        if a == b { return 0 }
        return abs(a - b) / max(abs(b), 1e-300)
    }

    @Test("exp agrees with glibc to 4e-16 relative over [−700, 700], and at the edges")
    func exp() {
        var worst = 0.0
        var x = -700.0
        while x <= 700 {
            let v = VectorMath.exp(SIMD4(x, x * 0.5, -x * 0.001, x * 1e-6))
            for (lane, input) in [x, x * 0.5, -x * 0.001, x * 1e-6].enumerated() {
                worst = max(worst, relativeError(v[lane], Foundation.exp(input)))
            }
            x += 0.37
        }
        #expect(worst < 4e-16, "worst relative error \(worst)")
        let edges = VectorMath.exp(SIMD4(-800, 800, 0, .nan))
        #expect(edges[0] == 0 && edges[1] == .infinity && edges[2] == 1 && edges[3].isNaN)
    }

    @Test("sincos agrees with glibc to 1e-15 absolute over ±2e5 (scalar beyond 1e5), and handles NaN")
    func sincos() {
        var worst = 0.0
        var x = -2e5
        while x <= 2e5 {
            let inputs = SIMD4(x, x * 1e-3, x * 1e-5 + 0.1, -x * 3e-4)
            let (s, c) = VectorMath.sincos(inputs)
            for lane in 0..<4 {
                worst = max(worst, abs(s[lane] - Foundation.sin(inputs[lane])), abs(c[lane] - Foundation.cos(inputs[lane])))
            }
            x += 17.3
        }
        #expect(worst < 1e-15, "worst absolute error \(worst)")
        let (s, c) = VectorMath.sincos(SIMD4(0, .pi / 2, .nan, -.pi))
        #expect(s[0] == 0 && c[0] == 1 && abs(s[1] - 1) < 1e-16 && s[2].isNaN && c[2].isNaN && abs(c[3] + 1) < 1e-16)
    }
}
