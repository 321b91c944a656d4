import SnapStyleEngine
import Testing

@testable import SnapStyleLSP

@Suite struct JSONScanTests {
    static let theme = #"""
        {
          "surface": {
            "brand": "#0A6CFF",
            "text": {"ref": "brand"},
            "list": [{"ref": "a"}, "b"]
          }
        }
        """#

    @Test func stringsCarryTheirPathAndRole() {
        let scan = JSONScan(bytes: Array(Self.theme.utf8))
        let keys = scan.strings.filter(\.isKey).map { $0.path.compactMap(\.key).joined(separator: "/") }
        #expect(
            keys == [
                "surface", "surface/brand", "surface/text", "surface/text/ref", "surface/list", "surface/list/ref",
            ])
        let brand = scan.strings.first { !$0.isKey && $0.text == "brand" }
        #expect(brand?.path == [.key("surface"), .key("text"), .key("ref")])
        let b = scan.strings.first { $0.text == "b" }
        #expect(b?.path == [.key("surface"), .key("list"), .index(1)])
        let listKey = scan.strings.first { $0.isKey && $0.text == "list" }!
        #expect(Array(Self.theme.utf8)[listKey.memberEnd - 1] == UInt8(ascii: "]"))
    }

    @Test func theCursorTellsKeysFromValuesWhileTyping() {
        let typing = #"{"surface": {"text": {"ref": "bra"#
        let bytes = Array(typing.utf8)
        let cursor = JSONScan.cursor(in: bytes, at: bytes.count)
        #expect(cursor.place == .value(partial: "bra"))
        #expect(cursor.path == [.key("surface"), .key("text"), .key("ref")])
        let key = JSONScan.cursor(in: Array(#"{"surface": {"te"#.utf8), at: 16)
        #expect(key.place == .key(partial: "te") && key.path == [.key("surface")])
        let slot = JSONScan.cursor(in: Array(#"{"surface": {"a": 1, "#.utf8), at: 21)
        #expect(slot.place == .keySlot && slot.path == [.key("surface")])
    }

    @Test func textNestedDeeperThanTheBoundIsSkipped() {
        // 100,000 levels: every token carrying its path made this quadratic (the server was killed after 80 s).
        let depth = 100_000
        let text =
            #"{"t": {"$value": 1}, "# + String(repeating: #""a": {"#, count: depth) + #""x": 2"#
            + String(repeating: "}", count: depth) + "}"
        let scan = JSONScan(bytes: Array(text.utf8))
        // "t", "$value", and "a" at each recorded level.
        #expect(scan.strings.count == Limits.scanDepth + 2)
        #expect(scan.strings.allSatisfy { $0.path.count <= Limits.scanDepth })
        #expect(scan.scalars.count == 1)
        let model = ThemeFileModel(bytes: Array(text.utf8))
        #expect(model.format == .tokens && model.outline.map(\.name) == ["t", "a"])
    }

    @Test func brokenTextIsReadAsFarAsItGoes() {
        let broken = "{\"a\": \"unclosed\n, \"b\": [1, 2"
        let scan = JSONScan(bytes: Array(broken.utf8))
        #expect(scan.strings.map(\.text) == ["a", "unclosed", "b"])
        #expect(scan.containers.count == 2 && scan.containers.allSatisfy { $0.end == broken.utf8.count })
    }
}

@Suite struct ThemeFileModelTests {
    @Test func nativeFilesDefineAndReferToKeys() {
        let model = ThemeFileModel(bytes: Array(JSONScanTests.theme.utf8))
        #expect(model.format == .native)
        let definitions = model.sites.filter { $0.role == .definition }.map(\.name)
        #expect(definitions == [.key(.surface, "brand"), .key(.surface, "text"), .key(.surface, "list")])
        let references = model.sites.filter { $0.role == .reference }.map(\.name)
        #expect(references == [.key(.surface, "brand"), .key(.surface, "a")])
        #expect(model.outline.map(\.name) == ["surface"] && model.outline[0].children.count == 3)
    }

    @Test func componentMappingsAndCalcsNameKeysOfTheirAttribute() {
        let text = #"""
            {"component": {"card": {"container": "box", "font": {"title": "heading"}, "spacing": "gap"}},
             "number": {"double": {"calc": "{gap} * 2 + {unit}"}}}
            """#
        let model = ThemeFileModel(bytes: Array(text.utf8))
        let references = model.sites.filter { $0.role == .reference }.map(\.name)
        #expect(
            references == [
                .container("box"), .key(.font, "heading"), .key(.number, "gap"), .key(.number, "gap"),
                .key(.number, "unit"),
            ])
    }

    @Test func tokenFilesDefineTokensAndAliases() {
        let text = #"""
            {"color": {"$type": "color",
              "sea": {"$value": "#0073b3", "$description": "the sea"},
              "bg": {"$value": "{color.sea}"}},
             "shadow": {"card": {"$type": "shadow", "$value": {"color": "{color.sea}", "blur": "4px"}}},
             "legacy": {"value": "{color.bg}", "type": "color"}}
            """#
        let model = ThemeFileModel(bytes: Array(text.utf8))
        #expect(model.format == .tokens)
        let definitions = model.sites.filter { $0.role == .definition }.map(\.name.text)
        #expect(definitions == ["color.sea", "color.bg", "shadow.card", "legacy"])
        let references = model.sites.filter { $0.role == .reference }.map(\.name.text)
        #expect(references == ["color.sea", "color.sea", "color.bg"])
        #expect(model.outline.map(\.name) == ["color", "shadow", "legacy"])
        #expect(model.outline[0].children.map(\.name) == ["sea", "bg"])
    }
}

@Suite struct StyleSheetScanTests {
    @Test func namesInVarAndInScssValues() {
        let css = ".a { color: var(--ink); --own: 1px; margin: var( --gap, 4px) }"
        #expect(StyleSheetScan(bytes: Array(css.utf8), languageID: "css").uses.map(\.name) == ["--ink", "--gap"])
        let scss = ".a { --own: 1px; padding: --gap; }"
        #expect(StyleSheetScan(bytes: Array(scss.utf8), languageID: "scss").uses.map(\.name) == ["--gap"])
        #expect(StyleSheetScan(bytes: Array(scss.utf8), languageID: "css").uses.isEmpty)
    }

    @Test func completionStartsAfterVarDashDash() {
        let css = Array(".a { color: var(--surf".utf8)
        let start = StyleSheetScan.completionStart(in: css, at: css.count)
        #expect(start?.partial == "surf" && start?.start == css.count - 6)
        #expect(StyleSheetScan.completionStart(in: Array("color: --surf".utf8), at: 13) == nil)
    }
}

@Suite struct LSPFramerTests {
    @Test func framesArriveWholeWhateverTheChunks() {
        var framer = LSPFramer(maximumLength: 100)
        let bytes = LSPFramer.frame(Array(#"{"a":1}"#.utf8)) + LSPFramer.frame(Array("[]".utf8))
        var frames: [LSPFramer.Frame] = []
        for byte in bytes {
            framer.append([byte])
            while let frame = framer.next() { frames.append(frame) }
        }
        #expect(frames == [.message(Array(#"{"a":1}"#.utf8)), .message(Array("[]".utf8))])
    }

    @Test func aBadHeaderOrATooLargeMessageIsSkipped() {
        var framer = LSPFramer(maximumLength: 4)
        framer.append(Array("X: 1\r\n\r\n".utf8) + Array("Content-Length: 6\r\n\r\n123456".utf8))
        framer.append(LSPFramer.frame(Array("{}".utf8)))
        guard case .invalid = framer.next(), case .invalid = framer.next() else {
            Issue.record("two invalid frames expected")
            return
        }
        #expect(framer.next() == .message(Array("{}".utf8)))
        #expect(framer.next() == nil)
    }
}

@Suite struct JSONScanMemoryTests {
    @Test func pathsCostOneNodePerTokenHoweverDeep() {
        // 1 MB whose tokens all stand 200 levels deep: with a copy of its path in each token this held ~200 segments
        // per token (the server grew to 3 GB); as a tree of nodes it holds one per token.
        let depth = 200
        var text = String(repeating: #"{"g": "#, count: depth) + "{"
        var index = 0
        while text.utf8.count < 1 << 20 {
            text += #""t\#(index)": {"$value": \#(index), "$type": "number"}, "#
            index += 1
        }
        text += #""end": 1}"# + String(repeating: "}", count: depth)
        let bytes = Array(text.utf8)
        let scan = JSONScan(bytes: bytes)
        #expect(scan.paths.segments.count < bytes.count / 8)
        let last = scan.strings.last { $0.isKey }!
        #expect(last.text == "end" && last.depth == depth + 1 && last.path.count == depth + 1)
        let model = ThemeFileModel(bytes: bytes)
        #expect(model.format == .tokens && model.sites.count == index)
        #expect(model.sites.first?.name == .token(String(repeating: "g.", count: depth) + "t0"))
    }
}
