import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleServer
import SnapStyleSystem
import SnapStyleTestSupport
import Testing

/// JSON-RPC over the real socket: every method, every error code, malformed input of every kind.
@Suite(.serialized) struct ProtocolE2ETests {
    func parse(_ line: String?) throws -> JSONValue { try Jansson.parse(try #require(line)) }

    @Test func methodsAnswerWithTheirIdsAndGenerations() throws {
        let daemon = try DaemonProcess()
        let client = try LineSocket(daemon.socket)
        client.send(
            """
            {"jsonrpc":"2.0","id":1,"method":"ping"}
            {"jsonrpc":"2.0","id":"two","method":"resolve","params":{"attribute":"number","key":"spacingGroups","context":{"dynamicType":"xxxLarge"}}}
            {"jsonrpc":"2.0","id":3,"method":"resolve","params":{"queries":[{"attribute":"font","key":"title"},{"attribute":"icon","key":"nope"}]}}
            {"jsonrpc":"2.0","id":4,"method":"resolveElement","params":{"element":"title","context":{"stack":[{"component":"contentCard"}]}}}
            {"jsonrpc":"2.0","id":5,"method":"resolveContainer","params":{"context":{"stack":[{"component":"screen"},{"component":"contentCard","state":"selected"}]}}}
            {"jsonrpc":"2.0","id":6,"method":"explain","params":{"attribute":"number","key":"paddingCard"}}
            {"jsonrpc":"2.0","id":7,"method":"themes"}
            {"jsonrpc":"2.0","id":8,"method":"keys","params":{"attribute":"icon"}}
            {"jsonrpc":"2.0","id":9,"method":"status"}

            """)
        var responses: [String: JSONValue] = [:]
        for _ in 0..<9 {
            let response = try parse(client.readLine())
            responses[Jansson.encode(response["id"]!)] = response
        }
        #expect(responses["1"]?["result"] == "pong")
        let spacing = try #require(responses["\"two\""]?["result"])
        #expect(spacing["generation"] == 1)
        #expect(spacing["value"]?["base"] == 16)
        #expect(abs((spacing["value"]?["value"]?.doubleValue ?? 0) - 16.0 * 23 / 17) < 0.0001)
        let queries = try #require(responses["3"]?["result"]?["results"]?.arrayValue)
        #expect(queries[0]["value"]?["baseSize"] == 22)
        #expect(queries[1]["error"]?["code"] == -32002)
        #expect(responses["4"]?["result"]?["font"]?["key"] == "title")
        #expect(responses["5"]?["result"]?["state"] == "selected")
        #expect(responses["5"]?["result"]?["levelOverall"] == 1)
        #expect((responses["6"]?["result"]?["steps"]?.arrayValue?.count ?? 0) >= 1)
        #expect(responses["7"]?["result"]?["default"] == "snap")
        #expect((responses["8"]?["result"]?["keys"]?["icon"]?.arrayValue?.count ?? 0) > 5)
        let status = try #require(responses["9"]?["result"])
        #expect(status["socket"]?.stringValue == daemon.socket)
        #expect(status["connections"] == 1)
        #expect(status["cache"]?["misses"]?.intValue ?? 0 > 0)
        #expect(daemon.stop() == 0)
    }

    @Test(arguments: [
        ("not json", -32700),
        ("{\"jsonrpc\":\"2.0\",\"id\":1,", -32700),
        ("[]", -32600),
        ("42", -32600),
        ("{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}", -32600),
        ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7}", -32600),
        ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"extra\":1}", -32600),
        ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"nope\"}", -32601),
        ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resolve\",\"params\":[1]}", -32602),
        (
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resolve\",\"params\":{\"attribute\":\"colour\",\"key\":\"a\"}}",
            -32602
        ),
        (
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resolve\",\"params\":{\"theme\":\"nope\",\"attribute\":\"font\",\"key\":\"title\"}}",
            -32001
        ),
        (
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resolve\",\"params\":{\"attribute\":\"font\",\"key\":\"titel\"}}",
            -32002
        ),
        (
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resolve\",\"params\":{\"attribute\":\"font\",\"key\":\"title\",\"context\":{\"stack\":[{\"component\":\"card\",\"state\":\"pressed\"}]}}}",
            -32003
        ),
        (
            // Valid JSON (an integer beyond 64 bits), but no elevation: the context is invalid.
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resolve\",\"params\":{\"attribute\":\"number\",\"key\":\"zero\",\"context\":{\"elevation\":123456789012345678901234567890}}}",
            -32003
        ),
        // A NUL escape is valid JSON: the key is merely not a valid key.
        (
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resolve\",\"params\":{\"attribute\":\"font\",\"key\":\"a\\u0000b\"}}",
            -32602
        ),
        // A raw NUL byte in a line is not JSON.
        ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"pi\u{0}ng\"}", -32700),
        (String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000), -32700),
    ])
    func malformedInputGetsItsErrorAndTheConnectionKeepsWorking(_ input: String, _ code: Int) throws {
        let daemon = try DaemonProcess()
        let client = try LineSocket(daemon.socket)
        client.send(input + "\n")
        let response = try parse(client.readLine())
        #expect(response["error"]?["code"]?.intValue == code, "\(response)")
        client.send("{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"ping\"}\n")
        #expect(try parse(client.readLine())["result"] == "pong")
    }

    @Test func invalidUTF8IsAParseError() throws {
        let daemon = try DaemonProcess()
        let client = try LineSocket(daemon.socket)
        client.send([0x7B, 0xFF, 0xFE, 0x7D, 0x0A])
        #expect(try parse(client.readLine())["error"]?["code"] == -32700)
        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r\n")
        #expect(try parse(client.readLine())["result"] == "pong")
    }

    @Test func batchesAndNotifications() throws {
        let daemon = try DaemonProcess()
        let client = try LineSocket(daemon.socket)
        client.send(
            """
            [{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"ping"},{"jsonrpc":"2.0","id":2,"method":"nope"},5]
            {"jsonrpc":"2.0","method":"ping"}
            [{"jsonrpc":"2.0","method":"ping"}]
            {"jsonrpc":"2.0","method":"ping","params":[1]}
            [{"jsonrpc":"2.0","method":"ping","params":[]},{"jsonrpc":"2.0","method":"nope"}]
            {"jsonrpc":"2.0","id":3,"method":"ping"}

            """)
        let batch = try #require(try parse(client.readLine()).arrayValue)
        #expect(batch.count == 3)
        #expect(batch.contains { $0["id"] == 1 && $0["result"] == "pong" })
        #expect(batch.contains { $0["id"] == 2 && $0["error"]?["code"] == -32601 })
        #expect(batch.contains { $0["id"] == .null && $0["error"]?["code"] == -32600 })
        // Notifications get nothing, not even for bad params or an unknown method: the next line answers id 3.
        #expect(try parse(client.readLine())["id"] == 3)
    }

    @Test func subscriptionLimitsAndUnsubscribe() throws {
        let daemon = try DaemonProcess()
        let client = try LineSocket(daemon.socket)
        var last: JSONValue = .null
        for id in 1...65 {
            client.send("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"subscribe\"}\n")
            last = try parse(client.readLine())
        }
        #expect(last["error"]?["code"] == -32005)
        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"unsubscribe\",\"params\":{\"subscription\":\"s1\"}}\n")
        #expect(try parse(client.readLine())["result"]?["ok"] == true)
        client.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"unsubscribe\",\"params\":{\"subscription\":\"s1\"}}\n")
        #expect(try parse(client.readLine())["error"]?["code"] == -32602)
        let queries = (0..<1001).map { "{\"id\":\($0),\"attribute\":\"icon\",\"key\":\"favorite\"}" }
        client.send(
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"subscribe\",\"params\":{\"queries\":["
                + queries.joined(separator: ",") + "]}}\n")
        #expect(try parse(client.readLine())["error"]?["code"] == -32005)
        let tooMany = (0..<1001).map { _ in "{\"attribute\":\"icon\",\"key\":\"favorite\"}" }
        client.send(
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resolve\",\"params\":{\"queries\":["
                + tooMany.joined(separator: ",") + "]}}\n")
        #expect(try parse(client.readLine())["error"]?["code"] == -32005)
        client.send(
            "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"subscribe\",\"params\":{\"since\":{\"instance\":\"old\",\"generation\":1}}}\n"
        )
        #expect(try parse(client.readLine())["result"]?["missed"] == true)
        // A subscribe answered with an error makes no subscription.
        let other = try LineSocket(daemon.socket)
        let status = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"status\"}\n"
        other.send(status)
        let before = try #require(try parse(other.readLine())["result"]?["subscriptions"]?.intValue)
        other.send(
            "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"subscribe\",\"params\":{\"since\":{\"instance\":\"x\"}}}\n")
        #expect(try parse(other.readLine())["error"]?["data"]?["field"] == "since")
        other.send(status)
        #expect(try parse(other.readLine())["result"]?["subscriptions"]?.intValue == before)
    }

    @Test func batchOverTheLimit() throws {
        let daemon = try DaemonProcess()
        let client = try LineSocket(daemon.socket)
        let entries = Array(repeating: "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", count: 1001)
        client.send("[" + entries.joined(separator: ",") + "]\n")
        #expect(try parse(client.readLine())["error"]?["code"] == -32005)
    }

    @Test func aLineOverTheLimitIsAnsweredAndClosedWithoutHarmingOthers() throws {
        let daemon = try DaemonProcess(config: "{\"maxLineBytes\": 1024}")
        let other = try LineSocket(daemon.socket)
        let client = try LineSocket(daemon.socket)
        client.send(String(repeating: "x", count: 5000))
        let response = try parse(client.readLine())
        #expect(response["error"]?["code"] == -32005)
        #expect(response["id"] == .null)
        #expect(client.isClosed())
        other.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n")
        #expect(try parse(other.readLine())["result"] == "pong")
    }

    @Test(arguments: [(60_000, false), (70_000, true)])
    func fourRequestsOfTensOfThousandsOfMembersHoldNoOtherClient(members: Int, overLimit: Bool) throws {
        let daemon = try DaemonProcess()
        let object = (0..<members).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let line = #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":{"# + object + "}}}\n"
        let heavy = try LineSocket(daemon.socket)
        let other = try LineSocket(daemon.socket)
        for _ in 0..<4 { heavy.send(line) }
        other.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n")
        // Quadratic, four 70,000-member lines held this ping for 28 s; linear, the exchange takes milliseconds.
        #expect(try parse(other.readLine(timeout: 2))["result"] == "pong")
        for _ in 0..<4 {
            let answer = try parse(heavy.readLine(timeout: 2))
            #expect(answer["id"] == 1)
            if overLimit {
                #expect(answer["error"]?["code"] == -32005 && answer["error"]?["data"]?["limit"] == "objectMembers")
            } else {
                #expect(answer["error"]?["code"] == -32602, "ping takes no params: checked like any request")
            }
        }
        // In a batch the object counts the same: the batch as a whole is over the limit, with id null.
        heavy.send("[" + line.dropLast() + "]\n")
        let batch = try parse(heavy.readLine(timeout: 2))
        if overLimit {
            #expect(batch["id"] == .null && batch["error"]?["data"]?["limit"] == "objectMembers")
        } else {
            #expect(batch.arrayValue?.first?["error"]?["code"] == -32602)
        }
    }

    @Test(arguments: ["explain", "resolve"])
    func overridesWithA10000DefinitionChainHoldNoOtherClient(method: String) throws {
        let daemon = try DaemonProcess()
        var numbers = (0..<9_999).map { #""k\#($0)": {"ref": "k\#($0 + 1)"}"# }
        numbers.append(#""k9999": 1"#)
        let line =
            #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":{"attribute":"number","key":"k0","#
            + #""overrides":{"number":{"# + numbers.joined(separator: ",") + "}}}}\n"
        let heavy = try LineSocket(daemon.socket)
        let other = try LineSocket(daemon.socket)
        for _ in 0..<4 { heavy.send(line) }
        // The issue's bound: no request holds another connection's ping for more than 300 ms.
        var worst = 0.0
        for id in 2..<12 {
            let start = Date()
            other.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"# + "\n")
            #expect(try parse(other.readLine(timeout: 5))["result"] == "pong")
            worst = max(worst, Date().timeIntervalSince(start))
        }
        #expect(worst < 0.3, "worst ping \(worst) s")
        for _ in 0..<4 {
            #expect(try parse(heavy.readLine(timeout: 10))["error"]?["data"]?["limit"] == "referenceDepth")
        }
        // One definition more is over the limit, whatever the method.
        heavy.send(line.replacingOccurrences(of: #""k9999": 1"#, with: #""k9999": {"ref": "k10000"}, "k10000": 1"#))
        #expect(try parse(heavy.readLine(timeout: 10))["error"]?["data"]?["limit"] == "overrideDefinitions")
    }

    static let exactIDs = [
        "-9223372036854775809", "-9223372036854775808", "9223372036854775808", "123456789012345678901234567890",
        "1.0", "0.1234567890123456789", "-0", "1e2", "1E+2", "-0.0", "3.14", "17",
    ]

    @Test func everyIDIsEchoedAsWritten() throws {
        let daemon = try DaemonProcess()
        let client = try LineSocket(daemon.socket)
        for id in Self.exactIDs {
            // In place (ping), a fast-path resolve, deferred (themes), and an error.
            for method in [
                #""method":"ping""#, #""method":"resolve","params":{"attribute":"number","key":"spacingGroups"}"#,
                #""method":"themes""#, #""method":"nope""#,
            ] {
                client.send(#"{"jsonrpc":"2.0","id":\#(id),\#(method)}"# + "\n")
                let line = try #require(client.readLine())
                #expect(line.hasPrefix(#"{"jsonrpc":"2.0","id":\#(id),"#), "\(id) \(method): \(line.prefix(80))")
            }
        }
        // In a batch, each entry's own text: the two ids jansson reads as one double come back different.
        let batch =
            "[" + Self.exactIDs.map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# }.joined(separator: ", ")
            + "]\n"
        client.send(batch)
        let line = try #require(client.readLine())
        for id in Self.exactIDs { #expect(line.contains(#""id":\#(id),"result""#), "\(id)") }
    }

    @Test func tooManyConnections() throws {
        let daemon = try DaemonProcess(config: "{\"maxConnections\": 2}")
        let first = try LineSocket(daemon.socket)
        let second = try LineSocket(daemon.socket)
        first.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n")
        second.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n")
        _ = first.readLine()
        _ = second.readLine()
        let third = try LineSocket(daemon.socket)
        #expect(try parse(third.readLine())["error"]?["code"] == -32005)
        #expect(third.isClosed())
    }

    @Test func aClientThatDisconnectsMidLineOrNeverReadsHarmsNoOne() throws {
        let daemon = try DaemonProcess(config: "{\"maxQueuedBytes\": 65536}")
        do {
            let leaving = try LineSocket(daemon.socket)
            leaving.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"meth")
        }
        // A client that pipelines requests and never reads: the daemon stops reading it (its output stays at the
        // limit), and drops it once it has taken nothing for a while.
        let greedy = try LineSocket(daemon.socket)
        let request = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"keys\"}\n"
        for _ in 0..<200 { greedy.send(request) }
        let healthy = try LineSocket(daemon.socket)
        healthy.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n")
        #expect(try parse(healthy.readLine())["result"] == "pong")
        eventually("the daemon to drop the client that does not read", timeout: 12) {
            daemon.log.contains("a client that does not read")
        }
        #expect(greedy.isClosed(timeout: 2))
        healthy.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n")
        #expect(try parse(healthy.readLine())["result"] == "pong")
    }

    /// An answer far over the output limit streams to a client that reads it, however slowly.
    @Test func aLargeAnswerReachesAClientThatReadsSlowly() throws {
        let daemon = try DaemonProcess(config: "{\"maxQueuedBytes\": 65536}")
        let numbers = (0..<20_000).map { "\"key\($0)\": \($0)" }.joined(separator: ", ")
        daemon.write("big.json", "{\"number\": {\(numbers)}}")
        try daemon.waitForTheme("big")
        let client = try LineSocket(daemon.socket)
        client.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"keys\",\"params\":{\"theme\":\"big\"}}\n")
        // Read 16 KiB at a time with pauses: the answer (close to a megabyte) takes several seconds to arrive.
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(30)
        while received.last != UInt8(ascii: "\n"), Date() < deadline {
            var chunk = [UInt8](repeating: 0, count: 16_384)
            let n = chunk.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }
            received += chunk[0..<n]
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(received.count > 900_000)
        let response = try Jansson.parse(bytes: Array(received.dropLast()))
        #expect(response["id"] == 7)
        #expect((response["result"]?["keys"]?["number"]?.arrayValue?.count ?? 0) > 20_000)
        #expect(!daemon.log.contains("does not read"))
    }
}

/// Limits that keep one client from taking the daemon's memory, descriptors or time.
@Suite(.serialized) struct ResourceLimitTests {
    func parse(_ line: String?) throws -> JSONValue { try Jansson.parse(try #require(line)) }

    /// At an open-files limit of 200 (soft and hard), the daemon serves what fits and answers one client too
    /// many with -32005 instead of failing to accept in a loop; closing clients makes room again.
    @Test func theOpenFilesLimitCapsConnectionsWithAnAnswer() throws {
        let daemon = try DaemonProcess(launcher: ["/bin/sh", "-c", #"ulimit -n 200 && exec "$0" "$@""#])
        #expect(daemon.log.contains("does not fit the open-files limit 200"))
        var clients: [LineSocket] = []
        for _ in 0..<(200 - FileDescriptorLimit.reserve) {
            let client = try LineSocket(daemon.socket)
            client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n")
            #expect(try parse(client.readLine())["result"] == "pong")
            clients.append(client)
        }
        let extra = try LineSocket(daemon.socket)
        #expect(try parse(extra.readLine())["error"]?["code"] == -32005)
        clients.removeLast(10)
        // Until the daemon has seen the closes, a new client is one too many and answered -32005.
        try eventually("a place freed by the closed clients") {
            let again = try LineSocket(daemon.socket)
            again.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n")
            return try parse(again.readLine())["result"] == "pong"
        }
    }

    /// A request that asks for a large value many times is refused before it costs the daemon its memory.
    @Test func aRequestThatWouldBuildAHugeAnswerIsLimitExceeded() throws {
        let daemon = try DaemonProcess()
        let side = 100
        let points = (0..<side * side).map { "[\(Double($0 % side) / 99), \(Double($0 / side) / 99)]" }
        let colors = Array(repeating: "\"#112233\"", count: side * side)
        let mesh =
            #"{"meshGradient": {"width": 100, "height": 100, "points": [\#(points.joined(separator: ","))], "colors": [\#(colors.joined(separator: ","))]}}"#
        let queries = Array(repeating: #"{"attribute": "surface", "key": "m"}"#, count: 1000).joined(separator: ",")
        let client = try LineSocket(daemon.socket)
        client.send(
            #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"queries":[\#(queries)],"overrides":{"surface":{"m":\#(mesh)}}}}"#
                + "\n")
        let error = try parse(client.readLine(timeout: 30))["error"]
        #expect(error?["code"] == -32005)
        #expect(error?["data"]?["limit"] == "resultBytes")
        // One such value alone is fine.
        client.send(
            #"{"jsonrpc":"2.0","id":2,"method":"resolve","params":{"attribute":"surface","key":"m","overrides":{"surface":{"m":\#(mesh)}}}}"#
                + "\n")
        #expect(try parse(client.readLine(timeout: 30))["result"]?["value"]?["colors"]?.arrayValue?.count == 10_000)
        let rss = try String(contentsOfFile: "/proc/\(daemon.process.processIdentifier)/status", encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        let kilobytes = Int(rss?.split(separator: " ").dropFirst().first ?? "") ?? 0
        // Without the bound a thousand such values took gigabytes; AddressSanitizer's quarantine adds its own.
        let bound = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil ? 400_000 : 2_000_000
        #expect(kilobytes < bound, "the daemon holds \(kilobytes) kB")
    }
}
