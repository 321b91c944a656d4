import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// A daemon that watched any sequence of edits answers exactly as a daemon started afresh on the same files.
@Suite(.serialized) struct LiveDaemonTests {
    static let contexts = [
        #"{}"#, #"{"colorScheme": "dark"}"#, #"{"dynamicType": "accessibility3", "scaleFactor": 2}"#,
    ]
    static let attributes = ["surface", "number", "font", "padding", "shape", "icon", "composition", "accent"]

    /// One request on a connection of its own; the whole response.
    static func call(_ daemon: DaemonProcess, _ method: String, _ params: String = "{}") throws -> JSONValue {
        let client = try LineSocket(daemon.socket)
        client.send(#"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"# + "\n")
        let line = try #require(client.readLine(timeout: 20), "no answer to \(method)")
        return try Jansson.parse(line)
    }

    /// A theme's state as `themes` reports it, without its generation (the two daemons count differently).
    static func states(_ daemon: DaemonProcess) throws -> [String: JSONValue] {
        let themes = try call(daemon, "themes")["result"]?["themes"]?.arrayValue ?? []
        var result: [String: JSONValue] = [:]
        for theme in themes {
            guard case .object(var object) = theme, let name = theme["name"]?.stringValue else { continue }
            object["generation"] = nil
            result[name] = .object(object)
        }
        return result
    }

    /// Every difference between the live daemon and the fresh one: the theme list and states, and for each theme
    /// that loads afresh its keys (with file and line) and every key's value in several contexts.
    static func differences(live: DaemonProcess, fresh: DaemonProcess) throws -> [String] {
        let (a, b) = (try states(live), try states(fresh))
        guard a == b else {
            let names = Set(a.keys).union(b.keys).sorted()
            func text(_ value: JSONValue?) -> String { value.map(Jansson.encode) ?? "none" }
            return names.filter { a[$0] != b[$0] }.map { "\($0): live \(text(a[$0])), fresh \(text(b[$0]))" }
        }
        var found: [String] = []
        for (name, state) in b.sorted(by: { $0.key < $1.key }) where state["state"]?.stringValue == "loaded" {
            let keysA = try call(live, "keys", #"{"theme": "\#(name)"}"#)["result"]
            let keysB = try call(fresh, "keys", #"{"theme": "\#(name)"}"#)["result"]
            guard case .object(var x)? = keysA, case .object(var y)? = keysB else {
                found.append("\(name): keys not answered")
                continue
            }
            x["generation"] = nil
            y["generation"] = nil
            guard x == y else {
                found.append("\(name): keys differ")
                continue
            }
            let queries = attributes.flatMap { attribute in
                (y["keys"]?[attribute]?.arrayValue ?? []).compactMap(\.["key"]?.stringValue).map {
                    #"{"attribute": "\#(attribute)", "key": "\#($0)"}"#
                }
            }
            for context in contexts {
                for start in stride(from: 0, to: queries.count, by: 1000) {
                    let batch = queries[start..<min(start + 1000, queries.count)].joined(separator: ",")
                    let params = #"{"theme": "\#(name)", "context": \#(context), "queries": [\#(batch)]}"#
                    let r = try call(live, "resolve", params)["result"]?["results"]
                    let s = try call(fresh, "resolve", params)["result"]?["results"]
                    guard let r, let s, r == s else {
                        found.append("\(name) in \(context): values differ")
                        continue
                    }
                }
            }
        }
        return found
    }

    /// Polls until the live daemon has caught up (a root that reappears is noticed within a second or two).
    static func compare(live: DaemonProcess, fresh: DaemonProcess, timeout: Double = 8) throws -> [String] {
        var found: [String] = []
        _ = try poll(timeout: timeout, interval: 0.25) {
            found = try differences(live: live, fresh: fresh)
            return found.isEmpty
        }
        return found
    }

    static let seeds: [UInt64] = {
        let count = ProcessInfo.processInfo.environment["SNAPSTYLE_LIVE_SEEDS"].flatMap { UInt64($0) } ?? 3
        return Array(1...max(1, count))
    }()

    @Test(arguments: seeds)
    func randomEditsLeaveTheDaemonAsAFreshOne(seed: UInt64) throws {
        let live = try DaemonProcess()
        let tree = ThemeTree(roots: [live.themes, live.userRoot], seed: seed)
        var rng = SeededRandom(seed: seed &* 7919)
        var log: [String] = []
        var index = 0
        while index < 200 {
            // A burst of a few operations with no pause, or one operation after a pause longer than the settle.
            let burst = rng.chance(0.3) ? Int.random(in: 2...5, using: &rng) : 1
            for _ in 0..<burst {
                log.append(tree.step().description)
                index += 1
            }
            // The pause is the scenario's: shorter or longer than the daemon's settle window.
            Thread.sleep(forTimeInterval: rng.chance(0.5) ? 0.002 : 0.04)
        }
        let fresh = try DaemonProcess(sharing: live)
        let found = try Self.compare(live: live, fresh: fresh)
        #expect(found.isEmpty, "seed \(seed), last operations:\n\(log.suffix(15).joined(separator: "\n"))\n\(found)")
        live.stop()
        fresh.stop()
    }
}

/// The three ways the live state drifted from the files, each as it was first seen.
@Suite(.serialized) struct LiveDriftTests {
    static func value(_ daemon: DaemonProcess, _ params: String) throws -> JSONValue? {
        let response = try LiveDaemonTests.call(daemon, "resolve", params)
        return response["result"]?["value"] ?? response["error"]
    }

    @Test func aRootSnapJSONAppliesAtOnceAndGoesAwayWithoutTrace() throws {
        let daemon = try DaemonProcess()
        let snap = daemon.userRoot + "/snap.json"
        let title = #"{"attribute": "font", "key": "title"}"#
        let onlyHere = #"{"attribute": "surface", "key": "onlyHere"}"#
        writeInPlace(
            snap, ##"{"font": {"title": {"size": 30, "weight": "bold"}}, "surface": {"onlyHere": "#123456"}}"##)
        try eventually("title's size to be 30", timeout: 5) {
            try Self.value(daemon, title)?["size"]?.doubleValue == 30
        }
        #expect(try Self.value(daemon, onlyHere)?["hex"] == "#123456FF")
        let themes = try LiveDaemonTests.call(daemon, "themes")["result"]?["themes"]?.arrayValue?.first
        #expect(themes?["state"] == "loaded")
        #expect(themes?["errors"]?.arrayValue?.isEmpty == true)
        unlink(snap)
        try eventually("title's size to be 22", timeout: 5) {
            try Self.value(daemon, title)?["size"]?.doubleValue == 22
        }
        #expect(try Self.value(daemon, onlyHere)?["code"]?.doubleValue == -32002)
        let explain = try LiveDaemonTests.call(daemon, "explain", title)["result"]?["steps"]?.arrayValue?.first?["file"]
        #expect(explain == "snap/font.json")
    }

    @Test func aRenamedThemeDirectoryKeepsBeingWatched() throws {
        let daemon = try DaemonProcess()
        writeInPlace(daemon.themes + "/ra/a.json", ##"{"surface": {"x": "#111111"}}"##)
        let x = #"{"theme": "rb", "attribute": "surface", "key": "x"}"#
        try daemon.waitForTheme("ra")
        rename(daemon.themes + "/ra", daemon.themes + "/rb")
        try eventually("x's hex to be #111111FF", timeout: 5) { try Self.value(daemon, x)?["hex"] == "#111111FF" }
        writeInPlace(daemon.themes + "/rb/a.json", ##"{"surface": {"x": "#222222"}}"##)
        try eventually("x's hex to be #222222FF", timeout: 5) { try Self.value(daemon, x)?["hex"] == "#222222FF" }
        mkdir(daemon.themes + "/rb/sub", 0o755)
        rename(daemon.themes + "/rb", daemon.themes + "/rc")
        writeInPlace(daemon.themes + "/rc/sub/b.json", ##"{"surface": {"y": "#333333"}}"##)
        let y = #"{"theme": "rc", "attribute": "surface", "key": "y"}"#
        try eventually("y's hex to be #333333FF", timeout: 5) { try Self.value(daemon, y)?["hex"] == "#333333FF" }
    }

    @Test func aRootDeletedAndRecreatedAtOnceKeepsBeingWatched() throws {
        let daemon = try DaemonProcess()
        writeInPlace(daemon.themes + "/t.json", ##"{"surface": {"x": "#111111"}}"##)
        try daemon.waitForTheme("t")
        try FileManager.default.removeItem(atPath: daemon.themes)
        mkdir(daemon.themes, 0o755)
        writeInPlace(daemon.themes + "/t.json", ##"{"surface": {"x": "#222222"}}"##)
        let x = #"{"theme": "t", "attribute": "surface", "key": "x"}"#
        try eventually("x's hex to be #222222FF", timeout: 5) { try Self.value(daemon, x)?["hex"] == "#222222FF" }
        writeInPlace(daemon.themes + "/t.json", ##"{"surface": {"x": "#333333"}}"##)
        try eventually("x's hex to be #333333FF", timeout: 5) { try Self.value(daemon, x)?["hex"] == "#333333FF" }
    }

    /// A theme directory moved out of the roots and back (a restore from the trash): edits count again.
    @Test func aDirectoryMovedOutAndBackKeepsBeingWatched() throws {
        let daemon = try DaemonProcess()
        writeInPlace(daemon.themes + "/t/sub/a.json", ##"{"surface": {"x": "#111111"}}"##)
        try daemon.waitForTheme("t")
        let away = daemon.directory + "/away"
        rename(daemon.themes + "/t", away)
        let x = #"{"theme": "t", "attribute": "surface", "key": "x"}"#
        try eventually("x's code to be -32001", timeout: 5) {
            try Self.value(daemon, x)?["code"]?.doubleValue == -32001
        }
        writeInPlace(away + "/sub/a.json", ##"{"surface": {"x": "#222222"}}"##)
        rename(away, daemon.themes + "/t")
        try eventually("x's hex to be #222222FF", timeout: 5) { try Self.value(daemon, x)?["hex"] == "#222222FF" }
        writeInPlace(daemon.themes + "/t/sub/a.json", ##"{"surface": {"x": "#333333"}}"##)
        try eventually("x's hex to be #333333FF", timeout: 5) { try Self.value(daemon, x)?["hex"] == "#333333FF" }
        writeInPlace(daemon.themes + "/t/b.json", ##"{"surface": {"y": "#444444"}}"##)
        let y = #"{"theme": "t", "attribute": "surface", "key": "y"}"#
        try eventually("y's hex to be #444444FF", timeout: 5) { try Self.value(daemon, y)?["hex"] == "#444444FF" }
    }

    @Test func aSingleFileThemeReplacedByADirectoryInOneBurstLoads() throws {
        let daemon = try DaemonProcess()
        writeInPlace(daemon.themes + "/t.json", ##"{"surface": {"x": "#111111"}}"##)
        try daemon.waitForTheme("t")
        unlink(daemon.themes + "/t.json")
        writeInPlace(daemon.themes + "/t/a.json", ##"{"surface": {"x": "#222222"}}"##)
        let x = #"{"theme": "t", "attribute": "surface", "key": "x"}"#
        try eventually("x's hex to be #222222FF", timeout: 5) { try Self.value(daemon, x)?["hex"] == "#222222FF" }
        let info = try LiveDaemonTests.states(daemon)["t"]
        #expect(info?["state"] == "loaded")
        #expect(info?["files"]?.arrayValue?.compactMap(\.stringValue) == ["t/a.json"])
    }
}
