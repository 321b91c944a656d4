import SnapStyleEngine
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleReview
import SnapStyleSystem
import SnapStyleThemes

/// The themes the language server knows, loaded in-process from its roots through the editor's buffers, with what
/// each theme file defines and names. Used from the server's one loop only.
final class ThemeWorkspace {
    let roots: [ThemeRoot]
    let fileSystem: OverlayFileSystem
    /// The themes built from the roots through the buffers, each on a cache kept across edits.
    let store: CachedBuild
    let methods: StyleMethods
    /// Where the preset's files are for "go to definition" on a `snap` key.
    let presetDirectory: String?
    /// Absolute paths changed (in the editor or on disk) and not yet applied to the store.
    private(set) var dirty = Set<String>()
    /// Themes whose state may differ since `takeTouched()` was last called.
    private var touched = Set<String>()
    /// The theme each theme file belongs to, by absolute path.
    private(set) var themeOfFile: [String: String] = [:]
    private var models: [String: (bytes: [UInt8], document: TextDocument, model: ThemeFileModel)] = [:]
    /// Per theme, the last changes applied to it, oldest first (`changes(of:since:to:)`).
    private var changeLog: [String: [ThemeChange]] = [:]
    /// At most this many changes are kept per theme.
    static let changeLogLimit = 64
    /// Every key of a theme with its lowercased form, per generation, for completion.
    private var keyLists: [String: (generation: Int, keys: [KeyListEntry])] = [:]

    struct KeyListEntry {
        var attribute: Attribute
        var key: String
        var folded: String
    }

    init(roots: [ThemeRoot], defaultTheme: String, presetDirectory: String?) {
        self.roots = roots
        fileSystem = OverlayFileSystem(disk: POSIXFileSystem(maxFileBytes: Limits.fileBytes))
        store = CachedBuild(builder: ThemeBuilder(roots: roots, fileSystem: fileSystem))
        methods = StyleMethods(store: store, defaultTheme: defaultTheme)
        self.presetDirectory = presetDirectory
    }

    /// Loads every theme; the report says what failed.
    @discardableResult
    func load() -> ReloadReport {
        let report = store.reloadAll()
        indexFiles()
        changeLog = [:]
        return report
    }

    func markChanged(_ paths: some Sequence<String>) {
        for path in paths {
            dirty.insert(path)
            models[path] = nil
        }
    }

