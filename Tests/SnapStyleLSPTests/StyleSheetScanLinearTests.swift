import Testing

@testable import SnapStyleLSP

@Suite struct StyleSheetScanLinearTests {
    @Test func bareNamesCountInValuesOnlyInScssAndLess() {
        let text = ".a {\n  --own: 1px;\n  margin: --gap --gap-large var(--edge);\n}\n.b { color: red; --x: --y }\n"
        let scss = StyleSheetScan(bytes: Array(text.utf8), languageID: "scss").uses.map(\.name)
        #expect(scss == ["--gap", "--gap-large", "--edge", "--y"])
        let css = StyleSheetScan(bytes: Array(text.utf8), languageID: "css").uses.map(\.name)
        #expect(css == ["--edge"])
    }

    @Test func manyBareNamesInOneValueAreReadInLinearTime() {
        // 200,000 names in one value: each looked back to the `:` before it made this quadratic (a 4.8 MB value froze
        // the server for minutes); read forward, it is one pass.
        let count = 200_000
        let text = ".a { margin: " + (0..<count).map { "--n\($0)" }.joined(separator: " ") + "; }"
        let clock = ContinuousClock()
        var scan: StyleSheetScan?
        let elapsed = clock.measure { scan = StyleSheetScan(bytes: Array(text.utf8), languageID: "scss") }
        #expect(scan?.uses.count == count)
        #expect(scan?.use(at: text.utf8.count - 5)?.name == "--n\(count - 1)")
        #expect(elapsed < .seconds(20))
    }
}
