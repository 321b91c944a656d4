import CSimdJSON
import NIOPosix
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleJansson
import SnapStyleProtocol

/// Parses request lines with simdjson (through the `CSimdJSON` C interface), one parser per thread; anything it
/// does not accept, or reads differently from jansson (duplicate or NUL-holding keys, integers beyond 64 bits,
/// nesting past 1,024), is parsed again by jansson, whose answer (a value, or an error with its position) stands.
/// Theme files are never parsed here: jansson, with positions, stays their parser. docs/architecture.md,
/// "Request lines", has the figures behind this.
enum RequestLineParser {
    /// Owns one thread's simdjson parser. Sendable only so that `ThreadSpecificVariable` may hold it: each one is
    /// made, used and freed by a single thread.
    final class Parser: @unchecked Sendable {
        let pointer: OpaquePointer?

        init() { pointer = snapjson_parser_create() }
        deinit { snapjson_parser_destroy(pointer) }
    }

    private static let parsers = ThreadSpecificVariable<Parser>()

    /// What a line gave: the answer `read` was asked to make for a single-key `resolve`, or the line's value.
    enum Line<Answer> {
        case answered(Answer)
        case message(JSONValue)
    }

    /// Reads a line. A single-key `resolve` is handed to `answer` straight from the tape, its params read in place
    /// (no `JSONValue` built); anything else, or a resolve `answer` gives nil for, comes back as the line's value.
    static func read<Answer>(
        _ bytes: UnsafeRawBufferPointer, answeringKeyResolve answer: (JSONValue, KeyResolveParams) -> Answer?
    ) throws(JSONParseError) -> Line<Answer> {
        if let line = withTape(
            bytes,
            { tape -> Line<Answer>? in
                var params = KeyResolveParams()
                if let id = tape.keyResolve(into: &params), let answered = answer(id, params) {
                    return .answered(answered)
                }
                tape.index = 0
                return tape.value().map(Line.message)
            })
        {
            return line
        }
        return .message(try Jansson.parse(bytes: bytes))
    }

    /// The line's value through simdjson, or nil to let jansson decide.
    static func fastParse(_ bytes: UnsafeRawBufferPointer) -> JSONValue? {
        withTape(bytes) { tape in tape.value() }
    }

    /// Parses with this thread's simdjson parser and reads the tape (valid only inside `body`); nil when simdjson
    /// does not accept the line, or `body` gives nil.
    private static func withTape<T>(_ bytes: UnsafeRawBufferPointer, _ body: (inout RequestTape) -> T?) -> T? {
        let parser: Parser
        if let existing = parsers.currentValue {
            parser = existing
        } else {
            parser = Parser()
            parsers.currentValue = parser
        }
        guard let pointer = parser.pointer, let base = bytes.baseAddress else { return nil }
        var nodes: UnsafePointer<snapjson_node>?
        var count = 0
        let code = snapjson_parse(
            pointer, base.assumingMemoryBound(to: CChar.self), bytes.count, &nodes, &count, nil, 0)
        guard code == 0, let nodes, count > 0 else { return nil }
        var tape = RequestTape(nodes: UnsafeBufferPointer(start: nodes, count: count))
        return body(&tape)
    }
}
