import Foundation
import SnapStyleJSON
import SnapStyleTestSupport
import Testing

/// `snapstyle preview` against the real daemon: routes, errors, the event stream, restarts.
@Suite(.serialized) struct PreviewE2ETests {
    static let brand = ##"""
        {"surface": {"brandPrimary": {"when": [{"if": {"colorScheme": "dark"}, "then": "#FF8800"}], "else": "#3366FF"}}}
        """##

    @Test func theRoutesAnswerWithTheDaemonsValues() throws {
        let daemon = try DaemonProcess()
        daemon.write("brand.json", Self.brand)
        try daemon.waitForTheme("brand")
        let preview = try PreviewProcess(socket: daemon.socket, arguments: ["--theme", "brand"])
        defer { preview.stop() }

        let themes = try HTTPAnswer.request(preview.url + "api/themes")
        #expect(themes.status == 200)
        #expect(themes.headers["content-type"]?.hasPrefix("application/json") == true)
        #expect(themes.headers["access-control-allow-origin"] == nil)
        let list = (themes.json as? [String: Any])?["themes"] as? [[String: Any]]
        let names = list?.compactMap { $0["name"] as? String }
        #expect(names?.contains("brand") == true && names?.contains("snap") == true)

        let light = try HTTPAnswer.request(preview.url + "theme/brand.css")
        let dark = try HTTPAnswer.request(preview.url + "theme/brand.css?colorScheme=dark&v=3")
        #expect(light.status == 200 && light.headers["content-type"]?.hasPrefix("text/css") == true)
        #expect(light.headers["access-control-allow-origin"] == "*")
        #expect(light.body.contains("--surface-brand-primary: #3366ff;"))
        #expect(dark.body.contains("--surface-brand-primary: #ff8800;"))
        #expect(light.body.hasPrefix(":root {"))

        let json = try HTTPAnswer.request(preview.url + "theme/brand.json?context=%7B%22colorScheme%22%3A%22dark%22%7D")
        let surface = ((json.json as? [String: Any])?["surface"] as? [String: Any])?["brandPrimary"] as? [String: Any]
        #expect(surface?["hex"] as? String == "#FF8800FF")
        let tokens = try HTTPAnswer.request(preview.url + "theme/brand.tokens.json")
        #expect(tokens.status == 200 && tokens.body.contains("\"$value\""))

        // The API's default theme is --theme; the page carries it too.
        let resolved = try HTTPAnswer.request(
            preview.url + "api/resolve?attribute=surface&key=brandPrimary&colorScheme=dark")
        #expect((resolved.json as? [String: Any])?["theme"] as? String == "brand")
        let page = try HTTPAnswer.request(preview.url)
        #expect(page.status == 200 && page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.body.contains("<meta name=\"snapstyle-theme\" content=\"brand\">"))
        for asset in ["preview.css", "preview.js", "key-lists.js"] {
            #expect(try HTTPAnswer.request(preview.url + asset).status == 200)
        }
        let module = try HTTPAnswer.request(preview.url + "sections.js")
        #expect(module.headers["content-type"] == "text/javascript; charset=utf-8")
        let head = try HTTPAnswer.request(preview.url + "theme/brand.css", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)

        let queries = #"[{"attribute":"font","key":"title"},{"attribute":"surface","key":"nope"}]"#
        let batch = try HTTPAnswer.request(
            preview.url + "api/resolve?theme=snap&dynamicType=accessibility3&queries="
                + queries.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        let results = (batch.json as? [String: Any])?["results"] as? [[String: Any]]
        #expect(((results?.first?["value"] as? [String: Any])?["size"] as? Double ?? 0) > 22)
        #expect(results?.last?["error"] != nil)

        // The page's batch: each call is what /api/METHOD?QUERY answers, in order, errors in place.
        let calls =
            #"[{"method":"resolveContainer","query":"component=contentCard:highlighted"},"#
            + #"{"method":"resolveElement","query":"component=contentCard&element=title"},"#
            + #"{"method":"reload","query":""},{"method":"resolve","query":"attribute=font&key=nope"}]"#
        let answer = try HTTPAnswer.request(
            preview.url + "api/batch?base=theme%3Dsnap%26colorScheme%3Ddark&calls="
                + calls.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        let answers = try #require((answer.json as? [String: Any])?["results"] as? [[String: Any]])
        #expect(answers.count == 4)
        let container = answers[0]["result"] as? [String: Any]
        #expect(container?["container"] as? String == "contentCard" && container?["state"] as? String == "highlighted")
        let title = answers[1]["result"] as? [String: Any]
        #expect((title?["font"] as? [String: Any])?["key"] as? String == "title")
        #expect((answers[2]["error"] as? [String: Any])?["code"] as? Int == -32601)
        #expect((answers[3]["error"] as? [String: Any])?["code"] as? Int == -32002)

        // A kept export is served only while the theme is at its generation.
        #expect(try HTTPAnswer.request(preview.url + "theme/brand.css").body == light.body)
        daemon.atomicWrite("brand.json", Self.brand.replacingOccurrences(of: "#3366FF", with: "#22AA44"))
        try daemon.waitForTheme("brand", generation: 2)
        let edited = try HTTPAnswer.request(preview.url + "theme/brand.css")
        #expect(edited.body.contains("--surface-brand-primary: #22aa44;"))
        #expect(try HTTPAnswer.request(preview.url + "theme/brand.css?colorScheme=dark").body == dark.body)
    }

    @Test func badRequestsGetJSONErrors() throws {
        let daemon = try DaemonProcess()
        let preview = try PreviewProcess(socket: daemon.socket)
        defer { preview.stop() }
        func check(_ answer: HTTPAnswer, status: Int, code: Int, field: String?) {
            #expect(answer.status == status, "\(answer.body)")
            #expect(answer.error?["code"] as? Int == code, "\(answer.body)")
            #expect(answer.error?["field"] as? String == field, "\(answer.body)")
            #expect((answer.error?["message"] as? String)?.isEmpty == false)
        }
        check(try HTTPAnswer.request(preview.url + "theme/nope.css"), status: 404, code: -32001, field: "theme")
        check(try HTTPAnswer.request(preview.url + "nowhere"), status: 404, code: -32601, field: nil)
        check(
            try HTTPAnswer.request(preview.url + "theme/snap.css?colorScheme=sepia"), status: 400, code: -32003,
            field: "colorScheme")
        check(
            try HTTPAnswer.request(preview.url + "api/resolve?attribute=surface&key=nope"), status: 400, code: -32002,
            field: "key")
        let badJSON = try HTTPAnswer.request(preview.url + "api/resolve?context=%7B")
        check(badJSON, status: 400, code: -32602, field: "context")
        // The error of an export route is readable from another origin too.
        #expect(try HTTPAnswer.request(preview.url + "theme/nope.css").headers["access-control-allow-origin"] == "*")

        for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
            let answer = try HTTPAnswer.request(preview.url + "api/themes", method: method)
            check(answer, status: 405, code: -32600, field: nil)
            #expect(answer.headers["allow"] == "GET, HEAD")
        }
        for host in ["evil.example", "evil.example:\(preview.port)", "127.0.0.1:1", "127.0.0.1"] {
            check(
                try HTTPAnswer.request(preview.url + "api/themes", headers: ["Host: \(host)"]), status: 421,
                code: -32600, field: nil)
        }
        let local = try HTTPAnswer.request(preview.url + "api/themes", headers: ["Host: localhost:\(preview.port)"])
        #expect(local.status == 200)

        daemon.stop()
        check(try HTTPAnswer.request(preview.url + "api/themes"), status: 502, code: -32000, field: nil)
        check(try HTTPAnswer.request(preview.url + "theme/snap.css"), status: 502, code: -32000, field: nil)
    }

    @Test func eventsRelayChangesErrorsAndResumes() throws {
        let daemon = try DaemonProcess()
        daemon.write("brand.json", Self.brand)
        try daemon.waitForTheme("brand")
        let preview = try PreviewProcess(socket: daemon.socket)
        defer { preview.stop() }
        let url = preview.url + "events?theme=brand"

        let stream = try EventStreamReader(url)
        let opened = try #require(stream.next())
        #expect(opened.event == nil && opened.id == "1", "the stream starts by saying where it is")
        daemon.atomicWrite("brand.json", Self.brand.replacingOccurrences(of: "#3366FF", with: "#22AA44"))
        let changed = try #require(stream.next(named: "themeChanged"))
        #expect(changed.id == "2")
        let params = try #require(try JSONSerialization.jsonObject(with: Data(changed.data.utf8)) as? [String: Any])
        #expect(params["theme"] as? String == "brand")
        #expect(params["generation"] as? Int == 2)
        #expect((params["changed"] as? [String: [String]])?["surface"] == ["brandPrimary"])

        daemon.write("brand.json", ##"{"surface": {"brandPrimary": "#12345"}}"##)
        let error = try #require(stream.next(named: "themeError"))
        #expect(error.id == "2")
        #expect(error.data.contains("brand.json") && error.data.contains("\"line\":1"))

        // Resuming from the newest id misses nothing; from an older one (or one never issued) it is told to refetch.
        let current = try EventStreamReader(url, headers: ["Last-Event-ID: 2"])
        #expect(current.next()?.event == nil)
        daemon.atomicWrite("brand.json", Self.brand)
        #expect(current.next(named: "themeChanged")?.id == "3")
        let behind = try EventStreamReader(url, headers: ["Last-Event-ID: 2"])
        let missed = try #require(behind.next())
        #expect(missed.event == "missed" && missed.id == "3")
        let stranger = try EventStreamReader(url, headers: ["Last-Event-ID: 40"])
        #expect(stranger.next()?.event == "missed")

        let unknown = try HTTPAnswer.request(preview.url + "events?theme=nope")
        #expect(unknown.status == 404 && unknown.error?["code"] as? Int == -32001)
        // An open stream does not hold up the preview's shutdown.
        #expect(preview.stop() == 0)
    }

    @Test func aRestartedDaemonIsFoundAgainAndStreamsSayMissed() throws {
        let daemon = try DaemonProcess()
        let preview = try PreviewProcess(socket: daemon.socket)
        defer { preview.stop() }
        let stream = try EventStreamReader(preview.url + "events?theme=snap")
        #expect(stream.next()?.id == "1")
        #expect(try HTTPAnswer.request(preview.url + "api/themes").status == 200)

        daemon.stop()
        #expect(try HTTPAnswer.request(preview.url + "api/themes").status == 502)
        let again = try DaemonProcess(sharing: daemon, sameSocket: true)
        defer { again.stop() }
        let missed = try #require(stream.next(named: "missed", timeout: 15))
        #expect(missed.data.contains("\"theme\":\"snap\""))
        #expect(try HTTPAnswer.request(preview.url + "api/themes").status == 200)
    }

    @Test func anExportAfterADaemonRestartIsTheNewDaemons() throws {
        let daemon = try DaemonProcess()
        daemon.write("brand.json", Self.brand)
        try daemon.waitForTheme("brand")
        let preview = try PreviewProcess(socket: daemon.socket)
        defer { preview.stop() }
        #expect(try HTTPAnswer.request(preview.url + "theme/brand.css").body.contains("#3366ff"))
        daemon.stop()
        // Changed while no daemon ran: the new daemon starts the theme at generation 1 again.
        daemon.write("brand.json", Self.brand.replacingOccurrences(of: "#3366FF", with: "#22AA44"))
        let again = try DaemonProcess(sharing: daemon, sameSocket: true)
        defer { again.stop() }
        try again.waitForTheme("brand")
        let css = try HTTPAnswer.request(preview.url + "theme/brand.css").body
        #expect(css.contains("--surface-brand-primary: #22aa44;"), "\(css.prefix(300))")
        // A renamed key is gone from the next export, and the new name is there.
        again.atomicWrite("brand.json", ##"{"surface": {"brandMain": "#22AA44"}}"##)
        try again.waitForTheme("brand", generation: 2)
        let renamed = try HTTPAnswer.request(preview.url + "theme/brand.css").body
        #expect(renamed.contains("--surface-brand-main: #22aa44;") && !renamed.contains("brand-primary"))
    }

    @Test func aClientThatLeavesEndsItsDaemonSubscription() throws {
        let daemon = try DaemonProcess()
        let preview = try PreviewProcess(socket: daemon.socket)
        defer { preview.stop() }
        func subscriptions() throws -> Int { try daemon.status()["subscriptions"]?.intValue ?? -1 }
        var stream: EventStreamReader? = try EventStreamReader(preview.url + "events?theme=snap")
        #expect(stream?.next()?.id == "1")
        #expect(try subscriptions() == 1)
        stream = nil
        try eventually("the daemon subscription to end") { try subscriptions() == 0 }
    }

    @Test func aQueryTheDaemonCannotReadIs400AtOnce() throws {
        let daemon = try DaemonProcess()
        let preview = try PreviewProcess(socket: daemon.socket)
        defer { preview.stop() }
        let started = Date()
        for path in [
            "theme/snap.css?vars.%00=1", "api/resolve?attribute=surface&key=light0&vars.%00=1",
            "events?theme=snap&vars.%00=1", "api/keys?theme=sn%01ap",
        ] {
            let answer = try HTTPAnswer.request(preview.url + path, timeout: 5)
            #expect(answer.status == 400, "\(path): \(answer.body)")
            #expect(answer.error?["code"] as? Int == -32602, "\(path)")
            #expect((answer.error?["field"] as? String)?.isEmpty == false, "\(path)")
        }
        // In a batch, the call whose query holds one is refused and the others are answered.
        let calls = #"[{"method":"resolve","query":"vars.%00=1"},{"method":"themes","query":""}]"#
        let batch = try HTTPAnswer.request(
            preview.url + "api/batch?calls=" + calls.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
            timeout: 5)
        let results = (batch.json as? [String: Any])?["results"] as? [[String: Any]]
        #expect((results?.first?["error"] as? [String: Any])?["field"] as? String == "vars.%00")
        #expect(results?.last?["result"] != nil)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(try HTTPAnswer.request(preview.url + "theme/snap.css").status == 200)
    }

    @Test func aDaemonAnswerThatNeverComesIs504() throws {
        let daemon = try DaemonProcess()
        let preview = try PreviewProcess(socket: daemon.socket, arguments: ["--daemon-timeout", "0.5"])
        defer { preview.stop() }
        #expect(try HTTPAnswer.request(preview.url + "api/themes").status == 200)
        // A stopped daemon still accepts on its socket and takes the requests, but answers nothing.
        daemon.signal(SIGSTOP)
        defer { daemon.signal(SIGCONT) }
        for path in ["api/themes", "theme/snap.css"] {
            let started = Date()
            let answer = try HTTPAnswer.request(preview.url + path)
            let elapsed = Date().timeIntervalSince(started)
            #expect(answer.status == 504, "\(path): \(answer.body)")
            #expect(answer.error?["code"] as? Int == -32000)
            #expect(elapsed >= 0.45 && elapsed < 5, "\(path) took \(elapsed) s")
        }
        daemon.signal(SIGCONT)
        #expect(try HTTPAnswer.request(preview.url + "api/themes").status == 200)
    }

    @Test func httpEdgesAreRefused() throws {
        let daemon = try DaemonProcess()
        let preview = try PreviewProcess(socket: daemon.socket)
        defer { preview.stop() }
        let host = "127.0.0.1:\(preview.port)"
        func exchange(_ head: String, untilClosed: Bool = false) throws -> RawHTTPExchange {
            try RawHTTPExchange.send(head + "\r\n", port: preview.port, untilClosed: untilClosed)
        }
        // Two Host headers, whichever comes first.
        for hosts in [[host, "evil.example"], ["evil.example", host], [host, host]] {
            let head = "GET /api/themes HTTP/1.1\r\n" + hosts.map { "Host: \($0)\r\n" }.joined()
            let answer = try exchange(head)
            #expect(answer.status == 400 && answer.error?["code"] as? Int == -32600, "\(hosts): \(answer.body)")
        }
        // An absolute-form target goes by its own authority, not by Host.
        let absolute = try exchange("GET http://evil.example/api/themes HTTP/1.1\r\nHost: \(host)\r\n")
        #expect(absolute.status == 421 && absolute.error?["code"] as? Int == -32600, "\(absolute.body)")
        #expect(try exchange("GET http://\(host)/api/themes HTTP/1.1\r\nHost: \(host)\r\n").status == 200)
        // A transfer coding other than chunked: 501, and the connection closes (its body cannot be delimited).
        for coding in ["xchunked", "gzip, chunked", "identity"] {
            let answer = try exchange(
                "GET /api/themes HTTP/1.1\r\nHost: \(host)\r\nTransfer-Encoding: \(coding)\r\n", untilClosed: true)
            #expect(answer.status == 501 && answer.error?["code"] as? Int == -32600, "\(coding): \(answer.body)")
            #expect(answer.closed, "\(coding)")
        }
        let chunked = try exchange(
            "GET /api/themes HTTP/1.1\r\nHost: \(host)\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n")
        #expect(chunked.status == 200)
        // A selector that could end the rule, open another or hide the rest is refused.
        for selector in ["} body {color:red", "a{", ":root;x", "@import url(x)", "a /* b", "a\u{1}b"] {
            let encoded = selector.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let answer = try HTTPAnswer.request(preview.url + "theme/snap.css?selector=" + encoded)
            #expect(answer.status == 400, "\(selector): \(answer.body)")
            #expect(answer.error?["field"] as? String == "selector" && answer.error?["code"] as? Int == -32602)
        }
        let scoped = try HTTPAnswer.request(
            preview.url + "theme/snap.css?selector=%5Bdata-theme%3D%22dark%22%5D%20.card")
        #expect(scoped.status == 200 && scoped.body.hasPrefix("[data-theme=\"dark\"] .card {"))
    }

    @Test func manyStreamsShareTheDaemonConnectionsAndEachGetsEverySave() throws {
        let daemon = try DaemonProcess()
        daemon.write("brand.json", Self.brand)
        try daemon.waitForTheme("brand")
        func status(_ member: String) throws -> Int { try daemon.status()[member]?.intValue ?? -1 }
        // The test's own status connection, before the preview holds any.
        let own = try status("connections")
        let preview = try PreviewProcess(socket: daemon.socket, arguments: ["--max-streams", "300"])
        defer { preview.stop() }

        var streams: RawEventStreams? = try RawEventStreams(
            count: 300, port: preview.port, path: "/events?theme=brand")
        #expect(streams?.waitUntilEach(received: "\nid: 1\n\n") == 300, "every stream opens at generation 1")
        #expect(try status("connections") <= own + 4)
        #expect(try status("subscriptions") == 1)

        // Past --max-streams: 503; HEAD tells the same without opening one.
        let refused = try HTTPAnswer.request(preview.url + "events?theme=brand")
        #expect(refused.status == 503 && refused.error?["code"] as? Int == -32005, "\(refused.body)")
        #expect(refused.headers["access-control-allow-origin"] == "*")
        #expect(try HTTPAnswer.request(preview.url + "events", method: "HEAD").status == 503)

        daemon.atomicWrite("brand.json", Self.brand.replacingOccurrences(of: "#3366FF", with: "#22AA44"))
        #expect(streams?.waitUntilEach(received: "event: themeChanged\n") == 300, "the save reaches every stream")
        #expect(streams?.texts.allSatisfy { $0.contains("\"generation\":2") && $0.contains("id: 2\n") } == true)

        // Closed streams free their places and, once all are gone, the subscription.
        streams = nil
        try eventually("the daemon subscription to end") { try status("subscriptions") == 0 }
        let again = try EventStreamReader(preview.url + "events?theme=brand")
        #expect(again.next()?.id == "2")
    }

    @Test func withoutADaemonPreviewExitsWith3() throws {
        let run = try CLIRun(["preview", "--socket", TemporaryDirectory().full("no-such-daemon.sock"), "--port", "0"])
        #expect(run.status == 3)
        #expect(run.stderr.contains("snapstyled"))
    }

    @Test(arguments: ["0.0.0.0", "192.168.1.10", "example.com"])
    func onlyLoopbackMayBeBound(host: String) throws {
        let run = try CLIRun(["preview", "--host", host, "--port", "0"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("loopback"))
    }
}
