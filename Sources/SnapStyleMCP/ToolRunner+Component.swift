import SnapStyleClient
import SnapStyleVocabulary
import SnapStyleJSON
import SnapStyleProtocol

extension ToolRunner {
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
        async let container = ask(.resolveContainer, request, as: ContainerResult.self)
        let elements = try await withThrowingTaskGroup(of: (Int, ElementResult).self) { group in
            for (index, (type, hierarchy)) in pairs.enumerated() {
                var elementRequest = request
                elementRequest["element"] = .object([
                    "type": .string(type.rawValue), "hierarchy": .string(hierarchy.rawValue),
                ])
                group.addTask { (index, try await ask(.resolveElement, elementRequest, as: ElementResult.self).result) }
            }
            var answers: [ElementResult?] = Array(repeating: nil, count: pairs.count)
            for try await (index, answer) in group { answers[index] = answer }
            return answers.compactMap { $0 }
        }
        let containerResult = try await container.result
        let mapped = elements.filter(\.isMapped)
        var lines = ["component \(component)\(state.map { " (\($0))" } ?? "") in theme \(containerResult.theme):"]
        lines.append(Self.containerLine(containerResult))
        lines += Self.elementLines(mapped)
        if mapped.isEmpty { lines.append("  it maps no element type") }
        let structuredElements: [JSONValue] = mapped.map { element in
            var object: JSONObject = [
                "type": .string(element.element.type.rawValue),
                "hierarchy": .string(element.element.hierarchy.rawValue),
            ]
            for attribute in ElementAttribute.allCases { object[attribute.rawValue] = element[attribute].json }
            return .object(object)
        }
        var containerObject = containerResult.json.objectValue ?? [:]
        containerObject.members.removeAll { $0.key == "theme" || $0.key == "generation" }
        let structured: JSONObject = [
            "theme": .string(containerResult.theme), "generation": .integer(Int64(containerResult.generation)),
            "component": .string(component), "state": .string(state ?? "normal"),
            "container": .object(containerObject), "elements": .array(structuredElements),
        ]
        return Answer(text: lines.joined(separator: "\n"), structured: .object(structured))
    }

    /// `  container ID: surface KEY = VALUE; ...`.
    private static func containerLine(_ result: ContainerResult) -> String {
        guard let id = result.container else { return "  no container" }
        let parts = ContainerResult.attributes.compactMap { name -> String? in
            guard let mapped = result.values[name], mapped.key != nil else { return nil }
            return "\(name) \(ValueText.keyed(mapped))"
        }
        return "  container \(id): " + (parts.isEmpty ? "nothing mapped" : parts.joined(separator: "; "))
    }

    /// One line per element type and the hierarchies that resolve alike: `  title (primary, secondary): font ...`.
    private static func elementLines(_ elements: [ElementResult]) -> [String] {
        var groups: [(type: String, text: String, hierarchies: [String])] = []
        for element in elements {
            let type = element.element.type.rawValue
            let text = ElementAttribute.allCases.map { attribute in
                let mapped = element[attribute]
                return mapped.key == nil
                    ? "\(attribute.rawValue) -" : "\(attribute.rawValue) \(ValueText.keyed(mapped))"
            }.joined(separator: "; ")
            if let index = groups.firstIndex(where: { $0.type == type && $0.text == text }) {
                groups[index].hierarchies.append(element.element.hierarchy.rawValue)
            } else {
                groups.append((type, text, [element.element.hierarchy.rawValue]))
            }
        }
        return groups.map { "  \($0.type) (\($0.hierarchies.joined(separator: ", "))): \($0.text)" }
    }
}
