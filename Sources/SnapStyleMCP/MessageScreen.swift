import SnapStyleJSON
import SnapStyleVocabulary

/// Reads each message before the SDK does and answers those JSON-RPC 2.0 says to answer in a way the SDK cannot: the
/// SDK's request id is a string or an integer and nothing else, so it answers a line that is not JSON with a random
/// id, and drops a request whose id is an object, a boolean or a fraction. Here:
/// - a line that is not JSON is `-32700` with id `null`;
/// - a message that is not a request, notification or response (not an object, no `jsonrpc: "2.0"`, a `method` that
///   is not a string, an empty batch) is `-32600` with id `null`, or with its id when that is a string or a number;
///   in a batch, each element is screened so: the valid ones go on as a batch, the others are answered in an array;
/// - a request whose id is `null`, a boolean, an object or an array is `-32600` with id `null` (MCP's ids are never
///   null; JSON-RPC answers with `null` when the id cannot be read);
/// - a request whose id is a number with a fraction (`1.5`, or an integer past 64 bits) is `-32600` with that id as
///   sent: JSON-RPC 2.0 allows such an id (it only says numbers SHOULD NOT have one) and requires the answer to carry
///   it, while MCP's ids are strings and integers, so the request is refused, not dropped;
/// - a request whose id is an integer written with a zero fraction (`7.0`) is that integer (JSON Schema's integers
///   are by value): it is handed on with the id written `7`.
/// Everything else goes on to the SDK as it came.
enum MessageScreen {
    enum Verdict: Equatable {
        /// Hand the message on, as it came (`rewritten` nil) or as `rewritten`; `message` is what was read.
        case pass(rewritten: [UInt8]?, message: JSONValue)
        /// Hand on nothing; answer this line instead.
        case answer(String)
        /// A batch with invalid elements: hand on the valid ones (`rewritten`, nil when none), answer the others.
        case split(answer: String, rewritten: [UInt8]?, message: JSONValue)
    }

    static func screen(_ line: UnsafeRawBufferPointer) -> Verdict {
        let message: JSONValue
        do {
            message = try JSONText.parse(bytes: line)
        } catch {
            return .answer(reply(id: .null, code: -32700, "Parse error: \(Quoted.excerpt(error.description))"))
        }
        switch message {
        case .array(let items):
            guard !items.isEmpty else { return .answer(reply(id: .null, code: -32600, "Invalid Request: empty batch")) }
            var valid: [JSONValue] = []
            var answers: [String] = []
            for item in items {
                switch item {
                case .object(let object):
                    switch screen(object, message: item) {
                    case .pass(_, let message): valid.append(message)
                    case .answer(let answer): answers.append(answer)
                    case .split: break
                    }
                default:
                    answers.append(reply(id: .null, code: -32600, "Invalid Request: a message is a JSON object"))
                }
            }
            guard !answers.isEmpty else { return .pass(rewritten: nil, message: message) }
            var bytes: [UInt8]?
            if !valid.isEmpty {
                var encoded: [UInt8] = []
                JSONText.encode(.array(valid), into: &encoded)
                bytes = encoded
            }
            return .split(answer: "[" + answers.joined(separator: ",") + "]", rewritten: bytes, message: .array(valid))
        case .object(let object):
            return screen(object, message: message)
        default:
            return .answer(reply(id: .null, code: -32600, "Invalid Request: a message is a JSON object"))
        }
    }

    private static func screen(_ object: JSONObject, message: JSONValue) -> Verdict {
        let id = object["id"]
        // The id to answer with: a string or a number as sent, else null.
        let answerID: JSONValue
        switch id {
        case .string?, .integer?, .double?: answerID = id!
        default: answerID = .null
        }
        guard object["jsonrpc"] == .string("2.0") else {
            return .answer(reply(id: answerID, code: -32600, "Invalid Request: \"jsonrpc\" must be \"2.0\""))
        }
        guard let method = object["method"] else {
            // A response to a request of the server's.
            guard object["result"] != nil || object["error"] != nil, id != nil else {
                return .answer(reply(id: answerID, code: -32600, "Invalid Request: no \"method\""))
            }
            return .pass(rewritten: nil, message: message)
        }
        guard case .string = method else {
            return .answer(reply(id: answerID, code: -32600, "Invalid Request: \"method\" must be a string"))
        }
        switch id {
        case nil, .string?, .integer?:
            return .pass(rewritten: nil, message: message)
        case .double(let number)?:
            if number.rounded() == number, let integer = Int64(exactly: number) {
                var rewritten = object
                rewritten["id"] = .integer(integer)
                var bytes: [UInt8] = []
                JSONText.encode(.object(rewritten), into: &bytes)
                return .pass(rewritten: bytes, message: .object(rewritten))
            }
            return .answer(
                reply(id: answerID, code: -32600, "Invalid Request: a request id is a string or an integer (MCP)"))
        case .null?:
            return .answer(reply(id: .null, code: -32600, "Invalid Request: a request id cannot be null (MCP)"))
        case .bool?, .array?, .object?:
            return .answer(
                reply(id: .null, code: -32600, "Invalid Request: a request id is a string or an integer"))
        }
    }

    /// A JSON-RPC error answer on one line.
    static func reply(id: JSONValue, code: Int, _ message: String) -> String {
        JSONText.encode(
            .object([
                "jsonrpc": "2.0", "id": id,
                "error": .object(["code": .integer(Int64(code)), "message": .string(message)]),
            ]))
    }
}
