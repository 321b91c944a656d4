import SnapStyleClient
import SnapStyleJSON
import SnapStyleVocabulary
import Testing

@testable import SnapStyleMCP

/// The tools' answers on a stand-in daemon: what they write and what they refuse.
@Suite struct ToolBehaviourTests {
    @Test func aFontIsWrittenWithItsFamilyLineHeightAndLetterSpacing() async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        let answer = try await session.tool("resolve", ["attribute": "font", "key": "title"])
        #expect(
            answer.text
                == "font title = 30pt medium Inter, line height 1.25, letter spacing 0.5pt "
                + "(base 30, body, default, standard)")
    }

    @Test func aSelectorThatWouldEndTheRuleIsAToolError() async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        for selector in ["a } b { color: red", ":root /* x", "a;b", "@media x", "a{", "a\u{7}b"] {
            let answer = try await session.tool("export_css", ["selector": .string(selector)])
            #expect(answer.isError, "\(selector): \(answer.text)")
            #expect(answer.text.hasPrefix("argument 'selector': a selector cannot hold"), "\(answer.text)")
        }
        #expect(!session.daemon.calls.contains { $0.0 == .keys }, "refused before asking the daemon")
    }

    @Test func aLongSearchQueryIsRefusedAndALongOneWithinTheLimitIsFast() async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        let huge = String(repeating: "ab ", count: 200_000)
        let refused = try await session.tool("search_keys", ["query": .string(huge)])
        #expect(refused.isError)
        #expect(refused.text.contains("over the limit of \(Limits.mcpSearchQueryBytes)"), "\(refused.text)")
        #expect(refused.text.utf8.count < 200)

        // Many keys with long descriptions, and the longest query allowed, each word distinct.
        var entries: [JSONValue] = []
        for index in 0..<2_000 {
            entries.append([
                "key": .string("color.brand.\(index)"), "file": "t.json", "line": 1, "type": "color",
                "description": .string(String(repeating: "a", count: 2_000)),
            ])
        }
        session.daemon.keys = ["surface": .array(entries)]
        let words = (0..<200).map { "a\($0)" }.joined(separator: " ")
        let query = String(words.prefix(Limits.mcpSearchQueryBytes))
        let started = ContinuousClock.now
        let answer = try await session.tool("search_keys", ["query": .string(query)])
        let took = ContinuousClock.now - started
        #expect(answer.text.hasPrefix("no key matches '"), "\(answer.text.prefix(200))")
        #expect(answer.text.count < Limits.quotedCharacters + 100, "the message quotes an excerpt")
        #expect(took < .seconds(2), "took \(took)")
    }

    @Test func searchPatternsFindWordsAnywhere() {
        let query = SearchQuery("Brand  500 brand")
        #expect(query.words.count == 2)
        #expect(query.matches("surface color.brand.500"))
        #expect(!query.matches("surface color.brand.400"))
        #expect(SearchPattern("aab").occurs(in: Array("aaab".utf8)))
        #expect(SearchPattern("abab").occurs(in: Array("abaabab".utf8)))
        #expect(!SearchPattern("abab").occurs(in: Array("abaaba".utf8)))
        #expect(query.rank("brand  500 brand") == 0)
    }

    @Test func listThemesCountsErrorsListsTwentyAndShowsModifiersWithTheContextToPass() async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        let answer = try await session.tool("list_themes", [:])
        #expect(!answer.isError)
        #expect(answer.text.contains("    27 errors:"), "\(answer.text.prefix(600))")
        #expect(answer.text.contains("… and 7 more"))
        #expect(answer.text.utf8.count < 20 * (Limits.quotedCharacters + 20) + 2_000, "\(answer.text.utf8.count)")
        #expect(
            answer.text.contains(
                #"modifier Color scheme: light, dark (default light); "#
                    + #"pick one with context {"vars":{"Color scheme":"dark"}}"#
            ), "\(answer.text)")
        #expect(answer.text.contains(#"follows the context: light when {"colorScheme":"light"}"#))
        #expect(!answer.text.contains("vars.Color scheme"))
        let broken = answer.structured?["themes"]?.arrayValue?.first { $0["name"] == "broken" }
        #expect(broken?["errorCount"] == 27)
        #expect(broken?["errors"]?.arrayValue?.count == Limits.listedErrors)
    }

    @Test func everyToolSaysColorsAreSurfaceKeys() {
        for tool in SnapStyleTool.allCases {
            #expect(tool.definition.description?.contains("attribute surface") == true, "\(tool.rawValue)")
        }
    }

    @Test func aThemeUnavailableMessageQuotesItsErrorsShort() {
        let errors: [JSONValue] = (1...50).map { line in
            [
                "file": "broken.json", "line": .integer(Int64(line)), "column": 1,
                "message": .string("bad expression " + (line < 3 ? String(repeating: "(1 + ", count: 400_000) : "")),
            ]
        }
        let error = SnapStyleClientError.server(
            code: -32004, message: "Theme unavailable", data: ["theme": "broken", "errors": .array(errors)])
        let message = ToolRunner.message(error, socket: nil)
        #expect(message.hasPrefix("theme 'broken' is unavailable"))
        #expect(message.contains("… and 30 more"))
        #expect(message.utf8.count < (Limits.quotedCharacters + 10) * 22, "\(message.utf8.count) bytes")
    }

    @Test func anUnknownToolNameIsQuotedShort() async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        let answer = try await session.tool(String(repeating: "x", count: 100_000), [:])
        #expect(answer.isError)
        #expect(answer.text.utf8.count < 1_000, "\(answer.text.utf8.count) bytes")
    }
}

