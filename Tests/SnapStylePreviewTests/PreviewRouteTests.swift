import Foundation
import SnapStyleProtocol
import Testing

@testable import SnapStylePreview

@Suite struct PreviewRouteTests {
    @Test(arguments: [
        ("/", PreviewRoute.page(.index)), ("/index.html", .page(.index)),
        ("/preview.css", .page(.stylesheet("preview.css"))),
        ("/keys.css", .page(.stylesheet("keys.css"))),
        ("/preview.js", .page(.module("preview.js"))), ("/key-lists.js", .page(.module("key-lists.js"))),
        ("/events", .events),
        ("/api/themes", .api(.themes)),
        ("/api/resolve", .api(.resolve)), ("/api/resolveContainer", .api(.resolveContainer)),
        ("/theme/snap.css", .export(theme: "snap", format: .css)),
        ("/theme/snap.json", .export(theme: "snap", format: .json)),
        ("/theme/snap.tokens.json", .export(theme: "snap", format: .dtcg)),
        ("/theme/my%20brand.css", .export(theme: "my brand", format: .css)),
    ])
    func knownPaths(path: String, route: PreviewRoute) {
        #expect(PreviewRoute(path: path) == route)
    }

    @Test(arguments: [
        "/api/reload", "/api/subscribe", "/api/status", "/api/", "/theme/.css", "/theme/snap", "/theme/snap.txt",
        "/theme/a%2Fb.css", "/events/x", "/favicon.ico", "/preview", "/preview-pure.js", "/nope.js", "//preview.js",
        "/api/preview.js", "/nope.css", "/api/keys.css",
    ])
    func unknownPaths(path: String) {
        #expect(PreviewRoute(path: path) == nil)
    }

    @Test func onlyTheExportsAndEventsAreOpenToOtherOrigins() {
        #expect(PreviewRoute.export(theme: "snap", format: .css).allowsOtherOrigins)
        #expect(PreviewRoute.events.allowsOtherOrigins)
        #expect(!PreviewRoute.api(.themes).allowsOtherOrigins)
        #expect(!PreviewRoute.page(.index).allowsOtherOrigins)
    }

    @Test func thePageIsEmbedded() {
        let html = String(decoding: PageAsset.index.bytes, as: UTF8.self)
        #expect(html.contains("<script type=\"module\" src=\"/preview.js\">"))
        #expect(html.contains("/preview.css"))
        for asset in PageAsset.all where asset != .index {
            #expect(!asset.bytes.isEmpty, "\(asset)")
            if case .stylesheet = asset {
                #expect(asset.contentType.hasPrefix("text/css"), "\(asset)")
            } else {
                #expect(asset.contentType.hasPrefix("text/javascript"), "\(asset)")
            }
        }
    }

    static let pageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/SnapStylePreview/Page")

    /// Every module file in `Page/` is served, byte for byte, so none can be left out of `PageAsset.modules`.
    @Test func everyModuleFileIsServed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.pageDirectory.path)
            .filter { $0.hasSuffix(".js") }
        #expect(files.count > 10)
        #expect(Set(files) == Set(PageAsset.modules.keys))
        for file in files {
            let data = try Data(contentsOf: Self.pageDirectory.appendingPathComponent(file))
            let route = PreviewRoute(path: "/" + file)
            #expect(route == .page(.module(file)), "\(file)")
            #expect(PageAsset.module(file).bytes == Array(data), "\(file)")
        }
    }

    /// Every stylesheet in `Page/` is served, byte for byte, and linked by the page.
    @Test func everyStylesheetIsServedAndLinked() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.pageDirectory.path)
            .filter { $0.hasSuffix(".css") }
        #expect(files.count > 5)
        #expect(Set(files) == Set(PageAsset.stylesheets.keys))
        let html = String(decoding: PageAsset.index.bytes, as: UTF8.self)
        for file in files {
            let data = try Data(contentsOf: Self.pageDirectory.appendingPathComponent(file))
            #expect(PreviewRoute(path: "/" + file) == .page(.stylesheet(file)), "\(file)")
            #expect(PageAsset.stylesheet(file).bytes == Array(data), "\(file)")
            #expect(html.contains("<link rel=\"stylesheet\" href=\"/\(file)\">"), "\(file)")
        }
    }

    /// Every module a page module imports (`from './NAME.js'`) has a route: a missing one would stop the page.
    @Test(arguments: PageAsset.modules.keys.sorted())
    func everyImportIsServed(module: String) {
        let text = String(decoding: PageAsset.modules[module] ?? [], as: UTF8.self)
        let imported = text.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "from './"),
                let end = line.range(of: ".js'", range: start.upperBound..<line.endIndex)
            else { return nil }
            return String(line[start.upperBound..<end.lowerBound]) + ".js"
        }
        for name in imported {
            #expect(PreviewRoute(path: "/" + name) == .page(.module(name)), "\(module) imports \(name)")
        }
    }

    /// The served page asks for every module at once, and names the `--theme` (escaped) when there is one.
    @Test func theServedPagePreloadsEveryModule() {
        let page = String(decoding: PageAsset.indexPage(theme: nil), as: UTF8.self)
        for name in PageAsset.modules.keys where name != "preview.js" {
            #expect(page.contains("<link rel=\"modulepreload\" href=\"/\(name)\">"), "\(name)")
        }
        #expect(!page.contains("snapstyle-theme"))
        let headEnd = page.range(of: "</head>")
        #expect(headEnd.map { page[..<$0.lowerBound].contains("modulepreload") } == true, "in the head")
        let named = String(decoding: PageAsset.indexPage(theme: "a\"<b&c"), as: UTF8.self)
        #expect(named.contains("<meta name=\"snapstyle-theme\" content=\"a&quot;&lt;b&amp;c\">"))
    }

    /// Nothing is fetched from elsewhere: no absolute or protocol-relative URL in the page's files.
    @Test(arguments: PageAsset.all)
    func thePageFetchesNothingFromElsewhere(asset: PageAsset) {
        // The SVG namespace is a name, not an address that is fetched.
        let text = String(decoding: asset.bytes, as: UTF8.self).replacingOccurrences(
            of: "http://www.w3.org/2000/svg", with: "")
        for pattern in ["http://", "https://", "src=\"//", "href=\"//", "url(//", "@import"] {
            #expect(!text.contains(pattern), "\(asset) contains \(pattern)")
        }
    }
}
