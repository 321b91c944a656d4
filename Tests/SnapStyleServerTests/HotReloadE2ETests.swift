import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// Files changed on disk the way editors change them, and the events and values that follow.
@Suite(.serialized) struct HotReloadE2ETests {
    /// A subscribed client: reads lines until a notification of `method` arrives.
    final class Subscriber {
        let socket: LineSocket
        var subscription = ""

        init(_ daemon: DaemonProcess, queries: String = "[]") throws {
            socket = try LineSocket(daemon.socket)
            socket.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"subscribe\",\"params\":{\"queries\":\(queries)}}\n")
            let response = try Jansson.parse(try #require(socket.readLine()))
            subscription = try #require(response["result"]?["subscription"]?.stringValue)
            values = response["result"]?["values"]?.arrayValue ?? []
        }

        var values: [JSONValue] = []

        func next(_ method: String, timeout: Double = 5) -> JSONValue? {
            let deadline = Date().addingTimeInterval(timeout)
            while deadline.timeIntervalSinceNow > 0 {
                guard let line = socket.readLine(timeout: deadline.timeIntervalSinceNow),
                    let message = try? Jansson.parse(line)
                else { return nil }
                if message["method"]?.stringValue == method { return message["params"] }
            }
            return nil
        }
    }

    func resolve(_ daemon: DaemonProcess, _ theme: String, _ attribute: String, _ key: String) throws -> JSONValue {
        let client = try LineSocket(daemon.socket)
        client.send(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resolve\",\"params\":{\"theme\":\"\(theme)\",\"attribute\":\"\(attribute)\",\"key\":\"\(key)\"}}\n"
        )
        return try Jansson.parse(try #require(client.readLine()))
    }

    @Test func writeInPlaceAtomicSaveDeleteAndNewDirectories() throws {
        let daemon = try DaemonProcess()
        daemon.write(
            "ocean/colors.json",
            "{\"surface\": {\"brand\": \"#112233\", \"deep\": {\"ref\": \"brand\"}, \"other\": \"#000000\"}}")
        let subscriber = try Subscriber(daemon)
        #expect(subscriber.next("themeAdded")?["theme"] == "ocean")

        let watcher = try Subscriber(
            daemon,
            queries: "[{\"id\":\"q\",\"theme\":\"ocean\",\"attribute\":\"surface\",\"key\":\"deep\"},"
                + "{\"id\":\"o\",\"theme\":\"ocean\",\"attribute\":\"surface\",\"key\":\"other\"}]")
        #expect(watcher.values.first?["value"]?["hex"] == "#112233FF")

        // In place: exactly the changed key and the key that refers to it.
        daemon.write(
            "ocean/colors.json",
            "{\"surface\": {\"brand\": \"#445566\", \"deep\": {\"ref\": \"brand\"}, \"other\": \"#000000\"}}")
        let changed = try #require(watcher.next("themeChanged"))
        #expect(changed["generation"] == 2)
        #expect(changed["changed"] == .object(["surface": ["brand", "deep"]]))
        #expect(changed["files"] == ["ocean/colors.json"])
        let values = try #require(watcher.next("valuesChanged"))
        #expect(
            values["values"]
                == .array([
                    .object(["id": "q", "value": try resolve(daemon, "ocean", "surface", "deep")["result"]!["value"]!])
                ]))
        #expect(try resolve(daemon, "ocean", "surface", "deep")["result"]?["value"]?["hex"] == "#445566FF")

        // An editor's atomic save is one change.
        daemon.atomicWrite(
            "ocean/colors.json",
            "{\"surface\": {\"brand\": \"#778899\", \"deep\": {\"ref\": \"brand\"}, \"other\": \"#000000\"}}")
        let saved = try #require(watcher.next("themeChanged"))
        #expect(saved["generation"] == 3)
        #expect(try resolve(daemon, "ocean", "surface", "brand")["result"]?["value"]?["hex"] == "#778899FF")

        // A new directory with a file written right after mkdir.
        daemon.write("ocean/more/sizes.json", "{\"number\": {\"gap\": 12}}")
        let added = try #require(watcher.next("themeChanged"))
        #expect(added["changed"] == .object(["number": ["gap"]]))
        #expect(try resolve(daemon, "ocean", "number", "gap")["result"]?["value"]?["base"] == 12)

        // Deleting a file removes its keys.
        daemon.remove("ocean/more/sizes.json")
        let removed = try #require(watcher.next("themeChanged"))
        #expect(removed["changed"] == .object(["number": ["gap"]]))
        #expect(try resolve(daemon, "ocean", "number", "gap")["error"]?["code"] == -32002)
    }

