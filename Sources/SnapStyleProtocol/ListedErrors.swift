import SnapStyleJSON
import SnapStyleVocabulary

/// Errors as an answer or an event carries them: the first `Limits.listedErrors` (`errors`) and how many there are
/// in all (`errorCount`).
///
/// On `themeChanged` and `themeRecovered` they are the errors of the tokens an imported theme leaves out while the
/// rest of it serves (docs/protocol.md, "Events"): the members are there only when there is at least one.
public struct ListedErrors: Sendable, Hashable {
    /// The first `Limits.listedErrors` errors.
    public var errors: [ThemeFileError]
    /// How many errors there are in all.
    public var count: Int

    /// No errors.
    public static let none = ListedErrors([])

    /// The list of every error: it keeps the first `Limits.listedErrors` and the count, unless `count` says how
    /// many there were before the list was cut.
    public init(_ errors: [ThemeFileError], count: Int? = nil) {
        self.errors = Array(errors.prefix(Limits.listedErrors))
        self.count = max(count ?? errors.count, self.errors.count)
    }

    public var isEmpty: Bool { count == 0 }

    /// `"errors"` and `"errorCount"`, or nothing when there are no errors.
    public var members: [JSONObject.Member] {
        guard !isEmpty else { return [] }
        return [
            JSONObject.Member(key: "errors", value: .array(errors.map(\.json))),
            JSONObject.Member(key: "errorCount", value: .integer(Int64(count))),
        ]
    }

    /// Reads `errors` and `errorCount` from an event's params; none when they are absent.
    public init(params: JSONValue) {
        let errors = params["errors"]?.arrayValue?.compactMap(ThemeFileError.init(json:)) ?? []
        self.init(errors, count: params["errorCount"]?.intValue)
    }
}
