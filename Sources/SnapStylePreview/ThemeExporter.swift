import SnapStyleJSON
import SnapStyleProtocol
import Synchronization
import SnapStyleExport

/// The `/theme/NAME.FORMAT` answers: every key of a theme resolved in one context, formatted.
///
/// Answers are kept per theme, context, selector and format with the daemon instance and the generation they were
/// made from. A request first asks the daemon where the theme is now (a `resolve` with no queries: a small round
/// trip); a kept answer is served only while it matches, so a stylesheet is never older than the theme. Otherwise
/// the answer is made again, reusing the kept `keys` answer while it matches too.
final class ThemeExporter: Sendable {
    /// Where an answer came from.
    struct Stamp: Equatable, Sendable {
        var instance: String
        var generation: Int
    }

    struct Kept<Value: Sendable>: Sendable {
        var stamp: Stamp
        var value: Value
    }

    let link: DaemonLink
    /// At most this many kept answers; more drops them all (a page rarely asks for more than a few contexts).
    let capacity: Int
    private let keys = Mutex<[String: Kept<KeysResult>]>([:])
    private let answers = Mutex<[String: Kept<String>]>([:])

    init(link: DaemonLink, capacity: Int = 64) {
        self.link = link
        self.capacity = capacity
    }

    func export(theme: String, format: ThemeExport.Format, context: JSONObject, selector: String, inherited: Bool)
        async throws(PreviewError) -> String
    {
        let name = [
            theme, format.rawValue, selector, JSONText.encode(.object(context), layout: .jansson),
            inherited ? "+" : "-",
        ]
        .joined(separator: "\u{0}")
        let now = try await stamp(of: theme)
        if let kept = answers.withLock({ $0[name] }), kept.stamp == now { return kept.value }

        var (resolved, stamp) = try await resolve(
            theme, keys: try await keys(theme, at: now), context, selector, inherited: inherited)
        if stamp == nil {
            // The theme changed while its keys and values were asked: once more, with fresh keys.
            let fresh = try await keys(theme, at: nil)
            (resolved, stamp) = try await resolve(theme, keys: fresh, context, selector, inherited: inherited)
        }
        let text =
            switch format {
            case .css: ThemeExport.css([resolved])
            case .json: ThemeExport.json([resolved]) + "\n"
            case .dtcg: ThemeExport.dtcg(resolved)
            }
        if let stamp {
            answers.withLock { answers in
                if let kept = answers[name], kept.stamp.instance == stamp.instance,
                    kept.stamp.generation > stamp.generation
                {
                    return
                }
                if answers.count >= capacity { answers = [:] }
                answers[name] = Kept(stamp: stamp, value: text)
            }
        }
        return text
    }

    /// The daemon's instance and the theme's generation now.
    private func stamp(of theme: String) async throws(PreviewError) -> Stamp {
        let answer = try await link.answer(.resolve, ["theme": .string(theme), "queries": .array([])])
        return Stamp(instance: answer.instance, generation: ResultStamp(json: answer.value)?.generation ?? 0)
    }

    /// The theme's `keys` answer: the kept one when it is of `stamp`, else a fresh one (kept).
    private func keys(_ theme: String, at stamp: Stamp?) async throws(PreviewError) -> Kept<KeysResult> {
        if let stamp, let kept = keys.withLock({ $0[theme] }), kept.stamp == stamp { return kept }
        let answer = try await link.answer(.keys, ["theme": .string(theme)])
        guard let result = KeysResult(json: answer.value) else {
            throw .daemonUnavailable("the daemon's answer to keys is not a keys result")
        }
        let fresh = Kept(stamp: Stamp(instance: answer.instance, generation: result.generation), value: result)
        keys.withLock { $0[theme] = fresh }
        return fresh
    }

    /// Every key resolved; the stamp is nil when the values did not all come from the keys' instance and generation.
    private func resolve(
        _ theme: String, keys: Kept<KeysResult>, _ context: JSONObject, _ selector: String, inherited: Bool
    ) async throws(PreviewError) -> (ResolvedTheme, Stamp?) {
        var instances: Set<String> = [keys.stamp.instance]
        let resolved: ResolvedTheme
        do {
            resolved = try await ThemeExport.resolve(
                keys: ThemeExport.exportedKeys(keys.value, inherited: inherited), params: ["theme": .string(theme)],
                context: context, selector: selector
            ) { method, params in
                let answer = try await link.answer(method, params)
                instances.insert(answer.instance)
                return answer.value
            }
        } catch let error as PreviewError {
            throw error
        } catch {
            throw .daemonUnavailable("\(error)")
        }
        guard instances.count == 1, resolved.generation == keys.stamp.generation else { return (resolved, nil) }
        return (resolved, keys.stamp)
    }
}
