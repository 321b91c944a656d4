import Testing

@testable import SnapStyleSystem

/// `RealFormat.significant` writes what the C library's `%.15g` writes, byte for byte, though it mostly works from
/// Swift's shortest digits: every kind of double a theme holds (channels over 255, lengths, ratios, raw bit patterns,
/// subnormals, powers of ten, half-way cases).
@Suite struct RealFormatTests {
    /// SplitMix64, so that every run checks the same values.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func values(seed: UInt64) -> [Double] {
        var random = Seeded(state: seed)
        var values: [Double] = [
            0, -0.0, 1, 0.1, 0.5, 1e-5, 1e-4, 9.99999999999999e-5, 1e15, 1e16, 999_999_999_999_999, 1e100,
            .leastNonzeroMagnitude,
            2.2250738585072014e-308, .greatestFiniteMagnitude, .leastNormalMagnitude, .infinity, -.infinity, .nan,
            0.30000000000000004, 100.0 / 7, 123_456_789_012_345.6, 0.000123456789012345678,
        ]
        for _ in 0..<4000 {
            values.append(Double(Int.random(in: 0...255, using: &random)) / 255)
            values.append(Double.random(in: -1e6...1e6, using: &random))
            values.append(Double(bitPattern: random.next()))
            values.append(
                Double(Int.random(in: 1...1_000_000, using: &random)) / Double(Int.random(in: 1...999, using: &random)))
            let scale = Double(sign: .plus, exponent: Int.random(in: -80...80, using: &random), significand: 1)
            values.append(Double(Int.random(in: 1...99_999, using: &random)) * scale / 7)
            values.append((Double(Int.random(in: 0...1000, using: &random)) * 0.1) * 0.0625)
        }
        // Half way at the 16th digit, where the double itself decides.
        values += [0.1234567890123455, 1.0000000000000005, 2.5e-5 + 1e-20, 1234567890123.4565]
        return values
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func everyDoubleIsWrittenAsPrintfWritesIt(seed: UInt64) {
        var wrong: [String] = []
        for value in Self.values(seed: seed) {
            for digits in [15, 6, 17] {
                let fast = RealFormat.significant(value, digits: digits)
                let printed = RealFormat.printed(value, digits: digits)
                if fast != printed { wrong.append("\(value) %.\(digits)g: \(fast), printf \(printed)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    @Test func mostRealsNeedNoPrintf() {
        let values = Self.values(seed: 4).filter(\.isNormal)
        let fast = values.filter { RealFormat.fromShortest($0, digits: 15) != nil }
        #expect(fast.count * 10 > values.count * 9)
    }
}
