import SnapStyleVocabulary
import SnapStyleJSON
import SnapStyleProtocol

extension SnapStyleEvent: CustomStringConvertible {
    /// One line a person reads: `themeChanged snap generation 4: font title, surface accent (colors.json)`.
    public var description: String {
        switch self {
        case .theme(let event): event.description
        case .disconnected: "disconnected"
        case .subscribed(let result):
            "subscribed \(result.subscription) to daemon \(result.instance)"
                + (result.missed ? " (events were missed: refetch)" : "")
                + result.values.map { " \(Self.text($0.id))=\(Self.text($0.value))" }.joined(separator: ",")
        }
    }

    static func text(_ value: JSONValue) -> String {
        if case .string(let string) = value { return string }
        return JSONText.encode(value)
    }
}

extension ThemeEvent: CustomStringConvertible {
    public var description: String {
        switch self {
        case .themeAdded(let theme): "themeAdded \(theme)"
        case .themeRemoved(let theme): "themeRemoved \(theme)"
        case .themeRecovered(let event):
            "themeRecovered \(event.theme) generation \(event.generation)" + Self.leftOut(event.leftOut)
        case .themeChanged(let event):
            "themeChanged \(event.theme) generation \(event.generation): "
                + Attribute.allCases.compactMap { attribute in
                    event.changed[attribute].map { keys in "\(attribute.rawValue) \(keys.joined(separator: " "))" }
                }.joined(separator: ", ")
                + (event.files.isEmpty ? "" : " (\(event.files.joined(separator: ", ")))")
                + Self.leftOut(event.leftOut)
        case .themeError(let event):
            "themeError \(event.theme) (serving generation \(event.generation)): "
                + event.errors.map(\.description).joined(separator: "; ")
        case .valuesChanged(let event):
            "valuesChanged \(event.theme) generation \(event.generation):"
                + event.values.map { " \(SnapStyleEvent.text($0.id))=\(SnapStyleEvent.text($0.value))" }
                .joined(separator: ",")
        }
    }

    /// `; 3 tokens left out: tokens.json:1:40: b: alias {nope} names no token; …`, or nothing.
    static func leftOut(_ errors: ListedErrors) -> String {
        guard !errors.isEmpty else { return "" }
        return "; \(errors.count) token\(errors.count == 1 ? "" : "s") left out: "
            + errors.errors.map(\.description).joined(separator: "; ")
    }
}
