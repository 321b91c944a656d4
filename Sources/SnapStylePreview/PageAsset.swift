/// The page's files, embedded in the binary.
public enum PageAsset: Sendable {
    /// `/`: the HTML.
    case index
    /// `/preview.css`.
    case stylesheet
    /// `/preview.js`: the page's ES module.
    case script
    /// `/preview-pure.js`: the module's pure parts, which it imports.
    case pureScript

    var contentType: String {
        switch self {
        case .index: "text/html; charset=utf-8"
        case .stylesheet: "text/css; charset=utf-8"
        case .script, .pureScript: "text/javascript; charset=utf-8"
        }
    }

    var bytes: [UInt8] {
        switch self {
        case .index: PackageResources.index_html
        case .stylesheet: PackageResources.preview_css
        case .script: PackageResources.preview_js
        case .pureScript: PackageResources.preview_pure_js
        }
    }

    /// The page naming `theme` as its first theme (`<meta name="snapstyle-theme">`), or as it is.
    static func indexPage(theme: String?) -> [UInt8] {
        guard let theme else { return PageAsset.index.bytes }
        let escaped = theme.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
        let meta = "<meta name=\"snapstyle-theme\" content=\"\(escaped)\">"
        let html = String(decoding: PageAsset.index.bytes, as: UTF8.self)
        return Array(html.replacingOccurrences(of: "</head>", with: "    \(meta)\n</head>").utf8)
    }
}
