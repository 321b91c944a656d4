import Foundation
import SnapStyleClient
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleVocabulary

extension ToolRunner {
    /// One key that matched a search.
    private struct Match {
        var attribute: Attribute
        var entry: KeysResult.Entry
        var rank: Int
    }

    /// The keys (and component and container ids) whose attribute, name, path, type or description contains every
    /// word of `query`, best first (the name itself, then names that contain the query, then the rest in the
    /// theme's order), with their values in the default context from one `resolve`.
    func searchKeys(theme: String?, query: String, attribute: String?, limit: Int) async throws -> Answer {
        guard query.utf8.count <= Limits.mcpSearchQueryBytes else {
            throw ToolFailure(
                "the query is \(query.utf8.count) bytes, over the limit of \(Limits.mcpSearchQueryBytes): "
                    + "a few words find a key")
        }
        var params: JSONObject = [:]
        if let theme = theme ?? defaultTheme { params["theme"] = .string(theme) }
        if let attribute { params["attribute"] = .string(attribute) }
        let keys = try await ask(.keys, params, as: KeysResult.self).result
        let search = SearchQuery(query)
        let matches = search.matches
        var found: [Match] = []
        for (attribute, entries) in keys.keys {
            for entry in entries {
                let token = entry.token
                guard matches("\(attribute.rawValue) \(entry.key) \(token?.type ?? "") \(token?.description ?? "")")
                else { continue }
                found.append(Match(attribute: attribute, entry: entry, rank: search.rank(entry.key)))
            }
        }
        // A stable sort: within a rank, the theme's order.
        let ranked = found.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
        let shown = ranked.prefix(limit).map(\.element)
        let resolved = try await values(of: shown, params: params)
        var lines: [String] = []
        var matchesJSON: [JSONValue] = []
        for (match, value) in zip(shown, resolved.values) {
            let entry = match.entry
            let description = entry.token?.description.map { " — \($0)" } ?? ""
            lines.append(
                "\(match.attribute.rawValue) \(entry.key) = \(ValueText.value(value ?? .null, attribute: match.attribute))  "
                    + "[\(entry.file):\(entry.line)]\(description)")
            var object = entry.json.objectValue ?? [:]
            object["attribute"] = .string(match.attribute.rawValue)
            object["value"] = value ?? .null
            matchesJSON.append(.object(object))
        }
        let components = keys.components.filter(matches)
        let containers = keys.containers.filter(matches)
        if found.count > shown.count {
            lines.append("(\(found.count - shown.count) more: raise limit or narrow the query)")
        }
        if found.isEmpty { lines.append("no key matches '\(Quoted.excerpt(query))'") }
        if !components.isEmpty { lines.append("components: \(components.joined(separator: ", "))") }
        if !containers.isEmpty { lines.append("containers: \(containers.joined(separator: ", "))") }
        let structured: JSONObject = [
            "theme": .string(keys.theme), "generation": .integer(Int64(resolved.generation ?? keys.generation)),
            "total": .integer(Int64(found.count)), "matches": .array(matchesJSON),
            "components": .array(components.map(JSONValue.string)),
            "containers": .array(containers.map(JSONValue.string)),
        ]
        return Answer(text: lines.joined(separator: "\n"), structured: .object(structured))
    }

    /// The matches' values in the default context, from one `resolve` with `queries` (nil where a key has none or
    /// failed), and that answer's generation.
    private func values(of matches: [Match], params: JSONObject) async throws -> (
        generation: Int?, values: [JSONValue?]
    ) {
        guard !matches.isEmpty else { return (nil, []) }
        var request = params
        request.members.removeAll { $0.key == "attribute" }
        request["queries"] = .array(
            matches.map { .object(["attribute": .string($0.attribute.rawValue), "key": .string($0.entry.key)]) })
        let result = try await ask(.resolve, request, as: ResolveQueriesResult.self).result
        return (result.generation, matches.indices.map { $0 < result.results.count ? result.results[$0].value : nil })
    }
}
