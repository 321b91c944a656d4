import SnapStyleJSON

extension RPCError {
    /// An error's `data`, typed (docs/protocol.md, "Errors"): each member that some code's errors carry.
    public struct Details: Sendable, Hashable {
        /// -32001 and -32004: the theme; -32001 also the themes there are.
        public var theme: String?
        public var available: [String]
        /// -32002: the key asked for and the nearest keys.
        public var attribute: String?
        public var key: String?
        public var suggestions: [String]
        /// -32003 and -32602: the field and why; -32003 also the values allowed.
        public var field: String?
        public var reason: String?
        public var allowed: [String]
        /// -32005: the limit by name and its value.
        public var limit: String?
        public var maximum: Int?
        /// -32601: the method asked for.
        public var method: String?
        /// -32004: the theme's first file errors, and how many there are in all.
        public var errors: [ThemeFileError]
        public var errorCount: Int

        public init(_ data: JSONObject?) {
            let data = data ?? [:]
            func strings(_ name: String) -> [String] { (data[name]?.arrayValue ?? []).compactMap(\.stringValue) }
            theme = data["theme"]?.stringValue
            available = strings("available")
            attribute = data["attribute"]?.stringValue
            key = data["key"]?.stringValue
            suggestions = strings("suggestions")
            field = data["field"]?.stringValue
            reason = data["reason"]?.stringValue
            allowed = strings("allowed")
            limit = data["limit"]?.stringValue
            maximum = data["maximum"]?.intValue
            method = data["method"]?.stringValue
            errors = (data["errors"]?.arrayValue ?? []).compactMap { ThemeFileError(json: $0) }
            errorCount = max(data["errorCount"]?.intValue ?? 0, errors.count)
        }
    }

    /// The error's `data`, typed.
    public var details: Details { Details(data) }
}