    /// Applies the changed paths to the store; the themes whose state may differ are kept for `takeTouched()`.
    func sync() {
        guard !dirty.isEmpty else { return }
        let paths = dirty
        dirty = []
        let before = Dictionary(store.infos.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let report = store.apply(changedPaths: paths)
        indexFiles()
        log(report)
        touched.formUnion(paths.compactMap { themeOfFile[$0] })
        touched.formUnion(report.changes.map(\.theme))
        touched.formUnion(report.failures.map(\.theme))
        touched.formUnion(report.recovered.map(\.theme))
        touched.formUnion(report.added)
        for info in store.infos where before[info.name] != info { touched.insert(info.name) }
    }

    /// Keeps the changes a report lists; a theme added or removed starts a new log.
    private func log(_ report: ReloadReport) {
        for name in report.added + report.removed { changeLog[name] = nil }
        for change in report.changes {
            var log = changeLog[change.theme, default: []]
            log.append(change)
            if log.count > Self.changeLogLimit { log.removeFirst(log.count - Self.changeLogLimit) }
            changeLog[change.theme] = log
        }
    }

    /// The keys, containers and components of a theme that may resolve differently in `generation` than in
    /// `since`, from the changes applied in between, with the edits of definitions they come from (a key edited
    /// more than once: its first definitions and its last); nil when the log does not hold every one of them.
    func changes(of theme: String, since: Int, to generation: Int) -> AuditChanges? {
        guard since <= generation else { return nil }
        guard since < generation else { return AuditChanges(nodes: [], edits: [:]) }
        let changes = (changeLog[theme] ?? []).filter { $0.generation > since && $0.generation <= generation }
        guard changes.map(\.generation) == Array((since + 1)...generation) else { return nil }
        var nodes = Set<NodeRef>()
        var edits: [NodeRef: KeyEdit] = [:]
        for change in changes {
            for (attribute, keys) in change.changed { nodes.formUnion(keys.map { .key(attribute, $0) }) }
            nodes.formUnion(change.containers.map(NodeRef.container))
            nodes.formUnion(change.components.map(NodeRef.component))
            for edit in change.edits {
                let node = NodeRef.key(edit.attribute, edit.key)
                if let first = edits[node] {
                    edits[node]?.after = edit.after
                    edits[node]?.before = first.before
                } else {
                    edits[node] = edit
                }
            }
        }
        return AuditChanges(nodes: nodes, edits: edits)
    }

    /// The themes that may have changed since the last call (whoever synced them).
    func takeTouched() -> Set<String> {
        defer { touched = [] }
        return touched
    }

    private func indexFiles() {
        var map: [String: String] = [:]
        for info in store.infos where info.origin != .builtin {
            for file in info.files where !file.hasPrefix("\u{1}") { map[info.root + "/" + file] = info.name }
        }
        themeOfFile = map
    }

    func info(_ theme: String) -> ThemeInfo? { store.infos.first { $0.name == theme } }

    /// The absolute paths of a theme's files.
    func files(of theme: String) -> [String] {
        guard let info = info(theme), info.origin != .builtin else { return [] }
        return info.files.filter { !$0.hasPrefix("\u{1}") }.map { info.root + "/" + $0 }
    }

    /// Whether a path lies under one of the roots.
    func isUnderRoot(_ path: String) -> Bool {
        roots.contains { path.hasPrefix($0.path.hasSuffix("/") ? $0.path : $0.path + "/") }
    }

    /// The text and model of a theme file (the editor's buffer, else the disk's), cached until it changes; nil for a
    /// file over `Limits.editorDocumentBytes`.
    func model(_ path: String) -> (document: TextDocument, model: ThemeFileModel)? {
        if let cached = models[path] { return (cached.document, cached.model) }
        guard let bytes = try? fileSystem.read(path), bytes.count <= Limits.editorDocumentBytes else { return nil }
        let entry = (bytes, TextDocument(bytes: bytes), ThemeFileModel(bytes: bytes, path: path))
        models[path] = entry
        return (entry.1, entry.2)
    }

    /// The absolute path of a location an engine answer gives (root-relative, or the preset's `snap/FILE`).
    func absolutePath(of location: SourceLocation, layer: String) -> String? {
        if let info = info(layer), info.origin != .builtin { return info.root + "/" + location.file }
        if layer == Preset.name || location.file.hasPrefix(Preset.name + "/"), let presetDirectory {
            return presetDirectory + "/" + location.file
        }
        return roots.lazy.map { $0.path + "/" + location.file }.first { self.fileSystem.kind(of: $0) == .file }
    }

    /// The keys of a theme, sorted, with their lowercased forms (kept until the theme's next generation).
    func keyList(_ name: String, theme: StyleTheme) -> [KeyListEntry] {
        let snapshot = theme.snapshot
        if let cached = keyLists[name], cached.generation == snapshot.generation { return cached.keys }
        var keys: [KeyListEntry] = []
        for attribute in Attribute.allCases {
            keys += snapshot.keys(attribute).sorted().map {
                KeyListEntry(attribute: attribute, key: $0, folded: $0.lowercased())
            }
        }
        keyLists[name] = (snapshot.generation, keys)
        return keys
    }

    // MARK: Names

    /// The engine node a name stands for in a theme, if the theme has it. A token path may also carry a Tokens
    /// Studio set's name as its first part (single-file exports).
    func node(_ name: StyleName, theme: StyleTheme) -> NodeRef? {
        let snapshot = theme.snapshot
        switch name {
        case .key(let attribute, let key):
            return snapshot.defines(attribute, key) ? .key(attribute, key) : nil
        case .token(let path):
            for candidate in [path, path.split(separator: ".").dropFirst().joined(separator: ".")]
            where !candidate.isEmpty {
                if let attribute = Attribute.allCases.first(where: { snapshot.defines($0, candidate) }) {
                    return .key(attribute, candidate)
                }
            }
            return nil
        case .container(let id): return snapshot.containers[id] != nil ? .container(id) : nil
        case .component(let id): return snapshot.components[id] != nil ? .component(id) : nil
        }
    }

    /// Where the engine says a node is defined (the top layer that defines it): its file and 1-based line and column.
    func definitionLocation(_ node: NodeRef, theme: StyleTheme) -> (path: String, line: Int, column: Int)? {
        let snapshot = theme.snapshot
        switch node {
        case .key(let attribute, let key):
            guard let (layer, entry) = snapshot.topEntry(attribute, key) else { return nil }
            let location =
                snapshot.layers.last { $0.name == layer }?.tokens.source(of: node, caseIndex: nil)?.location
                ?? entry.location
            return absolutePath(of: location, layer: layer).map { ($0, location.line, location.column) }
        case .container(let id):
            for layer in snapshot.layers.reversed() {
                if let entry = layer.containers[id] {
                    return absolutePath(of: entry.location, layer: layer.name).map {
                        ($0, entry.location.line, entry.location.column)
                    }
                }
            }
        case .component(let id):
            for layer in snapshot.layers.reversed() {
                if let entry = layer.components[id] {
                    return absolutePath(of: entry.location, layer: layer.name).map {
                        ($0, entry.location.line, entry.location.column)
                    }
                }
            }
        }
        return nil
    }

    /// The themes whose files may name a key of `themeName`: the themes on its `extends` chain and every theme whose
    /// chain meets that one (a child's override names the parent's key), the built-in ones aside; each with the
    /// state it serves (a theme that never loaded has none and is left out).
    func family(of themeName: String) -> [(name: String, theme: StyleTheme)] {
        let infos = Dictionary(store.infos.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func chain(_ name: String) -> Set<String> {
            var found = Set<String>()
            var next: String? = name
            while let current = next, let info = infos[current], info.origin != .builtin,
                found.insert(current).inserted
            {
                next = info.extends
            }
            return found
        }
        let own = chain(themeName)
        return infos.keys.sorted().compactMap { name in
            guard name == themeName || !chain(name).isDisjoint(with: own), let theme = store.theme(named: name) else {
                return nil
            }
            return (name, theme)
        }
    }

    /// Every site in the files of a theme and of its family (`family(of:)`) that stands for `node` (definitions and
    /// references), each read against the theme the file belongs to.
    func sites(of node: NodeRef, in themeName: String, theme: StyleTheme) -> [(path: String, site: NameSite)] {
        var found: [(String, NameSite)] = []
        var members = family(of: themeName)
        if !members.contains(where: { $0.name == themeName }) { members.append((themeName, theme)) }
        let last = Self.lastPart(node)
        for (name, memberTheme) in members {
            for path in files(of: name) {
                guard let (_, model) = model(path) else { continue }
                for site in model.sites where site.name.text.hasSuffix(last) {
                    if self.node(site.name, theme: memberTheme) == node { found.append((path, site)) }
                }
            }
        }
        return found
    }

    /// A node's key or id.
    static func name(of node: NodeRef) -> String {
        switch node {
        case .key(_, let key): key
        case .container(let id), .component(let id): id
        }
    }

    static func lastPart(_ node: NodeRef) -> String {
        switch node {
        case .key(_, let key): String(key.split(separator: ".").last ?? "")
        case .container(let id), .component(let id): id
        }
    }
}
