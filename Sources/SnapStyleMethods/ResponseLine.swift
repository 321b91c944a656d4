import SnapStyleJSON
import SnapStyleJansson
import SnapStyleProtocol

/// Response and notification lines as bytes (no newline): the envelope written around an encoded result, so a
/// result's text is never parsed again to be wrapped.
public enum ResponseLine {
    /// `{"jsonrpc":"2.0","id":ID,"result":RESULT}`.
    public static func result(id: JSONValue, encoded result: [UInt8]) -> [UInt8] {
        self.result(id: id, capacity: result.count) { $0.append(result) }
    }

    /// `{"jsonrpc":"2.0","id":ID,"result":` + what `writeResult` appends + `}`, in one buffer (`capacity`: about
    /// how many bytes the result takes).
    public static func result(id: JSONValue, capacity: Int, _ writeResult: (inout LineWriter) -> Void) -> [UInt8] {
        LineWriter.line(capacity: 64 + capacity) { line in result(id: id, into: &line, writeResult) }
    }

    /// `{"jsonrpc":"2.0","id":ID,"result":` + what `writeResult` appends + `}`, written by `line`.
    public static func result(id: JSONValue, into line: inout LineWriter, _ writeResult: (inout LineWriter) -> Void) {
        line.append(#"{"jsonrpc":"2.0","id":"#)
        if case .integer(let number) = id {
            line.append(decimal: number)
        } else {
            var encoded: [UInt8] = []
            Jansson.encode(id, into: &encoded)
            line.append(encoded)
        }
        line.append(#","result":"#)
        writeResult(&line)
        line.append("}")
    }

    /// `{"jsonrpc":"2.0","id":ID,"error":{…}}`.
    public static func error(id: JSONValue, _ error: RPCError) -> [UInt8] {
        encode(.object(["jsonrpc": "2.0", "id": id, "error": error.json]))
    }

    /// A batch's responses in one array; nil when none is answered.
    public static func batch(_ responses: [[UInt8]]) -> [UInt8]? {
        guard !responses.isEmpty else { return nil }
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, response) in responses.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += response
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }

    /// `{"jsonrpc":"2.0","method":METHOD,"params":{"subscription":ID,…}}`.
    public static func notification(_ notification: ThemeEvent, subscription: String) -> [UInt8] {
        var params = notification.params
        params.members.insert(.init(key: "subscription", value: .string(subscription)), at: 0)
        return encode(
            .object(["jsonrpc": "2.0", "method": .string(notification.method.rawValue), "params": .object(params)]))
    }

    /// A value's compact JSON text.
    public static func encode(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        Jansson.encode(value, into: &bytes)
        return bytes
    }
}
