import SnapStyleEngine
import SnapStyleJSON
import SnapStyleSystem
import SnapStyleThemes

extension LanguageServer {
    func initialize(_ params: JSONValue?) throws -> JSONValue {
        let request = try decode(InitializeParams.self, params)
        var roots = options.themes
        var folders = (request.workspaceFolders ?? []).map(\.uri)
        if folders.isEmpty, let root = request.rootUri { folders = [root] }
        if folders.isEmpty, let root = request.rootPath { folders = [FileURI.uri(root)] }
        workspaceFolders = folders.compactMap(FileURI.path).map(Self.normalizedFolder)
        for folder in workspaceFolders {
            if let root = Self.root(forWorkspaceFolder: folder) { roots.append(root) }
        }
        let workspaceRoots = Set(roots.map(\.path))
        roots += options.standardRoots
        var seen = Set<String>()
        roots = roots.filter { seen.insert($0.path).inserted }
        let chosen = options.cssTheme ?? Preset.name
        let workspace = ThemeWorkspace(roots: roots, defaultTheme: chosen, presetDirectory: options.presetDirectory)
        let report = workspace.load()
        cssTheme = options.cssTheme ?? Self.onlyImportedTheme(workspace, roots: workspaceRoots) ?? Preset.name
        logger.info(
            "loaded \(workspace.store.infos.count) theme(s) from \(roots.count) root(s); \(report.failures.count) with errors; style sheets use theme '\(cssTheme)'"
        )
        self.workspace = workspace
        state = .running
        let capabilities: JSONObject = [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "hoverProvider": true,
            "completionProvider": ["triggerCharacters": ["\"", "{", ".", "-", "("], "resolveProvider": false],
            "definitionProvider": true,
            "referencesProvider": true,
            "renameProvider": ["prepareProvider": true],
            "colorProvider": true,
            "documentSymbolProvider": true,
            "inlayHintProvider": true,
            "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": false]],
        ]
        return ["capabilities": .object(capabilities), "serverInfo": ["name": "snapstyle", "version": "1"]]
    }

    /// A workspace folder's path without a trailing slash (`file:///ws/` is `/ws`) nor `.` and `..` parts.
    static func normalizedFolder(_ path: String) -> String { POSIXFileSystem.normalized(path) }

    /// The theme root a workspace folder gives: its `themes/` folder; the folder's parent when the folder is a theme
    /// (it holds a resolver, Tokens Studio's `$themes.json` or `$metadata.json`, or only JSON files); else the
    /// folder itself. A folder holding `NAME.resolver.json` beside a directory `NAME/` is a root (the resolver and
    /// the directory are one theme of it), whatever else it holds.
    static func root(forWorkspaceFolder folder: String) -> ThemeRoot? {
        let disk = POSIXFileSystem()
        guard disk.kind(of: folder) == .directory else { return nil }
        if disk.kind(of: folder + "/themes") == .directory {
            return ThemeRoot(path: folder + "/themes", origin: .config)
        }
        let entries = ((try? disk.entries(of: folder)) ?? []).filter { !ThemeDiscovery.isIgnored($0.name) }
        let json = entries.filter { $0.kind == .file && $0.name.hasSuffix(".json") }.map(\.name)
        let directories = Set(entries.filter { $0.kind == .directory }.map(\.name))
        let resolvers = json.filter { $0.hasSuffix(".resolver.json") }
        let holdsResolverThemes = resolvers.contains { directories.contains(String($0.dropLast(14))) }
        let isTheme =
            !holdsResolverThemes
            && (!resolvers.isEmpty || json.contains { $0 == "$themes.json" || $0 == "$metadata.json" }
                || (!json.isEmpty && directories.isEmpty))
        guard isTheme, ThemeName.isValid(String(folder.split(separator: "/").last ?? "")) else {
            return ThemeRoot(path: folder, origin: .config)
        }
        let parent = folder.split(separator: "/").dropLast().joined(separator: "/")
        return ThemeRoot(path: "/" + parent, origin: .config)
    }

    /// The one imported (DTCG or Tokens Studio) theme under the workspace's roots, when there is exactly one.
    static func onlyImportedTheme(_ workspace: ThemeWorkspace, roots: Set<String>) -> String? {
        let imported = workspace.store.infos.filter { $0.format == .dtcg && roots.contains($0.root) }
        return imported.count == 1 ? imported[0].name : nil
    }

    /// The roots the server watches for changes made outside the editor (every root but the built-in).
    public var watchedRoots: [String] {
        workspace?.roots.filter { $0.origin != .builtin }.map(\.path) ?? []
    }

    /// Files changed on disk (the watcher's report): applied at the next `flush`, unless the editor holds them.
    public func filesChanged(_ paths: Set<String>) {
        guard let workspace else { return }
        workspace.markChanged(paths.filter { workspace.fileSystem.buffer($0) == nil })
    }

    /// Everything could be stale (the watcher lost events).
    public func rescan() {
        guard let workspace else { return }
        workspace.markChanged(workspace.roots.map(\.path))
    }
}
