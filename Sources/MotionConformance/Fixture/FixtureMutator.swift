/// Seeded, deterministic damage to a fixture's JSON text, as a careless tool or a hostile user
/// would do it: bytes removed, inserted or replaced; the text truncated; JSON values of the wrong
/// type or out of range (`1e400`, `-1e308`, `NaN`, `"inf"`); numbers swapped for extreme ones
/// (1e300, 1e9, −5); a key written twice; an array's elements repeated many times. The same seed
/// gives the same fixtures on every machine (a 64-bit linear congruential generator, Knuth's MMIX
/// constants).
public struct FixtureMutator: Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A number in `0..<bound`.
    public mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(max(bound, 1)))
    }

    static let tokens = ["null", "true", "-1e308", "1e400", "0", "\"\"", "[]", "{}", "\"inf\"", "-0.0", "\"linear\"", "NaN", ",", "1e300", "-1"]
    static let extremes = ["1e308", "1e300", "1e9", "-5", "0", "123456789", "4.9e-324"]
    static let digits = Set("0123456789".utf8), numberBytes = Set("0123456789.-+eE".utf8)

    /// `text` with one to four mutations.
    public mutating func mutate(_ text: String) -> String {
        var bytes = Array(text.utf8)
        for _ in 0...next(4) {
            guard !bytes.isEmpty else { break }
            let at = next(bytes.count)
            switch next(8) {
            case 0: bytes.remove(at: at)
            case 1: bytes.insert(UInt8(next(94) + 32), at: at)
            case 2: bytes[at] = UInt8(next(94) + 32)
            case 3: bytes.insert(contentsOf: Array(Self.tokens[next(Self.tokens.count)].utf8), at: at)
            case 4: bytes.removeSubrange(at...)
            case 5: duplicateKey(&bytes, near: at)
            case 6: repeatElements(&bytes, near: at)
            default:
                if Self.digits.contains(bytes[at]), let end = bytes[at...].firstIndex(where: { !Self.numberBytes.contains($0) }) {
                    bytes.replaceSubrange(at..<end, with: Array(Self.extremes[next(Self.extremes.count)].utf8))
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the first key after `at` a second time, with another value.
    private mutating func duplicateKey(_ bytes: inout [UInt8], near at: Int) {
        guard let open = bytes[at...].firstIndex(of: UInt8(ascii: "{")) else { return }
        let key = Array("\"\(["id", "time", "duration", "set", "value", "animation", "count"][next(7)])\": \(Self.extremes[next(Self.extremes.count)]), ".utf8)
        bytes.insert(contentsOf: key, at: open + 1)
    }

    /// Repeats the elements of the first array after `at` up to 2,000 times.
    private mutating func repeatElements(_ bytes: inout [UInt8], near at: Int) {
        guard let open = bytes[at...].firstIndex(of: UInt8(ascii: "[")) else { return }
        var depth = 0
        for index in open..<bytes.count {
            if bytes[index] == UInt8(ascii: "[") { depth += 1 }
            if bytes[index] == UInt8(ascii: "]") { depth -= 1 }
            guard depth == 0 else { continue }
            let inner = Array(bytes[(open + 1)..<index])
            guard !inner.allSatisfy({ $0 == 32 || $0 == 10 }) else { return }
            let copies = 1 + next(2000)
            var repeated = inner
            repeated.reserveCapacity(inner.count * copies + copies)
            for _ in 1..<copies {
                repeated.append(UInt8(ascii: ","))
                repeated += inner
            }
            bytes.replaceSubrange((open + 1)..<index, with: repeated)
            return
        }
    }
}
