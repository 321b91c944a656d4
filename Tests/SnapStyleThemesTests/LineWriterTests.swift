import SnapStyleJSON
import SnapStyleMethods
import SnapStyleJansson
import SnapStyleProtocol
import Testing

/// Response lines built piece by piece must be the JSON jansson would write.
@Suite struct LineWriterTests {
    @Test(arguments: [0, 7, -7, 10, 99, 100, 1_234_567_890, Int64.max, Int64.min, Int64.min + 1])
    func decimalsAreWhatJanssonWrites(number: Int64) {
        for capacity in [0, 3, 20] {
            let line = LineWriter.line(capacity: capacity) { $0.append(decimal: number) }
            #expect(String(decoding: line, as: UTF8.self) == Jansson.encode(.integer(number)))
        }
    }

    /// A line longer than the capacity given goes on in a growing array, and loses nothing.
    @Test(arguments: [0, 1, 10, 31, 32, 33, 1000])
    func aLineOverItsCapacityIsWhole(capacity: Int) {
        let line = LineWriter.line(capacity: capacity) { line in
            for index in 0..<8 {
                line.append("abc")
                line.append(identifier: "key\(index)")
            }
        }
        #expect(String(decoding: line, as: UTF8.self) == (0..<8).map { "abckey\($0)" }.joined())
    }

    @Test(arguments: [JSONValue.integer(17), .string("a \"quoted\" id"), .null, .double(1.5)])
    func aResultLineIsTheEnvelopeAroundTheResult(id: JSONValue) throws {
        let line = ResponseLine.result(id: id, capacity: 4) { line in
            line.append(#"{"theme":""#)
            line.append(identifier: "snap")
            line.append(#"","value":"#)
            line.append(Array("[1,2]".utf8))
            line.append("}")
        }
        let expected: JSONValue = .object([
            "jsonrpc": "2.0", "id": id, "result": .object(["theme": "snap", "value": [1, 2]]),
        ])
        #expect(String(decoding: line, as: UTF8.self) == Jansson.encode(expected))
    }
}
