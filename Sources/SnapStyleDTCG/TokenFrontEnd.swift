import SnapStyleEngine
import SnapStyleJSON

/// The front ends of the importer, one per way a theme's files say which tokens apply when: a DTCG resolver, a Tokens
/// Studio project (`$themes.json`, or `$themes` in a single-file export), or token files alone (mode files by name).
/// Each says it as the same plan, the entries of a resolution order; the compiler then reads the sources, merges
/// them and compiles the tokens the same way whatever the front end (`TokenReader`, then the later stages).
enum TokenFrontEnd {
    /// One entry of the resolution order: a set (no selector, one context) or a modifier, each context a list of
    /// sources applied in order.
    struct Plan {
        var selector: ModifierSelector?
        var contexts: [[TokenSource]]
        var contextNames: [String]

        static func set(_ sources: [TokenSource]) -> Plan {
            Plan(selector: nil, contexts: [sources], contextNames: [""])
        }
    }

    /// The plan for a theme's files, from the front end they call for, and the files of Tokens Studio's `source`-only
    /// sets. The last compile's parsed resolver is reused while its JSON is the same.
    static func plans(_ input: DTCGInput, reuse: inout ReuseState, _ d: inout Diagnostics)
        -> (plans: [Plan], sourceFiles: Set<String>)
    {
        if let resolver = input.resolver {
            let document: ResolverDocument
            if let known = reuse.memo.resolver, known.node === resolver.json.node {
                document = known.document
                d.append(known.issues)
                reuse.next.resolver = known
            } else {
                let mark = d.mark
                document = ResolverDocument(resolver.json, path: resolver.path, diagnostics: &d)
                reuse.next.resolver = (resolver.json.node, document, d.since(mark))
            }
            return (Self.resolver(document, mappings: input.mappings, &d), [])
        }
        if let studio = input.studioThemes, studio.json.value.arrayValue == nil {
            let node = studio.json.node.position
            d.error(
                SourceLocation(file: studio.path, line: node.line, column: node.column),
                "$themes must be an array of Tokens Studio themes, not \(studio.json.value.typeName): every set "
                    + "applies instead")
            return (modeFiles(input), [])
        }
        if let studio = input.studioThemes, !(studio.json.value.arrayValue ?? []).isEmpty {
            // A project without themes (`[]`) applies every set, as one without `$themes.json` does.
            return tokensStudio(input, themes: studio, reuse: &reuse, &d)
        }
        return (modeFiles(input), [])
    }

    /// Whole files, by path.
    static func files(_ paths: [String]) -> [TokenSource] {
        paths.map { TokenSource.file(path: $0, pointer: [], location: SourceLocation(file: $0, line: 1, column: 1)) }
    }

    /// A resolver's order: its sets and its modifiers, the manifest's mapping (or the automatic one) on each.
    static func resolver(_ document: ResolverDocument, mappings given: [ModifierMapping], _ d: inout Diagnostics)
        -> [Plan]
    {
        let mappings = Dictionary(given.map { ($0.modifier, $0) }, uniquingKeysWith: { a, _ in a })
        var modifierNames = Set<String>()
        var plans: [Plan] = []
        for item in document.order {
            switch item {
            case .set(_, let sources):
                plans.append(.set(sources))
            case .modifier(let modifier):
                modifierNames.insert(modifier.name)
                let names = modifier.contexts.map(\.name)
                var mapping: [ModifierSelector.Mapping] = []
                if mappings[modifier.name] == nil { mapping = ModeFiles.automaticMapping(contexts: names) }
                if let given = mappings[modifier.name] {
                    for entry in given.contexts {
                        if names.contains(entry.context) {
                            mapping.append(entry)
                        } else {
                            d.error(
                                given.location,
                                "theme.modifiers.\(modifier.name): '\(entry.context)' is not a context of the modifier "
                                    + "(expected \(names.joined(separator: ", ")))")
                        }
                    }
                }
                let selector = ModifierSelector(
                    name: modifier.name, contexts: names, defaultContext: modifier.defaultContext, mapping: mapping)
                plans.append(Plan(selector: selector, contexts: modifier.contexts.map(\.sources), contextNames: names))
            }
        }
        for mapping in given where !modifierNames.contains(mapping.modifier) {
            d.warning(mapping.location, "theme.modifiers: the resolver has no modifier '\(mapping.modifier)'")
        }
        return plans
    }

    /// A Tokens Studio project's themes: the sets every theme applies as the base, each theme group a modifier. Also
    /// the files of its `source`-only sets (none for a single-file export, whose sets are all one file).
    /// The last compile's plans are reused while `$themes`, `$metadata` and the set files are the same.
    static func tokensStudio(
        _ input: DTCGInput, themes: (path: String, json: LocatedJSON), reuse: inout ReuseState, _ d: inout Diagnostics
    ) -> ([Plan], Set<String>) {
        var files = Set(input.documents.keys)
        var sources = Self.files
        if let single = input.studioSingleFile {
            files = Set((input.documents[single]?.value.objectValue?.keys ?? []).filter { !$0.hasPrefix("$") })
            let location = SourceLocation(file: single, line: 1, column: 1)
            sources = { sets in sets.map { .file(path: single, pointer: [$0], location: location) } }
        }
        let key = TokenMemo.StudioKey(
            themes: themes.json.node, path: themes.path, metadata: input.studioMetadata?.node, files: files,
            singleFile: input.studioSingleFile)
        if let known = reuse.memo.studio, known.key.matches(key) {
            d.append(known.issues)
            if reuse.keepsMemo { reuse.next.studio = known }
            return (known.plans, known.sourceFiles)
        }
        let mark = d.mark
        let project = TokensStudioThemes(
            themes: themes.json, path: themes.path, metadata: input.studioMetadata, files: files,
            singleFile: input.studioSingleFile != nil, &d)
        var plans = [Plan.set(sources(project.base))]
        for modifier in project.modifiers {
            plans.append(
                Plan(
                    selector: modifier.selector, contexts: modifier.files.map(sources),
                    contextNames: modifier.selector.contexts))
        }
        let sourceFiles = input.studioSingleFile == nil ? project.sourceFiles : []
        if reuse.keepsMemo {
            reuse.next.studio = (key, plans, sourceFiles, d.since(mark))
        }
        return (plans, sourceFiles)
    }

    /// Token files alone: every file is a set, in byte order of path, but for those named for a mode
    /// (`tokens.dark.json`), which apply in their mode.
    static func modeFiles(_ input: DTCGInput) -> [Plan] {
        let paths = input.documents.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let (base, modifiers) = ModeFiles.modifiers(paths)
        return [.set(files(base))]
            + modifiers.map { selector, paths in
                Plan(selector: selector, contexts: paths.map(files), contextNames: selector.contexts)
            }
    }
}
