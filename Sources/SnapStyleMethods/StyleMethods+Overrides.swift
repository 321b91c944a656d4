import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleJansson
import SnapStyleThemes

extension StyleMethods {
    /// A session on the theme, with the request's overrides on top if it has any.
    public func session(_ params: Params, _ theme: StyleTheme) throws(RPCError) -> StyleSession {
        guard let overrides = params["overrides"] else { return theme.session() }
        guard case .object(let sections) = overrides else {
            throw .invalidParams(params.field("overrides"), "expected an object")
        }
        let definitions = sections.members.reduce(0) { $0 + max(1, $1.value.objectValue?.count ?? 1) }
        guard definitions <= Limits.overrideDefinitions else {
            throw .limitExceeded(
                "overrideDefinitions", limit: Limits.overrideDefinitions,
                reason: "the overrides hold \(definitions) definitions")
        }
        let canonical = Jansson.encode(overrides)
        return try theme.session(overrides: canonical) { snapshot throws(RPCError) in
            try Self.overridesLayer(canonical, of: overrides, snapshot: snapshot, field: params.field("overrides"))
        }
    }

    /// Parses and checks overrides (`text`, the encoding of `value`) like a theme file without a manifest, on top
    /// of a snapshot. An error names the dotted path of the member at fault under `field`
    /// (`overrides.font.title`): positions in `text`, which the daemon wrote, would mean nothing to the client.
    static func overridesLayer(_ text: String, of value: JSONValue, snapshot: ThemeSnapshot, field: String)
        throws(RPCError) -> ThemeLayer
    {
        let file = ThemeFile.parse(path: "overrides", text: text, themeName: "overrides", allowManifest: false)
        var errors = file.errors
        if errors.isEmpty {
            let layers = snapshot.layers + [file.layer]
            let graph = ReferenceGraph(layers: layers)
            errors = ThemeAssembler.validate(nodes: file.layer.nodes, own: file.layer, layers: layers, graph: graph)
        }
        guard let first = errors.first else { return file.layer }
        let position = SourcePosition(line: first.line, column: first.column)
        var scanner = SourceScanner(text)
        let path = memberPath(to: position, in: value, node: scanner.scan())
        let reason = errors.count == 1 ? first.message : "\(first.message) (and \(errors.count - 1) more)"
        throw .invalidParams(path.map { "\(field).\($0)" } ?? field, reason)
    }

    /// The dotted path (`font.title.size`, `x.2`) of the deepest member or element of `value` that starts at or
    /// before `position`; nil when the position is the value's own.
    static func memberPath(to position: SourcePosition, in value: JSONValue, node: SourceNode) -> String? {
        let parts: [(name: String, value: JSONValue)]
        switch value {
        case .object(let object): parts = object.members.map { ($0.key, $0.value) }
        case .array(let array): parts = array.enumerated().map { (String($0.offset), $0.element) }
        default: return nil
        }
        guard let index = parts.indices.last(where: { node.child($0).memberPosition <= position }) else { return nil }
        let name = parts[index].name
        return memberPath(to: position, in: parts[index].value, node: node.child(index)).map { "\(name).\($0)" } ?? name
    }
}
