import Logging
import SnapStyleConfiguration
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleJansson
import SnapStyleProtocol
import SnapStyleSystem
import SnapStyleThemes
import Testing

@testable import SnapStyleServer

/// A single-key `resolve` is read straight from simdjson's tape and answered without building a `JSONValue`;
/// every other line, and every such request that fails, goes the general way (parse, envelope, `Params`). For
/// the same line both must give the same bytes.
@Suite struct KeyResolvePathTests {
    final class Sink: EventSink {
        func send(line: [UInt8]) {}
    }

    static let daemon: Daemon = {
        let store = ThemeStore(roots: [])
        store.reloadAll()
        return Daemon(
            configuration: DaemonConfiguration(), store: store, socketPath: "/nowhere", logger: Logger(label: "test"),
            notifier: SystemdNotifier(environment: [:]))
    }()
    static let caller = Caller(connection: 1, sink: Sink())

    static let contexts = [
        "", #","context":{}"#, #","context":{"colorScheme":"dark"}"#,
        #","context":{"colorScheme":"dark","contrast":"high","dynamicType":"accessibility3","scaleFactor":1.25}"#,
        #","context":{"scaleFactor":-0.0,"elevation":2,"fontDesign":"rounded","fontWidth":"expanded"}"#,
        #","context":{"platform":"ios","accent":"primary","componentHierarchy":"secondary"}"#,
        #","context":{"stack":[{"component":"contentCard"}],"element":"title.secondary"}"#,
        #","context":{"stack":[{"container":"screen","state":"selected"}],"element":{"type":"title"}}"#,
        #","context":{"vars":{"brand":"b","size":3}}"#,
    ]

    /// Valid requests in several spellings: the envelope's members in every order, ids of both kinds, with and
    /// without a theme, across contexts and attributes.
    static let fastLines: [String] = {
        let params = [
            #"{"attribute":"font","key":"title""#, #"{"key":"title","attribute":"font","theme":"snap""#,
            #"{"theme":"snap","attribute":"surface","key":"systemBlue""#,
            #"{"attribute":"number","key":"spacingGroups""#,
        ]
        var lines: [String] = []
        for (index, context) in contexts.enumerated() {
            for param in params {
                lines.append(
                    #"{"jsonrpc":"2.0","id":\#(index + 1),"method":"resolve","params":\#(param)\#(context)}}"#)
            }
        }
        let members = [
            #""jsonrpc":"2.0""#, #""id":"a-\"quoted\"-id""#, #""method":"resolve""#,
            #""params":{"attribute":"font","key":"title","context":{"colorScheme":"dark"}}"#,
        ]
        for first in 0..<4 {
            for second in 0..<4 where second != first {
                let rest = (0..<4).filter { $0 != first && $0 != second }
                for order in [[first, second] + rest, [first, second] + rest.reversed()] {
                    lines.append("{" + order.map { members[$0] }.joined(separator: ",") + "}")
                }
            }
        }
        lines.append(
            #" { "jsonrpc" : "2.0" , "id" : -9007199254740991 , "method" : "resolve" , "params" : {"attribute":"font","key":"title"} } "#
        )
        return lines
    }()

    /// Lines the tape path leaves to the general one, or that fail there: each gets the general path's answer.
    static let otherLines: [String] = [
        // Ids whose text may differ from their value (`-0`, past 2^53) take the general path, which echoes the text
        // (ProtocolE2ETests.everyIDIsEchoedAsWritten).
        #"{"jsonrpc":"2.0","id":0,"method":"resolve","params":{"attribute":"font","key":"title"}}"#,
        #"{"jsonrpc":"2.0","id":-9223372036854775808,"method":"resolve","params":{"attribute":"font","key":"title"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font","key":"nope"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"fonts","key":"title"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font","key":"bad key"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font","key":"title","theme":"gone"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font","key":"title","context":{"colorScheme":"dim"}}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font","key":"title","context":{"shade":1}}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font","key":"title","context":{"colorScheme":"dark","colorScheme":"light"}}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font","key":"title","context":[]}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font","key":"title","context":null}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font","key":"title","theme":null}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font","key":"title","extra":1}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":7,"key":"title"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font","key":"title","key":"title"}}"#,
        #"{"jsonrpc":"2.0","id":1.5,"method":"resolve","params":{"attribute":"font","key":"title"}}"#,
        #"{"jsonrpc":"2.0","id":null,"method":"resolve","params":{"attribute":"font","key":"title"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}"#,
        #"{"jsonrpc":"1.0","id":1,"method":"resolve","params":{"attribute":"font","key":"title"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font","key":"title"},"x":1}"#,
        #"{"jsonrpc":"2.0","id":1,"id":2,"method":"resolve","params":{"attribute":"font","key":"title"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font","key":"title","queries":[]}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font","key":"ti\u0000tle"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"attribute":"font","key":"title","context":{"colo\u0000rScheme":"dark"}}}"#,
    ]

    /// What the general path answers: the line parsed by jansson, its envelope read, the method dispatched.
    static func general(_ line: String) throws -> [UInt8]? {
        let message: JSONValue
        do { message = try Jansson.parse(line) } catch {
            return ResponseLine.error(id: .null, .parseError(error.description))
        }
        switch RequestEnvelope.read(message) {
        case .failure(let failure): return failure.answered ? ResponseLine.error(id: failure.id, failure.error) : nil
        case .success(let request): return daemon.dispatcher.answerInPlace(request, caller: caller)
        }
    }

    static func reply(_ line: String) -> [UInt8]? {
        let reply = Array(line.utf8).withUnsafeBytes { daemon.dispatcher.reply(to: $0, caller: caller) }
        guard case .line(let bytes) = reply else { return nil }
        return bytes
    }

    static func readsFromTheTape(_ line: String) -> Bool {
        let read = Array(line.utf8).withUnsafeBytes { bytes in
            Result { () throws(JSONParseError) in
                try RequestLineParser.read(bytes) { _, _ in true }
            }
        }
        guard case .success(.answered) = read else { return false }
        return true
    }

    @Test(arguments: fastLines + otherLines)
    func bothPathsGiveTheSameBytes(line: String) throws {
        let expected = try #require(try Self.general(line), "the general path answers every line here")
        let fast = try #require(Self.reply(line))
        #expect(String(decoding: fast, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test func validRequestsAreReadFromTheTapeAndTheRestAreNot() throws {
        #expect(Self.fastLines.count > 50)
        for line in Self.fastLines { #expect(Self.readsFromTheTape(line), "\(line)") }
        // A successful answer from the fast path: a result, not an error.
        for line in Self.fastLines {
            let reply = try #require(Self.reply(line))
            #expect(try Jansson.parse(String(decoding: reply, as: UTF8.self))["result"] != nil, "\(line)")
        }
        let leftToTheGeneralPath = Self.otherLines.filter { !Self.readsFromTheTape($0) }
        // Those the tape accepts fail in resolution (unknown key, theme or context value) and are answered again.
        #expect(leftToTheGeneralPath.count >= Self.otherLines.count - 4)
    }
}
