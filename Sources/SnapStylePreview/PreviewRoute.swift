import Foundation
import SnapStyleProtocol
import SnapStyleExport

/// What a request path asks for. Parsing is pure: the responder answers each case.
public enum PreviewRoute: Equatable, Sendable {
    /// A file of the page: `/`, `/preview.css`, and its ES modules (`/preview.js` and those it imports).
    case page(PageAsset)
    /// `/api/METHOD`: one of the daemon's read-only methods (`Method.readOnly`), with params from the query.
    case api(Method)
    /// `/api/batch?calls=[{"method", "query"}]`: several of those in one request (the page's cards).
    case batch
    /// `/theme/NAME.css`, `.json`, `.tokens.json`: the theme's export.
    case export(theme: String, format: ThemeExport.Format)
    /// `/events`: Server-Sent Events.
    case events
    /// `/build/FILE`: a file of the `--build` config's outputs, by its path as the config names it.
    case build(file: String)

    /// The route of `path` (without its query), or nil for an unknown one.
    public init?(path: String) {
        if let asset = PageAsset(path: path) {
            self = .page(asset)
            return
        }
        if path == "/events" {
            self = .events
            return
        }
        if path == "/api/batch" {
            self = .batch
            return
        }
        if path.hasPrefix("/api/"), let method = Method(rawValue: String(path.dropFirst("/api/".count))),
            method.readsThemesOnly
        {
            self = .api(method)
            return
        }
        if path.hasPrefix("/build/") {
            let file = String(path.dropFirst("/build/".count)).removingPercentEncoding ?? ""
            guard !file.isEmpty else { return nil }
            self = .build(file: file)
            return
        }
        guard path.hasPrefix("/theme/") else { return nil }
        let file = String(path.dropFirst("/theme/".count)).removingPercentEncoding ?? ""
        for (suffix, format) in [(".tokens.json", ThemeExport.Format.dtcg), (".json", .json), (".css", .css)]
        where file.hasSuffix(suffix) {
            let name = String(file.dropLast(suffix.count))
            guard !name.isEmpty, !name.contains("/") else { return nil }
            self = .export(theme: name, format: format)
            return
        }
        return nil
    }

    /// Whether the query goes to the daemon (everything but the page's files).
    var asksTheDaemon: Bool {
        switch self {
        case .page: false
        case .api, .batch, .export, .events, .build: true
        }
    }

    /// Whether other origins may read the answer (a dev server on another port): the exports and the events.
    var allowsOtherOrigins: Bool {
        switch self {
        case .export, .events, .build: true
        case .page, .api, .batch: false
        }
    }
}
