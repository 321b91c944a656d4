import Foundation
import SnapStyleJSON
import SnapStyleJansson
import Testing

@testable import SnapStyleServer

/// simdjson parses request lines; jansson stays the reference: whatever simdjson accepts must be the value jansson
/// reads, and what it leaves to jansson gets jansson's answer.
@Suite struct RequestLineParserTests {
    static let edgeCases: [String] = [
        #"{"jsonrpc":"2.0","id":17,"method":"resolve","params":{"attribute":"font","key":"title","context":{"colorScheme":"dark"}}}"#,
        #"[1, -2, 3.5, 1e3, -0, 0.1, true, false, null, "", "a\"b\\c\/d\u00e9\ud83d\ude00"]"#,
        #"{"a":{"b":[{"c":[]},{}]},"s":"\u0000x"}"#,
        #"{"a":1,"a":2}"#,
        "{\"a\\u0000b\":1}",
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1e400", "1e-400",
        String(repeating: "[", count: 1100) + String(repeating: "]", count: 1100),
        "{\"a\":1", "{\"a\":1}x", "", "   ", "\"\u{7f}\"", "nul", "[1,]", "{\"a\" 1}",
        // Past eight members duplicates are found through a set: at the end, and none among 70,000.
        "{" + (0..<20).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + ",\"k3\":1}",
        "{\"x\":{" + (0..<70_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}}",
    ]

    static var corpus: [[UInt8]] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Corpus/requests").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().compactMap { FileManager.default.contents(atPath: "\(directory)/\($0)") }.flatMap {
            Array($0).split(separator: UInt8(ascii: "\n")).map(Array.init)
        }
    }

    @Test func simdjsonAgreesWithJanssonOrLeavesTheLineToIt() throws {
        let lines = Self.edgeCases.map { Array($0.utf8) } + [[0xff, 0x22], [0x22, 0xc3, 0x28, 0x22]] + Self.corpus
        #expect(lines.count > 30)
        var fast = 0
        for line in lines {
            let reference = line.withUnsafeBytes { bytes in
                Result { () throws(JSONParseError) in try Jansson.parse(bytes: bytes) }
            }
            let simd = line.withUnsafeBytes { RequestLineParser.fastParse($0) }
            let answer = line.withUnsafeBytes { bytes in
                Result { () throws(JSONParseError) -> JSONValue in
                    // Nothing is answered from the tape here, so every line comes back as its value.
                    switch try RequestLineParser.read(bytes, answeringKeyResolve: { _, _ -> Never? in nil }) {
                    case .message(let value): value
                    }
                }
            }
            let text = String(decoding: line.prefix(80), as: UTF8.self)
            if let simd {
                fast += 1
                #expect(reference == .success(simd), "\(text)")
            }
            switch (answer, reference) {
            case (.success(let a), .success(let b)): #expect(a == b, "\(text)")
            case (.failure(let a), .failure(let b)): #expect(a.description == b.description, "\(text)")
            default: Issue.record("the parsers disagree on \(text)")
            }
        }
        // The corpus is mostly malformed on purpose; the valid requests go the fast way.
        #expect(fast > 100, "simdjson took \(fast) of \(lines.count) lines")
        #expect(Array(Self.edgeCases[0].utf8).withUnsafeBytes { RequestLineParser.fastParse($0) } != nil)
    }
}
