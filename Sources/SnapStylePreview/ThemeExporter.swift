import SnapStyleJSON
import SnapStyleJansson
import SnapStyleProtocol
import Synchronization

/// The `/theme/NAME.FORMAT` answers: every key of a theme resolved in one context, formatted.
///
/// Answers are kept per theme, context, selector and format with the generation they were made from. A request
/// first asks the daemon for the theme's generation (one key resolved: a small round trip); the kept answer is
/// served while it is of that generation, so a stylesheet is never older than the theme. Otherwise the answer is
/// made again: the kept `keys` answer is reused while the values come from its generation, and fetched again when
/// they do not.
final class ThemeExporter: Sendable {
    struct Answer: Sendable {
        var generation: Int
        var text: String
    }

    let link: DaemonLink
    /// At most this many kept answers; more drops them all (a page rarely asks for more than a few contexts).
    let capacity: Int
    private let keys = Mutex<[String: JSONValue]>([:])
    private let answers = Mutex<[String: Answer]>([:])

    init(link: DaemonLink, capacity: Int = 64) {
        self.link = link
        self.capacity = capacity
    }

    func export(theme: String, format: ThemeExport.Format, context: JSONObject, selector: String)
        async throws(PreviewError) -> String
    {
        let name = [theme, format.rawValue, selector, Jansson.encode(.object(context))].joined(separator: "\u{0}")
        if let kept = answers.withLock({ $0[name] }), let now = try await generation(of: theme),
            now == kept.generation
        {
            return kept.text
        }
        let params: JSONObject = ["theme": .string(theme)]
        var resolved = try await resolve(keys: try await keys(theme, fresh: false), params: params, context, selector)
        if resolved.generation == nil {
            resolved = try await resolve(keys: try await keys(theme, fresh: true), params: params, context, selector)
        }
        let text =
            switch format {
            case .css: ThemeExport.css([resolved])
            case .json: ThemeExport.json([resolved]) + "\n"
            case .dtcg: ThemeExport.dtcg(resolved)
            }
        if let generation = resolved.generation {
            answers.withLock { answers in
                if answers.count >= capacity { answers = [:] }
                answers[name] = Answer(generation: generation, text: text)
            }
        }
        return text
    }

    /// The theme's generation now: one of its keys resolved in the default context (nil for a theme without keys).
    private func generation(of theme: String) async throws(PreviewError) -> Int? {
        let kept = try await keys(theme, fresh: false)
        guard let (attribute, key) = Self.firstKey(kept) else { return nil }
        let answer = try await link.call(
            "resolve", ["theme": .string(theme), "attribute": .string(attribute), "key": .string(key)])
        return answer["generation"]?.intValue
    }

    static func firstKey(_ keys: JSONValue) -> (String, String)? {
        for member in keys["keys"]?.objectValue ?? [:] {
            if let key = member.value.arrayValue?.first?["key"]?.stringValue { return (member.key, key) }
        }
        return nil
    }

    private func keys(_ theme: String, fresh: Bool) async throws(PreviewError) -> JSONValue {
        if !fresh, let kept = keys.withLock({ $0[theme] }) { return kept }
        let answer = try await link.call("keys", ["theme": .string(theme)])
        keys.withLock { $0[theme] = answer }
        return answer
    }

    private func resolve(keys: JSONValue, params: JSONObject, _ context: JSONObject, _ selector: String)
        async throws(PreviewError) -> ResolvedTheme
    {
        do {
            return try await ThemeExport.resolve(keys: keys, params: params, context: context, selector: selector) {
                method, params in try await link.call(method, params)
            }
        } catch let error as PreviewError {
            throw error
        } catch {
            throw .daemonUnavailable("\(error)")
        }
    }
}
