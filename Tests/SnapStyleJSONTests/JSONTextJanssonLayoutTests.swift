import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// `JSONText`'s jansson layouts write what jansson writes with the daemon's flags byte for byte: the exports write
/// their JSON with them and no C library, and their committed outputs (`snapstyle export`, `snapstyle build`) stay as
/// they were.
@Suite struct JSONTextJanssonLayoutTests {
    static let numbers: [Double] = [
        0, -0.0, 1, -1, 0.5, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 1e-5, 1.5e-7, 123_456_789.123, 1e15, 1e16, 1e20, 1e100,
        -2.5e-300,
        0.0001, 0.00001, 16, 0.016, 3.14159265358979, 299_792_458, 9_007_199_254_740_992, .greatestFiniteMagnitude,
        .leastNonzeroMagnitude, 0.3333, 1.25, 0.125, 100.0 / 7,
    ]

    static let strings = [
        "", "plain", "quote \" and backslash \\", "line\nbreak\r\ttab", "\u{08}\u{0C}", "\u{01}\u{1F}\u{7F}",
        "über ✓ 🎨", "/slash/", "{\"not\": \"json\"}",
    ]

    /// A random value a few levels deep, from a seed.
    static func value(_ random: inout SeededRandom, depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 6 : 8), using: &random) {
        case 0: return .null
        case 1: return .bool(random.chance(0.5))
        case 2: return .integer(Int64.random(in: -1_000_000...1_000_000, using: &random))
        case 3:
            return .double(random.pick(numbers) * (random.chance(0.5) ? 1 : Double.random(in: -3...3, using: &random)))
        case 4, 5: return .string(random.pick(strings))
        case 6:
            return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(&random, depth: depth + 1) })
        default:
            var object = JSONObject()
            for index in 0..<Int.random(in: 0...4, using: &random) {
                object.append(random.pick(strings) + "\(index)", value(&random, depth: depth + 1))
            }
            return .object(object)
        }
    }

    @Test func everyNumberIsWrittenAsJanssonWritesIt() {
        for number in Self.numbers + Self.numbers.map(-) {
            #expect(JSONText.encode(.double(number), layout: .jansson) == Jansson.encode(.double(number)), "\(number)")
        }
    }

    @Test func everyStringIsWrittenAsJanssonWritesIt() {
        for string in Self.strings {
            #expect(JSONText.encode(.string(string), layout: .jansson) == Jansson.encode(.string(string)), "\(string)")
        }
    }

    @Test(arguments: 0..<40)
    func aRandomValueIsWrittenAsJanssonWritesIt(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        let value = Self.value(&random)
        #expect(JSONText.encode(value, layout: .jansson) == Jansson.encode(value))
        #expect(JSONText.encode(value, layout: .janssonIndented) == Jansson.encode(value, pretty: true))
    }
}
