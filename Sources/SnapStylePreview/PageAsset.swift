/// The page's files, embedded in the binary.
public enum PageAsset: Hashable, Sendable {
    /// `/`: the HTML.
    case index
    /// `/NAME.css`: one of the page's stylesheets (`PageAsset.stylesheets`), by file name.
    case stylesheet(String)
    /// `/NAME.js`: one of the page's ES modules (`PageAsset.modules`), by file name.
    case module(String)

    /// The page's ES modules by file name: `preview.js` starts the page and imports the others. A module file added
    /// to `Page/` is served once it is listed here.
    static let modules: [String: [UInt8]] = [
        "preview.js": PackageResources.preview_js,
        "actions.js": PackageResources.actions_js,
        "api.js": PackageResources.api_js,
        "changes.js": PackageResources.changes_js,
        "colors.js": PackageResources.colors_js,
        "columns.js": PackageResources.columns_js,
        "components.js": PackageResources.components_js,
        "constants.js": PackageResources.constants_js,
        "contrast.js": PackageResources.contrast_js,
        "contrast-view.js": PackageResources.contrast_view_js,
        "context.js": PackageResources.context_js,
        "controls.js": PackageResources.controls_js,
        "dom.js": PackageResources.dom_js,
        "dtcg-values.js": PackageResources.dtcg_values_js,
        "error-list.js": PackageResources.error_list_js,
        "events.js": PackageResources.events_js,
        "explain.js": PackageResources.explain_js,
        "font-check.js": PackageResources.font_check_js,
        "fonts.js": PackageResources.fonts_js,
        "format.js": PackageResources.format_js,
        "full-load.js": PackageResources.full_load_js,
        "key-groups.js": PackageResources.key_groups_js,
        "key-lists.js": PackageResources.key_lists_js,
        "key-tiles.js": PackageResources.key_tiles_js,
        "keyboard.js": PackageResources.keyboard_js,
        "live-update.js": PackageResources.live_update_js,
        "loader.js": PackageResources.loader_js,
        "loading.js": PackageResources.loading_js,
        "number-scale.js": PackageResources.number_scale_js,
        "page-render.js": PackageResources.page_render_js,
        "paint.js": PackageResources.paint_js,
        "renderers.js": PackageResources.renderers_js,
        "search.js": PackageResources.search_js,
        "sections.js": PackageResources.sections_js,
        "sheet.js": PackageResources.sheet_js,
        "state.js": PackageResources.state_js,
        "status.js": PackageResources.status_js,
        "store.js": PackageResources.store_js,
    ]

    /// The page's stylesheets by file name: `preview.css`, the base, and one beside each part of the page. `index.html`
    /// links them in the order they apply; a stylesheet added to `Page/` is served once it is listed here.
    static let stylesheets: [String: [UInt8]] = [
        "components.css": PackageResources.components_css,
        "controls.css": PackageResources.controls_css,
        "explain.css": PackageResources.explain_css,
        "keys.css": PackageResources.keys_css,
        "preview.css": PackageResources.preview_css,
        "sections.css": PackageResources.sections_css,
        "sheet.css": PackageResources.sheet_css,
        "status.css": PackageResources.status_css,
        "values.css": PackageResources.values_css,
    ]

    /// Every file of the page: the HTML, the stylesheets and the modules.
    static var all: [PageAsset] {
        [.index] + stylesheets.keys.sorted().map(PageAsset.stylesheet) + modules.keys.sorted().map(PageAsset.module)
    }

    /// The asset served at `path`, or nil.
    init?(path: String) {
        switch path {
        case "/", "/index.html": self = .index
        default:
            let name = String(path.dropFirst())
            guard path.hasPrefix("/") else { return nil }
            if PageAsset.modules[name] != nil {
                self = .module(name)
            } else if PageAsset.stylesheets[name] != nil {
                self = .stylesheet(name)
            } else {
                return nil
            }
        }
    }

    var contentType: String {
        switch self {
        case .index: "text/html; charset=utf-8"
        case .stylesheet: "text/css; charset=utf-8"
        case .module: "text/javascript; charset=utf-8"
        }
    }

    var bytes: [UInt8] {
        switch self {
        case .index: PackageResources.index_html
        case .stylesheet(let name): PageAsset.stylesheets[name] ?? []
        case .module(let name): PageAsset.modules[name] ?? []
        }
    }

    /// The page as served: it asks for every module at once (`<link rel="modulepreload">`), instead of one level of
    /// imports after another, and names `theme` as its first theme (`<meta name="snapstyle-theme">`) when given.
    static func indexPage(theme: String?) -> [UInt8] {
        var head = modules.keys.sorted().filter { $0 != "preview.js" }.map {
            "<link rel=\"modulepreload\" href=\"/\($0)\">"
        }
        if let theme {
            let escaped = theme.replacingOccurrences(of: "&", with: "&amp;")
                .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
            head.append("<meta name=\"snapstyle-theme\" content=\"\(escaped)\">")
        }
        let html = String(decoding: PageAsset.index.bytes, as: UTF8.self)
        let lines = head.map { "    \($0)\n" }.joined()
        return Array(html.replacingOccurrences(of: "</head>", with: lines + "</head>").utf8)
    }
}
