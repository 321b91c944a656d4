/// Every JSON-RPC method the daemon answers: the one list the daemon, the offline CLI, the client library and the
/// preview dispatch on.
public enum Method: String, CaseIterable, Sendable {
    case resolve
    case resolveElement
    case resolveContainer
    case explain
    case themes
    case keys
    /// Contrast of every foreground over its background (docs/review.md, "snapstyle audit").
    case audit
    case ping
    case status
    case reload
    case subscribe
    case unsubscribe

    /// Answered from themes alone, without a daemon: what `snapstyle --offline` and the preview's `/api/` offer.
    public var readsThemesOnly: Bool {
        switch self {
        case .resolve, .resolveElement, .resolveContainer, .explain, .themes, .keys, .audit: true
        case .ping, .status, .reload, .subscribe, .unsubscribe: false
        }
    }

    /// Walks a whole theme or the theme list, so the daemon answers it off its event loops.
    public var walksThemes: Bool {
        switch self {
        case .keys, .explain, .themes, .reload, .audit: true
        case .resolve, .resolveElement, .resolveContainer, .ping, .status, .subscribe, .unsubscribe: false
        }
    }

    /// The methods a read-only client of the daemon may call (`readsThemesOnly`).
    public static let readOnly = allCases.filter(\.readsThemesOnly)
}

/// The notifications a subscription receives (docs/protocol.md, "Subscriptions").
public enum NotificationMethod: String, CaseIterable, Sendable {
    case themeAdded
    case themeRemoved
    case themeChanged
    case themeError
    case themeRecovered
    case valuesChanged
}

/// The version the daemon and the CLI report.
public enum SnapStyleVersion {
    public static let current = "0.1.0"
}