/// The `audit` tool: what it asks the daemon, what it refuses first, and its text.
@Suite struct AuditToolTests {
    @Test func itAsksTheDaemonsAuditWithTheArgumentsAndListsTheFailingPairs() async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        let answer = try await session.tool(
            "audit", ["themes": ["brand", "kit"], "level": "AAA", "apca": true])
        #expect(!answer.isError, "\(answer.text)")
        let asked = try #require(session.daemon.calls.last { $0.0 == .audit }?.1)
        #expect(asked["themes"] == ["brand", "kit"])
        #expect(asked["level"] == "AAA")
        #expect(asked["apca"] == true)
        let lines = answer.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "brand: 3 pair(s) fail WCAG 2.2 AA in 1 context(s) (40 measurements)", "\(lines)")
        #expect(
            lines.dropFirst().first
                == "  FAIL card0 title (normal): 4.01:1, needs 4.5:1; surface onAccent #FFFFFFFF (/t/brand.json:4) "
                + "over surface accentBackground #007AFFFF; in light; suggestion #FFFFFFFF → #161616FF")
        #expect(lines.count == 5)
        // APCA figures come with their license's notice, in the text and in the structured result.
        #expect(lines.last == "note: \(StandInDaemon.apcaNotice)")
        #expect(answer.structured?["apcaNotice"]?.stringValue == StandInDaemon.apcaNotice)
    }

    @Test func withoutAPCAThereIsNoNotice() async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        let answer = try await session.tool("audit", ["theme": "brand"])
        #expect(!answer.text.contains("note:"), "\(answer.text)")
        #expect(answer.structured?["apcaNotice"] == nil)
    }

    @Test func aLongReportListsTheFirstFortyPairsAndSaysHowManyMore() async throws {
        let daemon = StandInDaemon()
        daemon.auditFailing = ToolRunner.listedPairs + 5
        let session = try await InMemorySession(daemon: daemon)
        defer { Task { await session.stop() } }
        let answer = try await session.tool("audit", ["theme": "brand"])
        #expect(session.daemon.calls.last { $0.0 == .audit }?.1["theme"] == "brand")
        #expect(answer.text.split(separator: "\n").filter { $0.hasPrefix("  FAIL ") }.count == ToolRunner.listedPairs)
        #expect(answer.text.hasSuffix("(5 more failing pairs in the structured result)"), "\(answer.text.suffix(200))")
    }

    @Test(
        arguments: [
            (["level": "AB"], "argument 'level' must be AA or AAA"),
            (["theme": "brand", "themes": ["kit"]], "give either theme or themes"),
            (["apca": "yes"], "argument 'apca' must be true or false"),
            (["themes": [1]], "argument 'themes' must be an array of strings"),
            (["all": true], "unknown argument 'all'"),
        ] as [(JSONValue, String)])
    func wrongArgumentsAreRefusedBeforeAskingTheDaemon(arguments: JSONValue, message: String) async throws {
        let session = try await InMemorySession()
        defer { Task { await session.stop() } }
        let answer = try await session.tool("audit", arguments)
        #expect(answer.isError)
        #expect(answer.text.hasPrefix(message), "\(answer.text)")
        #expect(!session.daemon.calls.contains { $0.0 == .audit })
    }
}
