import SnapStyleDTCG
import SnapStyleJSON
import SnapStyleEngine

extension ThemeBuilder {
    /// Where a theme's compiled design tokens sit among its files: one contribution to its layer, rebuilt from
    /// every token file (and the resolver and manifest) whenever one of its files changes.
    static let tokensUnit = "\u{1}tokens"

    /// Whether a theme holds DTCG files (by their names, or by what they hold).
    static func hasTokens(_ record: Record) -> Bool {
        guard let location = record.location else { return false }
        return location.kind == .resolver || location.kind == .tokensFile
            || record.files.contains { $0.key != tokensUnit && $0.value.role != .native }
    }

    /// The theme's resolver, relative to the root: `NAME.resolver.json`, or a file of the theme that holds one
    /// (`resolutionOrder`), whatever its name.
    static func resolverPath(_ record: Record) -> String? {
        guard let location = record.location else { return nil }
        if location.kind == .resolver { return location.filePath }
        return record.fileOrder.first { record.files[$0]?.role == .resolver }
    }

    /// The token files the theme's resolver names (relative to the root).
    static func referenced(_ record: inout Record) -> [String] {
        guard let path = resolverPath(record), let document = record.files[path]?.document else { return [] }
        if let known = record.referencedFiles, known.resolver === document.node { return known.files }
        let files = ResolverDocument.referencedFiles(document, path: path).filter {
            $0 != path && ThemeDiscovery.FileRole(path: $0) != .resolver
        }
        record.referencedFiles = (document.node, files)
        return files
    }

    /// Reads the token files the resolver names now: new ones, and those among `touched` not `read` already;
    /// forgets those it no longer names. Returns the paths that changed.
    func syncReferenced(
        _ record: inout Record, touched: TouchedFiles, listed: [String], read alreadyRead: Set<String>
    ) -> Set<String> {
        let references = Self.referenced(&record)
        var changed = Set<String>()
        let wanted = Set(listed).union(references)
        for path in record.fileOrder where !wanted.contains(path) {
            forget(path, &record)
            changed.insert(path)
        }
        for path in references
        where record.files[path] == nil || touched.contains(path) && !alreadyRead.contains(path) {
            if read(path, &record) { changed.insert(path) }
        }
        var order = listed
        for path in references where !order.contains(path) { order.append(path) }
        record.fileOrder = order
        return changed
    }

    /// Compiles the theme's token files into its tokens contribution (kept as a changed file for the build).
    func compileTokens(_ record: inout Record) {
        guard record.location != nil else { return }
        let compiled: DTCGCompilation
        if compilesWhole || Self.isLarge(record) {
            // The input is built in the call, so that the compiler alone holds the files' JSON and lets it go.
            compiled = TokenCompiler.compileWhole(tokenInput(&record, releasing: true), themeName: record.name)
            record.tokenMemo = TokenMemo()
        } else {
            compiled = TokenCompiler.compile(
                tokenInput(&record, releasing: false), themeName: record.name, memo: &record.tokenMemo)
        }
        // A token in error is left out of the layer; the theme loads the rest (docs/dtcg.md, "Errors").
        // Errors about the files as a whole refuse the new state, as a native file's do.
        let refusing = Set(compiled.themeErrors)
        var file = ThemeFile(
            path: Self.tokensUnit, layer: compiled.layer,
            errors: compiled.themeErrors.map { ThemeError(at: $0.location, $0.message) })
        file.tokenErrors = compiled.errors.filter { !refusing.contains($0) }.map {
            ThemeError(at: $0.location, $0.message)
        }
        file.warnings = compiled.warnings.map { ThemeError(at: $0.location, $0.message) }
        // Recompiled since the version the next build starts from: after a compile that no build took yet, both.
        if let keys = compiled.recompiled {
            let pending = record.memo.previous[Self.tokensUnit] != nil
            file.recompiled = pending ? record.files[Self.tokensUnit]?.recompiled?.union(keys) : keys
        }
        if record.memo.previous[Self.tokensUnit] == nil, let old = record.files[Self.tokensUnit] {
            record.memo.previous[Self.tokensUnit] = old
        }
        record.files[Self.tokensUnit] = file
        record.tokenCount = compiled.tokenCount
    }

    /// Whether a theme's tokens are so many (`Limits.largeTokenTheme`, or four JSON values a token in its files)
    /// that keeping their parsed JSON and an incremental compile's memo would outweigh the compiled form: such a
    /// theme is compiled whole on each change, from its files read again, and keeps its compiled form only.
    static func isLarge(_ record: Record) -> Bool {
        if record.tokenCount >= Limits.largeTokenTheme { return true }
        let nodes = record.files.values.reduce(0) { $0 + ($1.document?.node.parseSize ?? 0) }
        return nodes >= 4 * Limits.largeTokenTheme
    }

