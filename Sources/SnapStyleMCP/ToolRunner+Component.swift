import SnapStyleClient
import SnapStyleEngine
import SnapStyleJSON

extension ToolRunner {
    /// The element attributes a component maps, in the order `resolveElement` answers them.
    static let elementAttributes = ElementAttribute.allCases.map(\.rawValue)

    /// A component resolved as a whole: its container (`resolveContainer` with the component pushed on the context's
    /// stack in `state`), and `resolveElement` for every element type and hierarchy, of which those the component
    /// maps (some attribute has a key) are kept. The calls go out together on the one connection.
    func resolveComponent(params: JSONObject, component: String, state: String?, context: JSONObject) async throws
        -> Answer
    {
        var context = context
        var entry: JSONObject = ["component": .string(component)]
        if let state { entry["state"] = .string(state) }
        context["stack"] = .array((context["stack"]?.arrayValue ?? []) + [.object(entry)])
        var contextual = params
        contextual["context"] = .object(context)
        let request = contextual
        let pairs = ElementType.allCases.flatMap { type in Hierarchy.allCases.map { (type, $0) } }
        let link = self.link
        async let container = link.call(.resolveContainer, request)
        let elements = try await withThrowingTaskGroup(of: (Int, JSONValue).self) { group in
            for (index, (type, hierarchy)) in pairs.enumerated() {
                var elementRequest = request
                elementRequest["element"] = .object([
                    "type": .string(type.rawValue), "hierarchy": .string(hierarchy.rawValue),
                ])
                group.addTask { (index, try await link.call(.resolveElement, elementRequest)) }
            }
            var answers = [JSONValue](repeating: .null, count: pairs.count)
            for try await (index, answer) in group { answers[index] = answer }
            return answers
        }
        let containerResult = try await container
        let mapped = elements.filter { element in
            Self.elementAttributes.contains { element[$0]?["key"].map { !$0.isNull } ?? false }
        }
        var lines = [
            "component \(component)\(state.map { " (\($0))" } ?? "") in theme "
                + "\(containerResult["theme"]?.stringValue ?? "?"):"
        ]
        lines.append(Self.containerLine(containerResult))
        lines += Self.elementLines(mapped)
        if mapped.isEmpty { lines.append("  it maps no element type") }
        var structuredElements: [JSONValue] = []
        for element in mapped {
            var object: JSONObject = [
                "type": element["element"]?["type"] ?? .null, "hierarchy": element["element"]?["hierarchy"] ?? .null,
            ]
            for attribute in Self.elementAttributes { object[attribute] = element[attribute] ?? .null }
            structuredElements.append(.object(object))
        }
        var containerObject = containerResult.objectValue ?? [:]
        containerObject.members.removeAll { $0.key == "theme" || $0.key == "generation" }
        let structured: JSONObject = [
            "theme": containerResult["theme"] ?? .null, "generation": containerResult["generation"] ?? .null,
            "component": .string(component), "state": .string(state ?? "normal"),
            "container": .object(containerObject), "elements": .array(structuredElements),
        ]
        return Answer(text: lines.joined(separator: "\n"), structured: .object(structured))
    }

    /// `  container ID: surface KEY = VALUE; ...`.
    private static func containerLine(_ result: JSONValue) -> String {
        guard let id = result["container"]?.stringValue else { return "  no container" }
        let parts = ["surface", "composition", "shape", "padding", "border"].compactMap { name -> String? in
            guard let keyed = result[name], let key = keyed["key"]?.stringValue else { return nil }
            return "\(name) \(key) = \(ValueText.value(keyed["value"] ?? .null))"
        }
        return "  container \(id): " + (parts.isEmpty ? "nothing mapped" : parts.joined(separator: "; "))
    }

    /// One line per element type and the hierarchies that resolve alike: `  title (primary, secondary): font ...`.
    private static func elementLines(_ elements: [JSONValue]) -> [String] {
        var groups: [(type: String, text: String, hierarchies: [String])] = []
        for element in elements {
            let type = element["element"]?["type"]?.stringValue ?? "?"
            let hierarchy = element["element"]?["hierarchy"]?.stringValue ?? "?"
            let text = elementAttributes.map { name in
                guard let keyed = element[name], let key = keyed["key"]?.stringValue else { return "\(name) -" }
                return "\(name) \(key) = \(ValueText.value(keyed["value"] ?? .null))"
            }.joined(separator: "; ")
            if let index = groups.firstIndex(where: { $0.type == type && $0.text == text }) {
                groups[index].hierarchies.append(hierarchy)
            } else {
                groups.append((type, text, [hierarchy]))
            }
        }
        return groups.map { "  \($0.type) (\($0.hierarchies.joined(separator: ", "))): \($0.text)" }
    }
}
