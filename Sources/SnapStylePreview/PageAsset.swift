/// The page's three files, embedded in the binary.
public enum PageAsset: Sendable {
    /// `/`: the HTML.
    case index
    /// `/preview.css`.
    case stylesheet
    /// `/preview.js`.
    case script

    var contentType: String {
        switch self {
        case .index: "text/html; charset=utf-8"
        case .stylesheet: "text/css; charset=utf-8"
        case .script: "text/javascript; charset=utf-8"
        }
    }

    var bytes: [UInt8] {
        switch self {
        case .index: PackageResources.index_html
        case .stylesheet: PackageResources.preview_css
        case .script: PackageResources.preview_js
        }
    }
}
