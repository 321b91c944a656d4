import SnapStyleEngine
import SnapStyleJSON

/// A Tokens Studio project's `$themes.json`: each theme object is a context of the modifier named by its `group`
/// (`theme` when it has none), and its `selectedTokenSets` say which sets apply in it (`enabled` and `source`;
/// `disabled` sets do not). Sets are files named by their path below the project's directory without `.json`
/// (`core/colors` is `core/colors.json`), applied in `$metadata.json`'s `tokenSetOrder` (later wins), else in
/// the order the themes name them. Sets every theme applies form the base, below every modifier.
struct TokensStudioThemes {
    struct Modifier {
        var selector: ModifierSelector
        /// Per context, the files that apply in it.
        var files: [[String]]
    }

    var base: [String] = []
    var modifiers: [Modifier] = []
    /// The files of sets that every theme selecting them selects as `source`: their tokens are read for references,
    /// not listed as the theme's own.
    var sourceFiles = Set<String>()

    /// With `singleFile`, sets are the members of that file (`files` names them) and are named as they are.
    init(
        themes: LocatedJSON, path: String, metadata: LocatedJSON?, files: Set<String>, singleFile: Bool,
        _ d: inout Diagnostics
    ) {
        let directory = path.split(separator: "/").dropLast().joined(separator: "/")
        func file(_ set: String) -> String {
            singleFile ? set : (directory.isEmpty ? "" : directory + "/") + set + ".json"
        }
        struct Theme {
            var group: String
            var name: String
            var sets: [String]
            var location: SourceLocation
        }
        var found: [Theme] = []
        var order: [String] = []
        var sourceSets = Set<String>(), enabledSets = Set<String>()
        for entry in themes.elements {
            let location = SourceLocation(
                file: path, line: entry.node.memberPosition.line, column: entry.node.memberPosition.column)
            guard let name = entry["name"]?.value.stringValue else {
                d.error(location, "a Tokens Studio theme needs a name")
                continue
            }
            var sets: [String] = []
            for member in entry["selectedTokenSets"]?.members ?? [] where member.value.value.stringValue != "disabled" {
                if member.value.value.stringValue == "source" {
                    sourceSets.insert(member.key)
                } else {
                    enabledSets.insert(member.key)
                }
                guard files.contains(file(member.key)) else {
                    let missing = singleFile ? "no member of the file" : "no file ('\(file(member.key))')"
                    d.error(location, "theme '\(name)': its set '\(member.key)' is \(missing)")
                    continue
                }
                sets.append(member.key)
                if !order.contains(member.key) { order.append(member.key) }
            }
            found.append(
                Theme(group: entry["group"]?.value.stringValue ?? "theme", name: name, sets: sets, location: location))
        }
        if let listed = metadata?["tokenSetOrder"]?.value.arrayValue?.compactMap(\.stringValue) {
            order = listed.filter(order.contains) + order.filter { !listed.contains($0) }
        }
        sourceFiles = Set(sourceSets.subtracting(enabledSets).map(file))
        let common = order.filter { set in found.allSatisfy { $0.sets.contains(set) } }
        base = common.map(file)
        var groups: [String] = []
        for theme in found where !groups.contains(theme.group) { groups.append(theme.group) }
        for group in groups {
            let members = found.filter { $0.group == group }
            let names = members.map(\.name)
            let files = members.map { theme in
                order.filter { theme.sets.contains($0) && !common.contains($0) }.map(file)
            }
            modifiers.append(
                Modifier(
                    selector: ModifierSelector(
                        name: group, contexts: names, defaultContext: nil,
                        mapping: ModeFiles.automaticMapping(contexts: names)),
                    files: files))
        }
    }
}
