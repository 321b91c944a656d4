import SnapStyleClient
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleProtocol
import SnapStyleVocabulary
import Testing

@testable import SnapStylePreview

/// The tokens an imported theme leaves out, on `themeChanged` and `themeRecovered` (docs/protocol.md, "Events"):
/// `errors` (the first 20) and `errorCount`, only when there are some; and the event stream relays them as they
/// came.
@Suite struct LeftOutTokensEventTests {
    static func error(_ index: Int) -> ThemeFileError {
        ThemeFileError(
            file: "tokens.json", line: index + 2, column: 8, message: "t\(index): alias {nope} names no token")
    }

    static func members(_ event: ThemeEvent) -> [String] { event.params.keys }

    @Test func aThemeChangedWithTokensLeftOutCarriesTheFirst20AndTheCount() throws {
        let all = (0..<26).map(Self.error)
        let change = ThemeChangedEvent(
            theme: "faulty", generation: 3, changed: [.surface: ["b"]], files: ["tokens.json"],
            leftOut: ListedErrors(all))
        let params = JSONValue.object(ThemeEvent.themeChanged(change).params)
        #expect(params["errorCount"] == 26)
        let listed = try #require(params["errors"]?.arrayValue)
        #expect(listed.count == Limits.listedErrors)
        #expect(listed.first == Self.error(0).json)
        #expect(listed.last == Self.error(19).json)
        #expect(listed.first?["file"] == "tokens.json" && listed.first?["line"] == 2 && listed.first?["column"] == 8)

        // What a client reads back is what was sent.
        guard case .themeChanged(let read) = try #require(ThemeEvent(method: "themeChanged", params: params)) else {
            Issue.record("not a themeChanged")
            return
        }
        #expect(read.leftOut.count == 26)
        #expect(read.leftOut.errors == Array(all.prefix(20)))
        #expect(read.changed == [.surface: ["b"]])
    }

    @Test func aThemeChangedWithNothingLeftOutHasTheSpecsMembersOnly() throws {
        let change = ThemeChangedEvent(theme: "brand", generation: 2, changed: [.surface: ["a"]])
        #expect(
            Set(Self.members(.themeChanged(change)))
                == ["theme", "generation", "changed", "containers", "components", "files"])
        let read = try #require(
            ThemeEvent(method: "themeChanged", params: .object(ThemeEvent.themeChanged(change).params)))
        #expect(read == .themeChanged(change))
        guard case .themeChanged(let decoded) = read else { return }
        #expect(decoded.leftOut.isEmpty && decoded.leftOut.errors.isEmpty)
    }

    @Test func aThemeRecoveredSaysWhatItLeavesOut() throws {
        let plain = ThemeEvent.themeRecovered(ThemeRecoveredEvent(theme: "kit", generation: 4))
        #expect(Set(Self.members(plain)) == ["theme", "generation"])
        let leaving = ThemeEvent.themeRecovered(
            ThemeRecoveredEvent(theme: "kit", generation: 5, leftOut: ListedErrors([Self.error(0)])))
        let params = JSONValue.object(leaving.params)
        #expect(params["errorCount"] == 1)
        #expect(params["errors"] == .array([Self.error(0).json]))
        #expect(ThemeEvent(method: "themeRecovered", params: params) == leaving)
        #expect(leaving.generation == 5 && leaving.theme == "kit")
    }

    @Test func aCountLargerThanTheListIsKeptAndASmallerOneIsRaised() {
        let cut = ListedErrors([Self.error(0), Self.error(1)], count: 1500)
        #expect(cut.count == 1500 && cut.errors.count == 2)
        #expect(ListedErrors([Self.error(0), Self.error(1)], count: 1).count == 2)
        #expect(ListedErrors(params: .object(["errorCount": 3])).count == 3)
        #expect(ListedErrors.none.members.isEmpty)
    }

    @Test func theEventStreamRelaysTheTokensLeftOut() throws {
        var hub = StreamHub(limit: 4)
        _ = hub.open(1, theme: "faulty", lastEventID: nil)
        _ = hub.subscribed(
            SubscribeResult(subscription: "s", instance: "i", generations: ["faulty": 2], values: [], missed: false))
        let change = ThemeChangedEvent(
            theme: "faulty", generation: 3, changed: [:], leftOut: ListedErrors([Self.error(0)], count: 7))
        let deliveries = hub.received(.themeChanged(change))
        guard case .message(let name, let data, let id) = try #require(deliveries.first?.message) else {
            Issue.record("no message relayed")
            return
        }
        #expect(name == "themeChanged" && id == 3)
        let relayed = try Jansson.parse(data)
        #expect(relayed["errorCount"] == 7)
        #expect(relayed["errors"] == .array([Self.error(0).json]))
    }
}
