import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleProtocol
import SnapStyleTestSupport
import Testing

/// The daemon's `audit` over the real socket: APCA's license notice with APCA figures, and requests of a megabyte
/// built to make it work hard or answer huge, which get an error or a bounded answer while the connection and the
/// daemon go on serving.
@Suite(.serialized) struct AuditE2ETests {
    func parse(_ line: String?) throws -> JSONValue { try Jansson.parse(try #require(line)) }

    @Test func anAuditWithAPCACarriesTheNoticeTheCLIPrints() throws {
        let daemon = try DaemonProcess()
        let client = try LineSocket(daemon.socket)
        client.send(#"{"jsonrpc":"2.0","id":1,"method":"audit","params":{"theme":"snap","apca":true}}"# + "\n")
        let answer = try parse(client.readLine(timeout: 60))
        let result = try #require(answer["result"].flatMap(AuditResult.init(json:)), "\(answer)")
        #expect(result.apca && result.standard.hasSuffix("and APCA bronze"))
        let notice = try #require(result.apcaNotice)
        // The same words `snapstyle audit --apca` writes on standard error.
        let run = try CLIRun(["audit", "--theme", "snap", "--apca", "--format", "json"])
        #expect(run.stderr.contains("snapstyle: note: \(notice)\n"), "\(run.stderr)")
        #expect(try parse(run.stdout)["apcaNotice"]?.stringValue == notice)

        client.send(#"{"jsonrpc":"2.0","id":2,"method":"audit","params":{"theme":"snap"}}"# + "\n")
        let plain = try parse(client.readLine(timeout: 60))
        #expect(plain["result"]?["apca"] == false)
        #expect(plain["result"]?["apcaNotice"] == nil, "no APCA figures, no notice")
    }

    /// Params of about a megabyte (the daemon's default line limit is 1 MiB), each built to hurt `audit`.
    static let hostileParams: [(name: String, params: String)] = {
        let megabyte = 1_000_000
        let long = String(repeating: "x", count: megabyte)
        let sameTheme = Array(repeating: #""snap""#, count: megabyte / 7).joined(separator: ",")
        let distinct = (0..<megabyte / 10).map { #""t\#($0)""# }.joined(separator: ",")
        let deep = String(repeating: "[", count: megabyte / 2) + String(repeating: "]", count: megabyte / 2)
        let deepObject =
            String(repeating: #"{"a":"#, count: megabyte / 6) + "1" + String(repeating: "}", count: megabyte / 6)
        let vars = (0..<60_000).map { #""v\#($0)":"x""# }.joined(separator: ",")
        return [
            ("a theme name of a megabyte", #"{"theme":"\#(long)"}"#),
            ("a level of a megabyte", #"{"theme":"snap","level":"\#(long)"}"#),
            ("the same theme 140,000 times", #"{"themes":[\#(sameTheme)]}"#),
            ("100,000 unknown themes", #"{"themes":[\#(distinct)]}"#),
            ("themes nested 500,000 deep", #"{"themes":\#(deep)}"#),
            ("a context nested 160,000 deep", #"{"theme":"snap","context":\#(deepObject)}"#),
            ("a context of 60,000 modifiers", #"{"theme":"snap","context":{"vars":{\#(vars)}}}"#),
            ("a member named with a megabyte", #"{"\#(long)":1}"#),
        ]
    }()

    @Test func aMegabyteOfHostileParamsGetsAnErrorOrABoundedAnswerAndTheDaemonGoesOn() throws {
        let daemon = try DaemonProcess()
        let client = try LineSocket(daemon.socket)
        let other = try LineSocket(daemon.socket)
        // What a plain audit of the preset answers: no hostile request is answered at more length.
        client.send(#"{"jsonrpc":"2.0","id":"plain","method":"audit","params":{"theme":"snap"}}"# + "\n")
        let plain = try #require(client.readLine(timeout: 60)).utf8.count
        for (index, (name, params)) in Self.hostileParams.enumerated() {
            let line = #"{"jsonrpc":"2.0","id":\#(index),"method":"audit","params":\#(params)}"#
            #expect(line.utf8.count < 1 << 20, "\(name): under the line limit")
            let start = Date()
            client.send(line + "\n")
            let answer = try #require(client.readLine(timeout: 60), "\(name): no answer")
            let seconds = Date().timeIntervalSince(start)
            #expect(answer.utf8.count <= plain, "\(name): an answer of \(answer.utf8.count) bytes")
            #expect(seconds < 20, "\(name): answered after \(seconds) s")
            let parsed = try parse(answer)
            #expect(parsed["error"] != nil || parsed["result"]?["themes"] != nil, "\(name): \(answer.prefix(300))")
            // The same connection, and another, are served.
            client.send(#"{"jsonrpc":"2.0","id":"p","method":"ping"}"# + "\n")
            #expect(try parse(client.readLine(timeout: 10))["result"] == "pong", "\(name)")
            other.send(#"{"jsonrpc":"2.0","id":"q","method":"ping"}"# + "\n")
            #expect(try parse(other.readLine(timeout: 10))["result"] == "pong", "\(name)")
        }
        client.send(#"{"jsonrpc":"2.0","id":"last","method":"audit","params":{"theme":"snap"}}"# + "\n")
        let last = try parse(client.readLine(timeout: 60))
        #expect(last["result"]?["themes"]?.arrayValue?.first?["theme"] == "snap")
    }
}
