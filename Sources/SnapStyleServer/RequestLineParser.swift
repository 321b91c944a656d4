import CSimdJSON
import NIOPosix
import SnapStyleJSON
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

    /// What a line holds: a single-key `resolve` read straight from simdjson's tape (no `JSONValue` built), or any
    /// other message as a value.
    enum Line {
        case keyResolve(id: JSONValue, KeyResolveParams)
        case message(JSONValue)
    }

    /// Reads a line; a single-key `resolve` comes back as `.keyResolve`, anything else as its value.
    static func read(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> Line {
        if let line = withTape(
            bytes,
            { tape in
                if let (id, params) = tape.keyResolve() { return Line.keyResolve(id: id, params) }
                tape.index = 0
                return tape.value().map(Line.message)
            })
        {
            return line
        }
        return .message(try Jansson.parse(bytes: bytes))
    }

    /// The line's value.
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        if let value = fastParse(bytes) { return value }
        return try Jansson.parse(bytes: bytes)
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
