import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// Token files that crashed or froze the real daemon: it now starts with them, serves the rest of the theme, and
/// stops within 5 s of SIGTERM whatever it is doing.
@Suite(.serialized) struct HostileTokenFilesE2ETests {
    static func request(_ socket: String, _ line: String) throws -> JSONValue {
        let client = try LineSocket(socket)
        client.send(line + "\n")
        // Generous: while a 10,000-token chain compiles on a loaded 2-core machine an answer can take seconds; what
        // is tested is that one comes, not how fast (the speed is the benchmarks').
        let answer = try #require(client.readLine(timeout: 30), "no answer to \(line)")
        return try Jansson.parse(answer)
    }

    @Test func aDaemonStartsWithA10000TokenAliasChainAndServesTheRestOfTheTheme() throws {
        let daemon = try DaemonProcess(start: false)
        daemon.write("chain.tokens.json", HostileTokens.aliasChain(10_000))
        try daemon.start()
        defer { daemon.stop() }
        try daemon.waitForTheme("chain")
        let near = try Self.request(
            daemon.socket,
            #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"theme":"chain","attribute":"number","key":"t9900"}}"#
        )
        #expect(near["result"]?["value"]?["base"] == 5)
        let head = try Self.request(
            daemon.socket,
            #"{"jsonrpc":"2.0","id":2,"method":"resolve","params":{"theme":"chain","attribute":"number","key":"t0"}}"#)
        #expect(head["error"]?["code"] == -32005)
        #expect(head["error"]?["data"]?["limit"] == "referenceDepth")
        // Added while the daemon runs: the same.
        daemon.write("ring.tokens.json", HostileTokens.aliasChain(10_000, cycle: true))
        daemon.write("groups.tokens.json", HostileTokens.extendsChain(10_000))
        var states: [String: String] = [:]
        var ringErrors = 0
        // A cycle's tokens are left out and the rest of `ring` serves; an `$extends` chain is about the files as a
        // whole, and `groups` keeps its last good state (none).
        try eventually("ring loaded with errors and groups in error, states \(states)", timeout: 20, interval: 0.1) {
            let themes = try Self.request(daemon.socket, #"{"jsonrpc":"2.0","id":3,"method":"themes"}"#)
            for theme in themes["result"]?["themes"]?.arrayValue ?? [] {
                if let name = theme["name"]?.stringValue { states[name] = theme["state"]?.stringValue }
                if theme["name"] == "ring" { ringErrors = theme["errorCount"]?.intValue ?? 0 }
            }
            return states["ring"] == "loaded" && ringErrors > 0 && states["groups"] == "error"
        }
        #expect(try Self.request(daemon.socket, #"{"jsonrpc":"2.0","id":4,"method":"ping"}"#)["result"] == "pong")
        #expect(daemon.process.isRunning)
    }

    @Test func checkReportsTheChainWhereItIsWrittenWithoutCrashing() throws {
        let directory = TemporaryDirectory(prefix: "snapstyle-chain")
        directory.write("chain/deep.tokens.json", HostileTokens.aliasChain(10_000))
        let run = try CLIRun(["check", directory.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("chain/deep.tokens.json:2:"))
        #expect(run.stdout.contains("t0: its alias chain goes through 10001 tokens"))
    }

    @Test func checkRefusesAReferenceThroughALinkOutOfTheRootAndQuotesNothing() throws {
        let directory = TemporaryDirectory(prefix: "snapstyle-links")
        let root = directory.full("root")
        directory.directory("root/res")
        try FileManager.default.createSymbolicLink(atPath: root + "/res/etc", withDestinationPath: "/etc")
        writeInPlace(
            root + "/etc.resolver.json",
            #"{"version": "2025.10", "sets": {"base": {"sources": [{"$ref": "res/etc/passwd"}]}}, "#
                + ##""resolutionOrder": [{"$ref": "#/sets/base"}]}"##)
        let run = try CLIRun(["check", root])
        #expect(run.status == 1)
        #expect(run.stdout.contains("res/etc/passwd:1:1: cannot read: "))
        #expect(run.stdout.contains("leads out of the theme root"))
        #expect(!run.stdout.contains("root:") && !run.stdout.contains("does not exist"), "\(run.stdout)")
    }

    @Test func aFileOverMaxFileBytesIsAnErrorOfItsThemeInTheDaemon() throws {
        let daemon = try DaemonProcess(config: #"{"maxFileBytes": 4096}"#)
        defer { daemon.stop() }
        daemon.atomicWrite("big.tokens.json", HostileTokens.manyColors(200))
        var message = ""
        #expect(
            try eventually("big to be in error") {
                let themes = try Self.request(daemon.socket, #"{"jsonrpc":"2.0","id":3,"method":"themes"}"#)
                let big = themes["result"]?["themes"]?.arrayValue?.first { $0["name"] == "big" }
                message = big?["errors"]?.arrayValue?.first?["message"]?.stringValue ?? ""
                return big?["state"] == "error"
            })
        #expect(message.contains("over the limit of 4096 (maxFileBytes)"), "\(message)")
    }

    @Test func sigtermDuringASlowCompileEndsTheDaemonWithin5Seconds() throws {
        let daemon = try DaemonProcess(extraArguments: ["--log-level", "debug"])
        defer { daemon.stop() }
        // About 13 s of compiling in a debug build.
        daemon.atomicWrite("big.tokens.json", HostileTokens.manyColors(200_000))
        #expect(try eventually("big to be compiling") { try Self.states(daemon.socket)["big"]?.state == "loading" })
        let start = Date()
        daemon.signal(SIGTERM)
        daemon.process.waitUntilExit()
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(daemon.process.terminationStatus == 0)
    }
}

extension HostileTokenFilesE2ETests {
    static func states(_ socket: String) throws -> [String: (state: String, generation: Int)] {
        let themes = try request(socket, #"{"jsonrpc":"2.0","id":9,"method":"themes"}"#)
        var result: [String: (String, Int)] = [:]
        for theme in themes["result"]?["themes"]?.arrayValue ?? [] {
            if let name = theme["name"]?.stringValue {
                result[name] = (theme["state"]?.stringValue ?? "", theme["generation"]?.intValue ?? 0)
            }
        }
        return result
    }

    @Test func aVeryLargeThemesCompileHoldsNoOtherThemesChange() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop() }
        daemon.write("small.json", #"{"number": {"gap": 4}}"#)
        try daemon.waitForTheme("small")
        // About 17 MB: compiled off the store's lock, for many seconds in a debug build.
        daemon.atomicWrite("big.tokens.json", HostileTokens.manyColors(180_000))
        #expect(try eventually("big to be pending") { try Self.states(daemon.socket)["big"]?.state == "loading" })
        daemon.write("small.json", #"{"number": {"gap": 6}}"#)
        #expect(try eventually("small's edit to apply") { try Self.states(daemon.socket)["small"]?.generation == 2 })
        #expect(try Self.states(daemon.socket)["big"]?.state == "loading", "the large compile ended first")
        let gap = try Self.request(
            daemon.socket,
            #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"theme":"small","attribute":"number","key":"gap"}}"#)
        #expect(gap["result"]?["value"]?["base"] == 6)
        #expect(
            try eventually("big to load", timeout: 180) { try Self.states(daemon.socket)["big"]?.state == "loaded" })
        let color = try Self.request(
            daemon.socket,
            #"{"jsonrpc":"2.0","id":2,"method":"resolve","params":{"theme":"big","attribute":"surface","key":"c179999"}}"#
        )
        #expect(color["result"]?["value"]?["hex"] != nil)
    }
}

extension HostileTokenFilesE2ETests {
    /// 2 KB of tokens that alias each other four at a time, 30 deep, and 15,000 aliases to nothing: each theme is
    /// reported with its error count and its first errors, requests about them are answered at once, and a ping on
    /// another connection never waits behind them.
    @Test func exponentialAliasesAndThousandsOfUnknownAliasesHoldNoConnection() throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop() }
        daemon.write("small.json", #"{"number": {"gap": 4}}"#)
        try daemon.waitForTheme("small")
        daemon.atomicWrite("expo.tokens.json", HostileTokens.exponentialAliases())
        daemon.atomicWrite("typos.tokens.json", HostileTokens.aliasesToNothing(15_000))
        let watcher = try LineSocket(daemon.socket)
        var themes: [JSONValue] = []
        #expect(
            try eventually("expo and typos loaded with their errors", timeout: 60) {
                themes =
                    try Self.request(daemon.socket, #"{"jsonrpc":"2.0","id":1,"method":"themes"}"#)["result"]?[
                        "themes"]?.arrayValue ?? []
                let states = themes.filter { $0["name"] == "expo" || $0["name"] == "typos" }.map { $0["state"] }
                return states == ["loaded", "loaded"]
            })
        let typos = try #require(themes.first { $0["name"] == "typos" })
        #expect(typos["errorCount"] == 15_000)
        #expect(typos["errors"]?.arrayValue?.count == 20)
        let expo = try #require(themes.first { $0["name"] == "expo" })
        #expect(expo["errorCount"] == 25)
        // A token in error is left out of the theme (the rest serves): the answer about it is short, and another
        // connection's ping is answered right after it.
        let answer = try Self.request(
            daemon.socket,
            #"{"jsonrpc":"2.0","id":2,"method":"resolve","params":{"theme":"expo","attribute":"token","key":"s30"}}"#)
        #expect(answer["error"]?["code"] == -32002)
        let s5 = try Self.request(
            daemon.socket,
            #"{"jsonrpc":"2.0","id":4,"method":"resolve","params":{"theme":"expo","attribute":"token","key":"s5"}}"#)
        #expect(s5["result"] != nil, "\(s5)")
        let start = Date()
        watcher.send(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"# + "\n")
        let pong = try #require(watcher.readLine(timeout: 5))
        #expect(pong.contains("pong") && Date().timeIntervalSince(start) < 5)
        // Another theme's edit applies while they are there.
        daemon.write("small.json", #"{"number": {"gap": 6}}"#)
        #expect(try eventually("small's edit to apply") { try Self.states(daemon.socket)["small"]?.generation == 2 })
    }
}
