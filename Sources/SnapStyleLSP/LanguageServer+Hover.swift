import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleThemes

extension LanguageServer {
    func hover(_ params: JSONValue?) async throws -> JSONValue? {
        await refreshCSSTable()
        let request = try decode(TextDocumentPositionParams.self, params)
        guard let target = target(request.textDocument, request.position), let workspace else { return nil }
        switch target {
        case .themeFile(let file):
            guard let (node, site) = node(at: file) else { return nil }
            let text = hoverText(node, themeName: file.themeName, theme: file.theme, workspace)
            return [
                "contents": ["kind": "markdown", "value": .string(text)],
                "range": file.document.range(site.start, site.end).json,
            ]
        case .styleSheet(_, let document, let language, let offset):
            guard let (use, entry) = cssUse(at: document, languageID: language, offset: offset),
                let entry, let theme = workspace.store.theme(named: cssTheme)
            else { return nil }
            let text =
                "`\(use.name): \(entry.value)`\n\n"
                + hoverText(.key(entry.attribute, entry.key), themeName: cssTheme, theme: theme, workspace)
            return [
                "contents": ["kind": "markdown", "value": .string(text)],
                "range": document.range(use.start, use.end).json,
            ]
        }
    }

    /// The contexts a hover shows a value in: light and dark, each in standard and high contrast; for fonts and
    /// numbers the Dynamic Type categories `large` and `accessibility3`; for an imported theme each context of each
    /// modifier.
    func hoverContexts(_ attribute: Attribute, themeName: String, _ workspace: ThemeWorkspace)
        -> [(label: String, context: JSONObject)]
    {
        var contexts: [(String, JSONObject)] = [
            ("light", [:]), ("dark", ["colorScheme": "dark"]), ("light, high contrast", ["contrast": "high"]),
            ("dark, high contrast", ["colorScheme": "dark", "contrast": "high"]),
        ]
        if attribute == .font || attribute == .number {
            contexts.append(("Dynamic Type large", ["dynamicType": "large"]))
            contexts.append(("Dynamic Type accessibility3", ["dynamicType": "accessibility3"]))
        }
        for modifier in workspace.info(themeName)?.modifiers ?? [] {
            for context in modifier.contexts {
                contexts.append(("\(modifier.name): \(context)", ["vars": .object([modifier.name: .string(context)])]))
            }
        }
        return contexts
    }

    func hoverText(_ node: NodeRef, themeName: String, theme: StyleTheme, _ workspace: ThemeWorkspace) -> String {
        guard case .key(let attribute, let key) = node else {
            let (kind, id): (String, String) =
                switch node {
                case .container(let id): ("container", id)
                case .component(let id): ("component", id)
                case .key(_, let key): ("key", key)
                }
            var text = "**\(kind)** `\(id)` · theme `\(themeName)`"
            if let location = workspace.definitionLocation(node, theme: theme) {
                text += "\n\ndefined at `\(display(location.path)):\(location.line)`"
            }
            return text
        }
        let session = theme.session()
        let snapshot = theme.snapshot
        var text = "**\(attribute.rawValue)** `\(key)` · theme `\(themeName)`"
        let token = snapshot.token(attribute, key)?.token
        if let type = token?.type { text += " · \(type)" }
        if let description = token?.description, !description.isEmpty { text += "\n\n" + description }
        text += "\n\n| context | value |\n|---|---|\n"
        for (label, context) in hoverContexts(attribute, themeName: themeName, workspace) {
            let value: String
            do {
                let styleContext = try StyleContext(json: .object(context))
                value = InlineValue.short(try session.resolve(attribute, key, context: styleContext))
            } catch {
                value = "error: \(error)"
            }
            text += "| \(label) | `\(value.replacingOccurrences(of: "|", with: "\\|"))` |\n"
        }
        let params: JSONObject = [
            "theme": .string(themeName), "attribute": .string(attribute.rawValue), "key": .string(key),
        ]
        if let answer = try? workspace.methods.answer(.explain, .object(params)),
            let explanation = ExplainResult(json: answer), !explanation.steps.isEmpty
        {
            text += "\n**Why** (light):\n\n"
            for (index, step) in explanation.steps.enumerated() {
                text += "\(index + 1). " + Self.whyLine(step) + "\n"
            }
        }
        return text
    }

    /// One step of the explain chain: where, which layer (and modifier context), the definition as written (its
    /// kind first only when the text does not start with it already) and what it gave.
    static func whyLine(_ step: ExplainResult.Step) -> String {
        var line = "`\(step.file):\(step.line)` (\(step.layer)"
        if let source = step.source, let modifier = source.modifier, let context = source.context {
            line += ", \(modifier): \(context)"
        }
        line += ") "
        let definition = step.definition.trimmingCharacters(in: .whitespaces)
        if !step.kind.isEmpty, !definition.hasPrefix(step.kind) { line += step.kind + " " }
        if !definition.isEmpty { line += "`\(definition.replacingOccurrences(of: "`", with: "'"))` " }
        return line + "→ " + step.result
    }

    /// A path as shown to the user: relative to its root.
    func display(_ path: String) -> String {
        for root in workspace?.roots ?? [] where path.hasPrefix(root.path + "/") {
            return String(path.dropFirst(root.path.count + 1))
        }
        return path
    }
}
