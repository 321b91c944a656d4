import Foundation
import SnapStyleProtocol
import Testing

@testable import SnapStylePreview

@Suite struct PreviewRouteTests {
    @Test(arguments: [
        ("/", PreviewRoute.page(.index)), ("/index.html", .page(.index)), ("/preview.css", .page(.stylesheet)),
        ("/preview.js", .page(.script)), ("/preview-pure.js", .page(.pureScript)), ("/events", .events),
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
        "/theme/a%2Fb.css", "/events/x", "/favicon.ico", "/preview",
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
        #expect(html.contains("/preview.js"))
        #expect(html.contains("/preview.css"))
        #expect(!PageAsset.script.bytes.isEmpty)
        #expect(String(decoding: PageAsset.script.bytes, as: UTF8.self).contains("from './preview-pure.js'"))
        #expect(!PageAsset.pureScript.bytes.isEmpty)
        #expect(PageAsset.pureScript.contentType.hasPrefix("text/javascript"))
        #expect(!PageAsset.stylesheet.bytes.isEmpty)
    }

    /// Nothing is fetched from elsewhere: no absolute or protocol-relative URL in the page's files.
    @Test(arguments: [PageAsset.index, .stylesheet, .script, .pureScript])
    func thePageFetchesNothingFromElsewhere(asset: PageAsset) {
        // The SVG namespace is a name, not an address that is fetched.
        let text = String(decoding: asset.bytes, as: UTF8.self).replacingOccurrences(
            of: "http://www.w3.org/2000/svg", with: "")
        for pattern in ["http://", "https://", "src=\"//", "href=\"//", "url(//", "@import"] {
            #expect(!text.contains(pattern), "\(asset) contains \(pattern)")
        }
    }
}