    /// What the compiler reads: the resolver, the token files' JSON (with `releasing`, taken out of the record),
    /// the manifest's settings.
    func tokenInput(_ record: inout Record, releasing: Bool) -> DTCGInput {
        var resolver: (path: String, json: LocatedJSON)?
        if let path = Self.resolverPath(record), let json = record.files[path]?.document { resolver = (path, json) }
        var documents: [String: LocatedJSON] = [:]
        var unreadable = Set<String>()
        // With a resolver, the files it names and no others, whatever their names (a refused one is reported where
        // it is); without, every token file, by name or by content.
        let referenced = Set(Self.referenced(&record))
        let roles = record.files.mapValues(\.role)
        let isTokenFile = { (path: String) in
            resolver == nil
                ? roles[path] == .tokens || ThemeDiscovery.FileRole(path: path) == .tokens
                : referenced.contains(path)
        }
        for path in record.fileOrder where isTokenFile(path) {
            if let document = record.files[path]?.document ?? reparsedIfReleased(path, record) {
                documents[path] = document
                if releasing {
                    record.files[path]?.document = nil
                    record.files[path]?.isDocumentReleased = true
                }
            } else {
                unreadable.insert(path)
            }
        }
        let manifest = record.manifest
        var input = DTCGInput(
            resolver: resolver, documents: documents, unreadable: unreadable, remBase: manifest?.remBase ?? 16,
            mappings: manifest?.modifiers ?? [])
        let metadata = record.fileOrder.filter { record.files[$0]?.role == .metadata }
        if resolver == nil, let path = metadata.first(where: { $0.hasSuffix("$themes.json") }),
            let json = record.files[path]?.document
        {
            input.studioThemes = (path, json)
            input.studioMetadata = metadata.first { $0.hasSuffix("$metadata.json") }.flatMap {
                record.files[$0]?.document
            }
        }
        if resolver == nil, input.studioThemes == nil {
            // A single-file export carries its themes and metadata as members.
            for path in record.fileOrder {
                guard let json = documents[path], let themes = json["$themes"],
                    !(themes.value.arrayValue ?? []).isEmpty
                else { continue }
                input.studioThemes = (path, themes)
                input.studioMetadata = json["$metadata"]
                input.studioSingleFile = path
                break
            }
        }
        return input
    }

    /// The JSON of a token file whose parse a large theme let go, read and parsed again.
    func reparsedIfReleased(_ path: String, _ record: Record) -> LocatedJSON? {
        guard record.files[path]?.isDocumentReleased == true, let location = record.location,
            let bytes = try? fileSystem.read("\(location.root.path)/\(path)", within: location.root.path)
        else { return nil }
        return ThemeFile.parse(path: path, bytes: bytes, themeName: record.name).document
    }

    /// What a changed file takes out of a theme's layer and puts in.
    enum ContributionChange {
        /// The file was not there before and is not now.
        case nothing
        case added(ThemeLayer)
        case removed(ThemeLayer)
        /// What the file contributed before (or the part of it that changed) leaves, and what it contributes now
        /// (or the part that changed) comes in.
        case replaced(removed: ThemeLayer, added: ThemeLayer)

        /// What leaves the layer.
        var removedLayer: ThemeLayer? {
            switch self {
            case .nothing, .added: return nil
            case .removed(let layer), .replaced(removed: let layer, added: _): return layer
            }
        }

        /// What comes into the layer.
        var addedLayer: ThemeLayer? {
            switch self {
            case .nothing, .removed: return nil
            case .added(let layer), .replaced(removed: _, added: let layer): return layer
            }
        }

        /// The nodes whose definitions leave or come in.
        var nodes: [NodeRef] { (removedLayer?.nodes ?? []) + (addedLayer?.nodes ?? []) }
    }

    /// What a changed file takes out of the theme's layer and puts in: for the compiled tokens only the entries
    /// that differ (an edited token recompiles every token, but changes few), whole contributions otherwise.
    static func contributionChange(_ path: String, old: ThemeFile?, new: ThemeFile?) -> ContributionChange {
        switch (old, new) {
        case (nil, nil): return .nothing
        case (nil, let new?): return .added(new.layer)
        case (let old?, nil): return .removed(old.layer)
        case (let old?, let new?):
            guard path == tokensUnit else { return .replaced(removed: old.layer, added: new.layer) }
            return tokensChange(old: old, new: new)
        }
    }

    /// The entries of the compiled tokens that differ between two compiles, and the catalog.
    static func tokensChange(old: ThemeFile, new: ThemeFile) -> ContributionChange {
        var removed = ThemeLayer(name: old.layer.name)
        var added = ThemeLayer(name: new.layer.name)
        for attribute in Attribute.allCases {
            if let keys = new.recompiled {
                for key in keys where old.layer.entry(attribute, key) != new.layer.entry(attribute, key) {
                    if let entry = old.layer.entry(attribute, key) { removed.set(attribute, key, entry) }
                    if let entry = new.layer.entry(attribute, key) { added.set(attribute, key, entry) }
                }
                continue
            }
            let before = old.layer[attribute], after = new.layer[attribute]
            for (key, entry) in before where after[key] != entry { removed.set(attribute, key, entry) }
            for (key, entry) in after where before[key] != entry { added.set(attribute, key, entry) }
        }
        // The catalog is replaced whole: by the new one, or taken out when there is none.
        if new.layer.tokens == TokenCatalog() {
            removed.tokens = old.layer.tokens
        } else {
            added.tokens = new.layer.tokens
        }
        return .replaced(removed: removed, added: added)
    }
}
