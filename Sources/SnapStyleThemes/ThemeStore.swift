import SnapStyleSystem
import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON

/// Every theme of a set of roots plus the preset: loads them, applies file changes incrementally, and serves
/// each theme's last good generation.
///
/// Changes (`reloadAll`, `apply`) are serialised by the store; `theme(named:)` and `infos` may be called from
/// any thread at any time and never wait for a change to finish.
public final class ThemeStore: Sendable {
    /// What an incremental build reuses from the last successful one. It belongs to one location of a theme's
    /// files: a theme that moves (another root, a file replaced by a directory, the built-in preset standing in
    /// again) or fails to build starts over with an empty memo, so its next build is a full one.
    struct BuildMemo: Sendable {
        /// Files as they were when the memo was taken, for those that changed since.
        var previous: [String: ThemeFile] = [:]
        /// The own layer of the last merge of the files, when it had no errors.
        var mergedLayer: ThemeLayer?
        /// The own layer and parent last applied.
        var goodLayer: ThemeLayer?
        var goodExtends: String?
        var graph = ReferenceGraph()
    }

    struct Record: Sendable {
        var name: String
        /// nil for the built-in preset.
        var location: ThemeDiscovery.Location?
        var files: [String: ThemeFile] = [:]
        var fileOrder: [String] = []
        /// Errors of the files on disk now (empty when the last change applied).
        var errors: [ThemeError] = []
        var served: StyleTheme?
        var shadowed: [String] = []
        var memo = BuildMemo()
        /// How many tokens the theme's DTCG files hold.
        var tokenCount = 0
        /// What the last compile of the tokens leaves for the next.
        var tokenMemo = TokenMemo()
        /// The token files the resolver names, while its parsed JSON is the same.
        var referencedFiles: (resolver: SourceNode, files: [String])?

        /// The files whose contributions make the theme's own layer: its files, then its compiled tokens.
        var contributions: [ThemeFile] {
            fileOrder.compactMap { files[$0] } + (files[ThemeStore.tokensUnit].map { [$0] } ?? [])
        }
        /// Errors of the tokens left out of the theme's compiled tokens (the rest serves).
        var tokenErrors: [ThemeError] { files[ThemeStore.tokensUnit]?.tokenErrors ?? [] }
        /// The token errors of the build the theme serves: a build that changes them is announced even when no
        /// value changes.
        var servedTokenErrors: [ThemeError] = []
        /// Warnings about the theme's files (its token files, compiled, last).
        var warnings: [ThemeError] {
            unlisted + fileOrder.flatMap { files[$0]?.warnings ?? [] } + (files[ThemeStore.tokensUnit]?.warnings ?? [])
        }
        /// Directories below the theme that could not be listed, said as warnings.
        var unlisted: [ThemeError] = []

        init(name: String) { self.name = name }

        var origin: ThemeOrigin { location?.root.origin ?? .builtin }
        var rootPath: String { location?.root.path ?? "(builtin)" }
        var manifest: ThemeManifest? { fileOrder.lazy.compactMap { self.files[$0]?.manifest }.first }
        var extends: String? {
            if location == nil { return nil }
            guard let manifest else { return Preset.name }
            return manifest.extends
        }
        /// A `snap` in a root that extends `snap`: it is layered on the built-in preset it shadows.
        var extendsBuiltinPreset: Bool { location != nil && name == Preset.name && extends == Preset.name }
        /// The theme of the store this one is layered on (none for the built-in preset underneath).
        var parent: String? { extendsBuiltinPreset ? nil : extends }
        /// Never built: neither served nor failed.
        var isPending: Bool { served == nil && errors.isEmpty }

        /// The theme's files are now those at `location` (or the preset's): nothing read before is reused.
        mutating func move(to location: ThemeDiscovery.Location?) {
            self.location = location
            files = [:]
            fileOrder = []
            memo = BuildMemo()
            tokenCount = 0
            if location == nil {
                for file in Preset.parsedFiles() { files[file.path] = file }
                fileOrder = Preset.files.map(\.path)
            }
        }
    }

    struct State: Sendable {
        var records: [String: Record] = [:]
        /// Misnamed entries already reported.
        var misnamed = Set<String>()
        /// With `defersLargeCompiles`: very large themes whose files changed, with what the changes touched, until
        /// `takeDeferredCompile` takes them.
        var deferred: [String: TouchedFiles] = [:]
        /// Themes whose deferred compile is running.
        var compiling = Set<String>()
    }

