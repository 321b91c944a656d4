import Foundation
import SnapStyleClient
import SnapStyleJSON

extension ToolRunner {
    /// One key that matched a search.
    private struct Match {
        var attribute: String
        var entry: JSONObject
        var rank: Int
    }

    /// The keys (and component and container ids) whose attribute, name, path, type or description contains every
    /// word of `query`, best first (the name itself, then names that contain the query, then the rest in the
    /// theme's order), with their values in the default context from one `resolve`.
    func searchKeys(theme: String?, query: String, attribute: String?, limit: Int) async throws -> Answer {
        var params: JSONObject = [:]
        if let theme = theme ?? defaultTheme { params["theme"] = .string(theme) }
        if let attribute { params["attribute"] = .string(attribute) }
        let keys = try await link.call(.keys, params)
        let needle = query.lowercased().trimmingCharacters(in: .whitespaces)
        let words = needle.split(whereSeparator: \.isWhitespace).map(String.init)
        func matches(_ text: String) -> Bool {
            let haystack = text.lowercased()
            return words.allSatisfy { haystack.contains($0) }
        }
        var found: [Match] = []
        for member in keys["keys"]?.objectValue ?? [:] {
            for entry in member.value.arrayValue ?? [] {
                guard let object = entry.objectValue, let key = object["key"]?.stringValue else { continue }
                let description = object["description"]?.stringValue ?? ""
                let type = object["type"]?.stringValue ?? ""
                guard matches("\(member.key) \(key) \(type) \(description)") else { continue }
                let name = key.lowercased()
                let rank = name == needle ? 0 : name.contains(needle) ? 1 : 2
                found.append(Match(attribute: member.key, entry: object, rank: rank))
            }
        }
        // A stable sort: within a rank, the theme's order.
        let ranked = found.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
        let shown = ranked.prefix(limit).map(\.element)
        let generationAndValues = try await values(of: shown, params: params)
        var lines: [String] = []
        var matchesJSON: [JSONValue] = []
        for (match, value) in zip(shown, generationAndValues.values) {
            let key = match.entry["key"]?.stringValue ?? "?"
            let place = "\(match.entry["file"]?.stringValue ?? "?"):\(match.entry["line"]?.intValue ?? 0)"
            let description = match.entry["description"]?.stringValue.map { " — \($0)" } ?? ""
            lines.append("\(match.attribute) \(key) = \(ValueText.value(value))  [\(place)]\(description)")
            var object = match.entry
            object["attribute"] = .string(match.attribute)
            object["value"] = value
            matchesJSON.append(.object(object))
        }
        let components = (keys["components"]?.arrayValue ?? []).compactMap(\.stringValue).filter(matches)
        let containers = (keys["containers"]?.arrayValue ?? []).compactMap(\.stringValue).filter(matches)
        if found.count > shown.count {
            lines.append("(\(found.count - shown.count) more: raise limit or narrow the query)")
        }
        if found.isEmpty { lines.append("no key matches '\(query)'") }
        if !components.isEmpty { lines.append("components: \(components.joined(separator: ", "))") }
        if !containers.isEmpty { lines.append("containers: \(containers.joined(separator: ", "))") }
        let structured: JSONObject = [
            "theme": keys["theme"] ?? .null,
            "generation": generationAndValues.generation ?? keys["generation"] ?? .null,
            "total": .integer(Int64(found.count)), "matches": .array(matchesJSON),
            "components": .array(components.map(JSONValue.string)),
            "containers": .array(containers.map(JSONValue.string)),
        ]
        return Answer(text: lines.joined(separator: "\n"), structured: .object(structured))
    }

    /// The matches' values in the default context, from one `resolve` with `queries` (null where a key has none or
    /// failed), and that answer's generation.
    private func values(of matches: [Match], params: JSONObject) async throws -> (
        generation: JSONValue?, values: [JSONValue]
    ) {
        guard !matches.isEmpty else { return (nil, []) }
        var request = params
        request.members.removeAll { $0.key == "attribute" }
        request["queries"] = .array(
            matches.map { .object(["attribute": .string($0.attribute), "key": $0.entry["key"] ?? .null]) })
        let result = try await link.call(.resolve, request)
        let results = result["results"]?.arrayValue ?? []
        return (
            result["generation"],
            matches.indices.map { index in index < results.count ? results[index]["value"] ?? .null : .null }
        )
    }
}
