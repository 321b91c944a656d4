import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// An imported theme that serves without its tokens in error tells its subscribers which tokens it leaves out, as
/// the errors change and when they go (docs/protocol.md, "Events"): the real daemon, its files edited on disk.
@Suite(.serialized) struct LeftOutTokensE2ETests {
    typealias Subscriber = HotReloadE2ETests.Subscriber

    static let good = ##"{"a": {"$type": "color", "$value": "#112233"}}"##
    static let oneBad =
        ##"{"a": {"$type": "color", "$value": "#112233"}, "b": {"$type": "color", "$value": "{nope}"}}"##
    static let twoBad =
        ##"{"a": {"$type": "color", "$value": "#112233"}, "b": {"$type": "color", "$value": "{nope}"}, "##
        + ##""c": {"$type": "color", "$value": "{gone}"}}"##

    func themes(_ daemon: DaemonProcess) throws -> JSONValue {
        let client = try LineSocket(daemon.socket)
        client.send(#"{"jsonrpc":"2.0","id":1,"method":"themes"}"# + "\n")
        let answer = try Jansson.parse(try #require(client.readLine()))
        let list = try #require(answer["result"]?["themes"]?.arrayValue)
        return try #require(list.first { $0["name"] == "faulty" })
    }

    func hex(_ daemon: DaemonProcess, _ key: String) throws -> JSONValue? {
        let client = try LineSocket(daemon.socket)
        client.send(
            #"{"jsonrpc":"2.0","id":1,"method":"resolve","params":{"theme":"faulty","attribute":"surface","key":"\#(key)"}}"#
                + "\n")
        return try Jansson.parse(try #require(client.readLine()))["result"]?["value"]?["hex"]
    }

    func messages(_ params: JSONValue?) -> [String] {
        (params?["errors"]?.arrayValue ?? []).map { error in
            "\(error["file"]?.stringValue ?? "?"):\(error["line"]?.intValue ?? 0):\(error["column"]?.intValue ?? 0): "
                + (error["message"]?.stringValue ?? "")
        }
    }

    @Test func theTokensLeftOutFollowEachChangeAndGoWhenFixed() throws {
        let daemon = try DaemonProcess()
        let subscriber = try Subscriber(daemon)
        daemon.write("faulty/tokens.json", Self.oneBad)
        #expect(subscriber.next("themeAdded")?["theme"] == "faulty")

        // `a` serves, `b` is left out: the theme is loaded, with its error counted and listed.
        var entry = try themes(daemon)
        #expect(entry["state"] == "loaded")
        #expect(entry["errorCount"] == 1)
        let first = messages(entry)
        #expect(first.count == 1)
        #expect(first.first?.hasPrefix("faulty/tokens.json:1:") == true, "\(first)")
        #expect(first.first?.hasSuffix(": b: alias {nope} names no token") == true, "\(first)")
        #expect(try hex(daemon, "a") == "#112233FF")
        let generation = try #require(entry["generation"]?.intValue)

        // Another token in error changes no value: still a new generation whose event lists both.
        daemon.write("faulty/tokens.json", Self.twoBad)
        let worse = try #require(subscriber.next("themeChanged"))
        #expect(worse["generation"]?.intValue == generation + 1)
        #expect(worse["changed"] == .object([:]))
        #expect(worse["errorCount"] == 2)
        #expect(messages(worse).contains { $0.hasSuffix(": c: alias {gone} names no token") }, "\(messages(worse))")
        #expect(try themes(daemon)["errorCount"] == 2)
        #expect(try themes(daemon)["generation"]?.intValue == generation + 1)

        // Both fixed: the event has no errors, `b` is gone from the theme, and so are its errors.
        daemon.write("faulty/tokens.json", Self.good)
        let fixed = try #require(subscriber.next("themeChanged"))
        #expect(fixed["generation"]?.intValue == generation + 2)
        #expect(fixed["errors"] == nil && fixed["errorCount"] == nil, "\(fixed)")
        entry = try themes(daemon)
        #expect(entry["state"] == "loaded" && entry["errorCount"] == 0)
        #expect(subscriber.next("themeRecovered", timeout: 0.5) == nil, "a theme that served all along did not recover")
    }

    @Test func aThemeThatRecoversWithTokensLeftOutSaysSo() throws {
        let daemon = try DaemonProcess()
        let subscriber = try Subscriber(daemon)
        daemon.write("faulty/tokens.json", Self.good)
        #expect(subscriber.next("themeAdded")?["theme"] == "faulty")
        // A file that is not JSON refuses the new state; the fix leaves out one token.
        daemon.write("faulty/tokens.json", #"{"a": "#)
        let refused = try #require(subscriber.next("themeError"))
        #expect(refused["generation"] == 1)
        daemon.write("faulty/tokens.json", Self.oneBad)
        let recovered = try #require(subscriber.next("themeRecovered"))
        #expect(recovered["errorCount"] == 1)
        #expect(messages(recovered).first?.hasSuffix(": b: alias {nope} names no token") == true)
        #expect(try themes(daemon)["state"] == "loaded")
        #expect(try hex(daemon, "a") == "#112233FF")
    }
}