    struct Published: Sendable {
        var themes: [String: StyleTheme] = [:] { didSet { lastFound = nil } }
        var infos: [ThemeInfo] = []
        /// What `theme(named:)` found last: nearly every request names the same theme, and comparing a name costs
        /// far less than hashing it.
        var lastFound: (name: String, theme: StyleTheme)?
    }

    public let roots: [ThemeRoot]
    /// What the caches of every theme may hold together.
    public let cacheBudget: CacheBudget
    let fileSystem: any ThemeFileSystem
    let state = Locked(State())
    let published = Locked(Published())

    /// Whether very large themes are read and compiled off the store's lock (`takeDeferredCompile`), so that their
    /// changes never hold another theme's: the daemon's choice. Otherwise every change is applied in full at once.
    public let defersLargeCompiles: Bool

    public init(
        roots: [ThemeRoot], fileSystem: any ThemeFileSystem = POSIXFileSystem(),
        cacheBudget: CacheBudget = CacheBudget(), defersLargeCompiles: Bool = false
    ) {
        self.roots = roots
        self.fileSystem = fileSystem
        self.cacheBudget = cacheBudget
        self.defersLargeCompiles = defersLargeCompiles
    }

    /// The served theme of that name, if it ever loaded.
    public func theme(named name: String) -> StyleTheme? {
        published.withLock { published in
            if let last = published.lastFound, last.name == name { return last.theme }
            guard let theme = published.themes[name] else { return nil }
            published.lastFound = (name, theme)
            return theme
        }
    }

    /// Every known theme, sorted by name.
    public var infos: [ThemeInfo] { published.withLock { $0.infos } }

    /// Names of themes that serve.
    public var servedNames: [String] { published.withLock { $0.themes.keys.sorted() } }

    /// Cache counters summed over every theme served now (`evictions` counts since the start, across themes).
    public var statistics: CacheStatistics {
        var sum = published.withLock { $0.themes.values.reduce(CacheStatistics()) { $0 + $1.statistics } }
        sum.evictions = cacheBudget.evictionCount
        return sum
    }

    /// Rescans every root and rebuilds what changed (everything, the first time).
    @discardableResult
    public func reloadAll() -> ReloadReport {
        state.withLock { state in
            var report = ReloadReport()
            let moved = syncLocations(&state, &report)
            let touched = state.records.mapValues { _ in TouchedFiles.all }
            refresh(touched, moved: moved, &state, &report)
            return report
        }
    }

    /// Applies changes to the given absolute paths (files or directories created, written, moved or deleted).
    @discardableResult
    public func apply(changedPaths: Set<String>) -> ReloadReport {
        state.withLock { state in
            var report = ReloadReport()
            var touched: [String: TouchedFiles] = [:]
            var rediscover = false
            for path in changedPaths {
                // Editors' temporary files and hidden files are never theme files: nothing to do for them.
                let name = path.split(separator: "/").last.map(String.init) ?? path
                if ThemeDiscovery.isIgnored(name), fileSystem.kind(of: path) != .directory { continue }
                guard let located = locate(path) else { continue }
                let root = located.root, relative = located.relativePath
                let parts = relative.split(separator: "/", maxSplits: 1).map(String.init)
                guard let first = parts.first, parts.count == 2 else {
                    rediscover = true
                    if let first = parts.first {
                        let name = ThemeDiscovery.theme(entry: first, kind: .file)?.0 ?? first
                        if state.records[name]?.location?.root == root { touched[name] = .all }
                    } else {
                        // The root itself (deleted, recreated, moved): anything in it may be new.
                        for (name, record) in state.records where record.location?.root == root { touched[name] = .all }
                    }
                    continue
                }
                // A token file a resolver names may lie anywhere in the root.
                for (name, record) in state.records
                where name != first && record.location?.root == root && record.files[relative] != nil {
                    touched[name, default: .paths([])].insert(relative)
                }
                guard let record = state.records[first], record.location?.root == root,
                    record.location?.ownsDirectory == true
                else { continue }
                if parts[1].isEmpty {
                    touched[first] = .all
                } else {
                    touched[first, default: .paths([])].insert(relative)
                }
            }
            let moved = rediscover ? syncLocations(&state, &report) : []
            for name in moved { touched[name] = .all }
            refresh(touched, moved: moved, &state, &report)
            return report
        }
    }