    /// A design system's resolver theme: one edited token in the dark context reaches subscribers as exactly
    /// that token and its alias, and the dark value changes while the light one stays.
    @Test func anEditedDarkTokenReachesSubscribers() throws {
        let daemon = try DaemonProcess()
        daemon.write(
            "brand.resolver.json",
            ##"""
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"$ref": "brand/base.tokens.json"}]}},
             "modifiers": {"theme": {"default": "light", "contexts": {
               "light": [{"$ref": "brand/light.tokens.json"}], "dark": [{"$ref": "brand/dark.tokens.json"}]}}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]}
            """##)
        daemon.write(
            "brand/base.tokens.json",
            ##"""
            {"color": {"$type": "color", "fg": {"$value": "{color.bg}"},
              "bg": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1]}},
              "brand": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8]}}},
             "space": {"$type": "dimension", "small": {"$value": {"value": 4, "unit": "px"}}}}
            """##)
        daemon.write("brand/light.tokens.json", ##"{"color": {"bg": {"$type": "color", "$value": "#ffffff"}}}"##)
        daemon.write("brand/dark.tokens.json", ##"{"color": {"bg": {"$type": "color", "$value": "#000000"}}}"##)
        try daemon.waitForTheme("brand")
        let dark = #"{"vars": {"theme": "dark"}}"#
        let watcher = try Subscriber(
            daemon,
            queries: "[{\"id\":\"fg\",\"theme\":\"brand\",\"attribute\":\"surface\",\"key\":\"color.fg\","
                + "\"context\":\(dark)},"
                + "{\"id\":\"light\",\"theme\":\"brand\",\"attribute\":\"surface\",\"key\":\"color.fg\"}]")
        #expect(watcher.values.first?["value"]?["hex"] == "#000000FF")

        daemon.atomicWrite("brand/dark.tokens.json", ##"{"color": {"bg": {"$type": "color", "$value": "#102030"}}}"##)
        let changed = try #require(watcher.next("themeChanged"))
        #expect(changed["theme"] == "brand")
        #expect(changed["changed"] == .object(["surface": ["color.bg", "color.fg"]]))
        #expect(changed["files"] == ["brand/dark.tokens.json"])
        let values = try #require(watcher.next("valuesChanged"))
        let updated = values["values"]?.arrayValue ?? []
        #expect(updated.count == 1)
        #expect(updated.first?["id"] == "fg")
        #expect(updated.first?["value"]?["hex"] == "#102030FF")
        #expect(try resolve(daemon, "brand", "surface", "color.fg")["result"]?["value"]?["hex"] == "#FFFFFFFF")

        // A token in error is left out, with the tokens reading it; the rest serves, and `themes` says where.
        daemon.write("brand/dark.tokens.json", ##"{"color": {"bg": {"$type": "color", "$value": "#1020"}}}"##)
        _ = try #require(watcher.next("themeChanged"))
        let client = try LineSocket(daemon.socket)
        client.send(#"{"jsonrpc":"2.0","id":2,"method":"themes"}"# + "\n")
        let themes = try Jansson.parse(try #require(client.readLine()))
        let brand = try #require(themes["result"]?["themes"]?.arrayValue?.first { $0["name"] == "brand" })
        #expect(brand["state"] == "loaded")
        let first = try #require(brand["errors"]?.arrayValue?.first)
        #expect(first["file"] == "brand/dark.tokens.json")
        #expect(first["line"] == 1)
        #expect(try resolve(daemon, "brand", "surface", "color.bg")["error"] != nil)
    }

    @Test func aBrokenFileKeepsTheLastGoodGenerationAndReportsWhere() throws {
        let daemon = try DaemonProcess()
        daemon.write("dusk.json", "{\"number\": {\"gap\": 8}}")
        let subscriber = try Subscriber(daemon)
        _ = subscriber.next("themeAdded")
        daemon.write("dusk.json", "{\"number\": {\"gap\": \"wide\"}}")
        let error = try #require(subscriber.next("themeError"))
        #expect(error["generation"] == 1)
        let first = try #require(error["errors"]?.arrayValue?.first)
        #expect(first["file"] == "dusk.json")
        #expect(first["line"] == 1)
        #expect(first["column"] == 20)
        #expect(try resolve(daemon, "dusk", "number", "gap")["result"]?["value"]?["base"] == 8)
        daemon.write("dusk.json", "{\"number\": {\"gap\": 9}}")
        #expect(subscriber.next("themeChanged")?["generation"] == 2)
        // The fix is announced, and logged.
        let recovered = try #require(subscriber.next("themeRecovered"))
        #expect(recovered["theme"] == "dusk")
        #expect(recovered["generation"] == 2)
        #expect(recovered["subscription"]?.stringValue == subscriber.subscription)
        #expect(daemon.log.contains("theme dusk fixed"))
        // A change to a theme without errors is not a fix.
        daemon.write("dusk.json", "{\"number\": {\"gap\": 10}}")
        #expect(subscriber.next("themeChanged")?["generation"] == 3)
        #expect(subscriber.next("themeRecovered", timeout: 0.5) == nil)
    }

    @Test func aThemeExtendingAChangedThemeGetsItsOwnGeneration() throws {
        let daemon = try DaemonProcess()
        daemon.write("base.json", "{\"number\": {\"gap\": 8}}")
        daemon.write(
            "child.json", "{\"theme\": {\"extends\": \"base\"}, \"number\": {\"wide\": {\"calc\": \"{gap} * 2\"}}}")
        let subscriber = try Subscriber(daemon)
        _ = subscriber.next("themeAdded")
        try daemon.waitForTheme("child")
        daemon.write("base.json", "{\"number\": {\"gap\": 10}}")
        var themes: [String: JSONValue] = [:]
        for _ in 0..<2 {
            let change = try #require(subscriber.next("themeChanged"))
            themes[change["theme"]!.stringValue!] = change
        }
        #expect(themes["child"]?["changed"] == .object(["number": ["gap", "wide"]]))
        #expect(try resolve(daemon, "child", "number", "wide")["result"]?["value"]?["base"] == 20)
    }

    @Test func aRootCreatedLaterIsPickedUp() throws {
        let daemon = try DaemonProcess(start: false)
        let later = daemon.directory + "/later-root"
        daemon.process.arguments! += ["--themes", later]
        try daemon.start()
        let subscriber = try Subscriber(daemon)
        try FileManager.default.createDirectory(atPath: later + "/fresh", withIntermediateDirectories: true)
        try "{\"icon\": {\"bell\": \"bell.fill\"}}".write(
            toFile: later + "/fresh/icons.json", atomically: false, encoding: .utf8)
        #expect(subscriber.next("themeAdded", timeout: 10)?["theme"] == "fresh")
        #expect(try resolve(daemon, "fresh", "icon", "bell")["result"]?["value"]?["name"] == "bell.fill")
    }

    /// `snapstyle watch` with the given extra arguments, printing to a pipe.
    func startWatch(_ daemon: DaemonProcess, _ arguments: [String] = []) throws -> (Process, FileHandle) {
        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: DaemonProcess.cli)
        watch.arguments = ["watch", "--socket", daemon.socket] + arguments
        let output = Pipe()
        watch.standardOutput = output
        watch.standardError = Pipe()
        try watch.run()
        return (watch, output.fileHandleForReading)
    }

    @Test func theWatchCommandPrintsEventsLive() throws {
        let daemon = try DaemonProcess()
        let (watch, output) = try startWatch(daemon)
        defer {
            watch.interrupt()
            watch.waitUntilExit()
        }
        #expect(readLine(output).hasPrefix("subscribed"))
        daemon.write("watched.json", "{\"number\": {\"gap\": 3}}")
        #expect(readLine(output) == "watched: added")
        daemon.write("watched.json", "{\"number\": {\"gap\": 4}}")
        #expect(readLine(output) == "watched: changed (generation 2): number gap")
        daemon.write("watched.json", "{\"number\": {\"gap\": \"wide\"}}")
        #expect(readLine(output) == "watched: error (still serving generation 2):")
        #expect(readLine(output) == "  watched.json:1:20: number 'gap': expected a number, not string")
        daemon.write("watched.json", "{\"number\": {\"gap\": 5}}")
        #expect(readLine(output) == "watched: changed (generation 3): number gap")
        #expect(readLine(output) == "watched: fixed")
        daemon.remove("watched.json")
        #expect(readLine(output) == "watched: removed")
    }

    /// `watch --json` prints nothing but JSON lines, one object per event, the subscription and a lost daemon
    /// included, so that it can be piped into `jq`.
    @Test func theWatchCommandPrintsOnlyJSONLines() throws {
        let daemon = try DaemonProcess()
        let (watch, output) = try startWatch(daemon, ["--json"])
        defer {
            watch.interrupt()
            watch.waitUntilExit()
        }
        let subscribed = try Jansson.parse(readLine(output))
        #expect(subscribed["method"] == "subscribed")
        #expect(subscribed["params"]?["missed"] == false)
        daemon.write("watched.json", "{\"number\": {\"gap\": \"wide\"}}")
        #expect(try Jansson.parse(readLine(output))["method"] == "themeError")
        daemon.write("watched.json", "{\"number\": {\"gap\": 3}}")
        #expect(try Jansson.parse(readLine(output))["method"] == "themeAdded")
        #expect(try Jansson.parse(readLine(output))["method"] == "themeRecovered")
        daemon.stop()
        #expect(try Jansson.parse(readLine(output))["method"] == "disconnected")
    }

    /// vim's save with a backup: the file renamed away, the new one written, the backup deleted, a few
    /// milliseconds apart. One save is one change: one event, one log line, no moment without the file.
    @Test func anEditorSaveWithABackupIsOneChange() throws {
        let daemon = try DaemonProcess()
        daemon.write("vim.json", "{\"number\": {\"gap\": 1}}")
        let subscriber = try Subscriber(daemon)
        #expect(subscriber.next("themeAdded")?["theme"] == "vim")
        let path = daemon.themes + "/vim.json"
        rename(path, path + "~")
        // The pauses are the editor's, part of the scenario.
        usleep(6_000)
        daemon.write("vim.json", "{\"number\": {\"gap\": 2}}")
        usleep(6_000)
        unlink(path + "~")
        let change = try #require(subscriber.next("themeChanged"))
        #expect(change["generation"] == 2)
        #expect(try resolve(daemon, "vim", "number", "gap")["result"]?["value"]?["base"] == 2)
        // Nothing more: no removal, no second generation.
        #expect(subscriber.socket.readLine(timeout: 0.5) == nil)
        #expect(daemon.log.components(separatedBy: "theme vim generation").count == 2)
    }

    @Test func reloadAndSIGHUPRescan() throws {
        let daemon = try DaemonProcess(extraArguments: ["--no-watch"])
        daemon.write("late.json", "{\"icon\": {\"star\": \"star.fill\"}}")
        let client = try LineSocket(daemon.socket)
        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"reload\"}\n")
        let reload = try Jansson.parse(try #require(client.readLine()))
        #expect(reload["result"]?["errors"] == [])
        #expect(try resolve(daemon, "late", "icon", "star")["result"]?["value"]?["name"] == "star.fill")
        daemon.write("late.json", "{\"icon\": {\"star\": \"star\"}}")
        daemon.signal(SIGHUP)
        try eventually("the SIGHUP rescan to serve the new icon") {
            try resolve(daemon, "late", "icon", "star")["result"]?["value"]?["name"] == "star"
        }
        #expect(daemon.stop() == 0)
    }

    /// `reload` runs off the event loop, yet a connection's answers keep the order of its requests, and the
    /// events of the rescan come before its answer.
    @Test func reloadAnswersInOrderAfterItsEvents() throws {
        let daemon = try DaemonProcess(extraArguments: ["--no-watch"])
        let client = try LineSocket(daemon.socket)
        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"subscribe\"}\n")
        #expect(client.readLine()?.contains("\"subscription\"") == true)
        daemon.write("late.json", "{\"icon\": {\"star\": \"star.fill\"}}")
        client.send(
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"reload\"}\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"reload\"}\n{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"reload\"}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"resolve\",\"params\":{\"theme\":\"late\",\"attribute\":\"icon\",\"key\":\"star\"}}\n"
        )
        var order: [String] = []
        while order.count < 5, let line = client.readLine() {
            let message = try Jansson.parse(line)
            if let method = message["method"]?.stringValue { order.append(method) }
            if let id = message["id"]?.intValue { order.append("\(id)") }
            if message["id"] == 5 { #expect(message["result"]?["value"]?["name"] == "star.fill") }
        }
        #expect(order == ["themeAdded", "2", "3", "4", "5"])

        // A client that half-closes right after `reload` still gets its answer, then the daemon closes.
        let last = try LineSocket(daemon.socket)
        last.send("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"reload\"}\n")
        shutdown(last.fd, Int32(SHUT_WR))
        #expect(last.readLine()?.contains("\"id\":6") == true)
        #expect(last.isClosed())
        #expect(daemon.stop() == 0)
    }
}
