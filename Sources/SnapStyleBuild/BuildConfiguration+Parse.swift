import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleExport

extension BuildConfiguration {
    /// Reads a config file's text; `file` names it in errors. Every error is one message at its place, with a
    /// did-you-mean for a misspelt name.
    public static func parse(_ text: String, file: String) throws(BuildError) -> BuildConfiguration {
        let root: LocatedJSON
        do {
            root = try Jansson.parseLocated(text)
        } catch {
            throw BuildError(.unreadable, error.message, file: file, position: error.position)
        }
        return try Reader(file: file).configuration(root)
    }
}

/// Reads the config's members, each checked where it is written.
private struct Reader {
    let file: String

    func fail(_ message: String, at json: LocatedJSON) -> BuildError {
        BuildError(.invalidConfiguration, message, file: file, position: json.node.memberPosition)
    }

    func unknown(_ what: String, _ name: String, among names: some Sequence<String>, at json: LocatedJSON)
        -> BuildError
    {
        let hint = Suggestions(names).closest(to: name).map { "; did you mean '\($0)'?" } ?? ""
        return fail("unknown \(what) '\(name)'\(hint)", at: json)
    }

    func string(_ json: LocatedJSON, _ what: String) throws(BuildError) -> String {
        guard let text = json.value.stringValue, !text.isEmpty else {
            throw fail("\(what) is a non-empty string", at: json)
        }
        return text
    }

    func strings(_ json: LocatedJSON, _ what: String) throws(BuildError) -> [String] {
        if json.value.stringValue != nil { return [try string(json, what)] }
        guard json.value.arrayValue != nil else { throw fail("\(what) is a string or a list of strings", at: json) }
        var result: [String] = []
        for element in json.elements { result.append(try string(element, what)) }
        return result
    }

    func choice<T: RawRepresentable & CaseIterable>(_ json: LocatedJSON, _ what: String) throws(BuildError) -> T
    where T.RawValue == String {
        let text = try string(json, what)
        guard let value = T(rawValue: text) else {
            throw unknown(what, text, among: T.allCases.map(\.rawValue), at: json)
        }
        return value
    }

    func configuration(_ root: LocatedJSON) throws(BuildError) -> BuildConfiguration {
        guard root.value.objectValue != nil else { throw fail("the build config is a JSON object", at: root) }
        var configuration = BuildConfiguration(file: file)
        var sawOutputs = false
        for (key, value) in root.members {
            switch key {
            case "$schema": continue
            case "themes": configuration.themes = try strings(value, "themes")
            case "outputs":
                sawOutputs = true
                guard value.value.arrayValue != nil else { throw fail("outputs is a list of outputs", at: value) }
                for element in value.elements { configuration.outputs.append(try output(element)) }
            default: throw unknown("member", key, among: ["themes", "outputs"], at: value)
            }
        }
        guard sawOutputs, !configuration.outputs.isEmpty else {
            throw fail("the build config has no outputs", at: root)
        }
        return configuration
    }

    func output(_ json: LocatedJSON) throws(BuildError) -> BuildOutput {
        guard json.value.objectValue != nil else { throw fail("an output is a JSON object", at: json) }
        guard let formatJSON = json["format"] else { throw fail("an output needs 'format'", at: json) }
        let format: BuildOutput.Format = try choice(formatJSON, "format")
        guard let fileJSON = json["file"] ?? json["dir"] else { throw fail("an output needs 'file'", at: json) }
        guard let themeJSON = json["theme"] else { throw fail("an output needs 'theme'", at: json) }
        var output = BuildOutput(
            format: format, file: try string(fileJSON, "file"), theme: try string(themeJSON, "theme"))
        output.position = json.node.position
        output.themePosition = themeJSON.node.position
        let allowed = format.options.union(["format", "file", "dir", "theme"])
        for (key, value) in json.members {
            guard allowed.contains(key) else {
                let all = BuildOutput.Format.allCases.reduce(into: Set<String>()) { $0.formUnion($1.options) }
                if all.contains(key) { throw fail("a \(format.rawValue) output has no option '\(key)'", at: value) }
                throw unknown("option", key, among: allowed, at: value)
            }
            switch key {
            case "prefix": output.prefix = try string(value, key)
            case "naming": output.naming = try choice(value, key) as BuildOutput.Naming
            case "units": output.units = try choice(value, key) as BuildOutput.Units
            case "remBase":
                guard let base = value.value.doubleValue, base > 0, base.isFinite else {
                    throw fail("remBase is a positive number", at: value)
                }
                output.remBase = base
            case "references": output.references = try choice(value, key)
            case "include": output.include = try strings(value, key)
            case "exclude": output.exclude = try strings(value, key)
            case "sets":
                output.sets = try strings(value, key)
                output.setsPosition = value.node.position
            case "contexts": output.contexts = try blocks(value, format: format)
            case "layer": output.layer = try string(value, key)
            case "header": output.header = try string(value, key)
            default: continue
            }
        }
        return output
    }

    func blocks(_ json: LocatedJSON, format: BuildOutput.Format) throws(BuildError) -> [BuildOutput.Block] {
        guard json.value.arrayValue != nil, !json.elements.isEmpty else {
            throw fail("contexts is a non-empty list of {context, selector, media, supports}", at: json)
        }
        if format == .dtcg, json.elements.count > 1 { throw fail("a dtcg output writes one context", at: json) }
        var blocks: [BuildOutput.Block] = []
        let members = format.hasSelectors ? ["context", "name", "selector", "media", "supports"] : ["context", "name"]
        for entry in json.elements {
            guard entry.value.objectValue != nil else { throw fail("a contexts entry is a JSON object", at: entry) }
            var block = BuildOutput.Block(context: [:], name: "", position: entry.node.position)
            for (key, value) in entry.members {
                switch key {
                case "context":
                    guard let context = value.value.objectValue else {
                        throw fail("context is a JSON object", at: value)
                    }
                    block.context = context
                case "name": block.name = try string(value, key)
                case "selector" where format.hasSelectors: block.selector = try string(value, key)
                case "media" where format.hasSelectors: block.media = try string(value, key)
                case "supports" where format.hasSelectors: block.supports = try string(value, key)
                default: throw unknown("contexts member", key, among: members, at: value)
                }
            }
            if block.name.isEmpty { block.name = Self.name(of: block.context) }
            let placed = entry["selector"] ?? entry["media"] ?? entry["supports"]
            if format == .tailwind, blocks.isEmpty, let placed {
                throw fail(
                    "the first context of a tailwind output is its @theme block: it has no selector, media or supports",
                    at: placed)
            }
            blocks.append(block)
        }
        return blocks
    }

    /// `{"colorScheme": "dark", "contrast": "high"}` → `dark-high`; the empty context → `default`.
    static func name(of context: JSONObject) -> String {
        let words = context.members.map { $0.value.stringValue ?? Jansson.encode($0.value) }
        return words.isEmpty ? "default" : words.joined(separator: "-")
    }
}