    /// Re-reads the touched themes' files, then rebuilds those whose files changed, that moved, or that were
    /// never built, and publishes the result.
    func refresh(
        _ touched: [String: TouchedFiles], moved: Set<String>, _ state: inout State, _ report: inout ReloadReport
    ) {
        var touched = touched
        // A theme that appeared or went away changes what `extends` finds, and what errors list as known: themes
        // in error and those that extended a removed theme are built again.
        let removed = Set(report.removed)
        if !removed.isEmpty || moved.contains(where: { state.records[$0]?.isPending == true }) {
            for (name, record) in state.records
            where !record.errors.isEmpty || record.parent.map(removed.contains) == true {
                if touched[name] == nil { touched[name] = .paths([]) }
            }
        }
        var changedFiles: [String: Set<String>] = [:]
        for (name, touchedFiles) in touched {
            guard var record = state.records[name] else { continue }
            if defersLargeCompiles, state.compiling.contains(name) || isLargeToCompile(record) {
                state.deferred[name] = state.deferred[name].map { $0.merged(with: touchedFiles) } ?? touchedFiles
                if moved.contains(name) { state.deferred[name] = .all }
                report.deferred.append(name)
                continue
            }
            // The token memo has one owner while the record is worked on, so that a recompile patches it in place.
            state.records[name]?.tokenMemo = TokenMemo()
            let changed = readAndCompile(&record, touchedFiles, moved: moved.contains(name))
            if !changed.isEmpty || moved.contains(name) || record.isPending || touchedFiles.isEmpty {
                changedFiles[name] = changed
            }
            state.records[name] = record
        }
        rebuild(changedFiles, &state, &report)
        publish(state)
    }

    /// Re-reads a theme's touched files and compiles its tokens when they changed; the files whose contributions
    /// changed. Works on the record alone: a deferred compile runs it off the store's lock.
    func readAndCompile(_ record: inout Record, _ touchedFiles: TouchedFiles, moved: Bool) -> Set<String> {
        guard let location = record.location else { return moved ? Set(record.fileOrder) : [] }
        var read = readTouched(touchedFiles, &record)
        if Self.hasTokens(record) {
            let listed = ThemeDiscovery.files(of: location, fileSystem: fileSystem)
            read.formUnion(syncReferenced(&record, touched: touchedFiles, listed: listed, read: read))
            if !read.isEmpty || record.files[Self.tokensUnit] == nil {
                compileTokens(&record)
                read.insert(Self.tokensUnit)
            }
        } else if record.files[Self.tokensUnit] != nil {
            forget(Self.tokensUnit, &record)
            read.insert(Self.tokensUnit)
        }
        return read
    }

    /// Matches records to the themes the roots hold now: adds, removes, and moves records whose winning
    /// location changed (the built-in preset stands in when no root holds `snap`). Returns the names whose
    /// location changed, which need all their files read.
    func syncLocations(_ state: inout State, _ report: inout ReloadReport) -> Set<String> {
        let discovered = discover()
        let misnamed = Set(
            roots.flatMap { root in
                ThemeDiscovery.misnamed(in: root, fileSystem: fileSystem).map { "\(root.path)/\($0)" }
            })
        report.misnamed = misnamed.subtracting(state.misnamed).sorted()
        state.misnamed = misnamed
        var moved = Set<String>()
        for name in Set(state.records.keys).union(discovered.keys).union([Preset.name]) {
            let locations = discovered[name] ?? []
            let isNew = state.records[name] == nil
            var record = state.records[name] ?? Record(name: name)
            if let location = locations.first {
                if record.location != location || isNew {
                    record.move(to: location)
                    moved.insert(name)
                }
                record.shadowed = locations.dropFirst().map(\.root.path) + (name == Preset.name ? ["(builtin)"] : [])
            } else if name == Preset.name {
                if record.location != nil || isNew {
                    record.move(to: nil)
                    moved.insert(name)
                }
                record.shadowed = []
            } else {
                remove(name, &state, &report)
                continue
            }
            state.records[name] = record
        }
        return moved
    }

    func remove(_ name: String, _ state: inout State, _ report: inout ReloadReport) {
        guard state.records.removeValue(forKey: name) != nil else { return }
        report.removed.append(name)
    }
}
