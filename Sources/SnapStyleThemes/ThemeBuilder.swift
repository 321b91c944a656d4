import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleSystem

/// Builds every theme of a set of roots plus the preset from their files: the previous build and what changed in,
/// the next build (each theme's last good snapshot, its errors) and a report out. It holds no lock and no state,
/// and watches nothing: `ThemeStore` keeps a build, serves it and publishes it; `snapstyle diff`, `audit` and
/// `check` build once and read the result.
///
/// What it reads goes through `fileSystem` (an editor's buffers over the disk, files held in memory). An
/// incremental build reuses what the previous one read, merged, compiled and validated for the files that did not
/// change, and reports exactly which values changed, so that a cache on the previous snapshot drops only those.
public struct ThemeBuilder: Sendable {
    typealias Record = ThemeRecord
    typealias BuildMemo = ThemeRecord.BuildMemo

    /// Where themes are found, highest precedence first.
    public let roots: [ThemeRoot]
    let fileSystem: any ThemeFileSystem
    /// Whether every theme's tokens are compiled whole, keeping no incremental memo and no parsed JSON (as a large
    /// theme's are): for a process that loads once and never applies a change (`snapstyle build`).
    let compilesWhole: Bool

    public init(roots: [ThemeRoot], fileSystem: any ThemeFileSystem = POSIXFileSystem()) {
        self.init(roots: roots, fileSystem: fileSystem, compilesWhole: false)
    }

    public init(roots: [ThemeRoot], fileSystem: any ThemeFileSystem, compilesWhole: Bool) {
        self.roots = roots
        self.fileSystem = fileSystem
        self.compilesWhole = compilesWhole
    }

    /// A build and what making it did.
    public struct Output: Sendable {
        /// The next build: give it back as `previous` for the next change.
        public var build: ThemeBuild
        /// Themes added, changed, failed, recovered and removed since `previous`.
        public var report: ReloadReport
        /// The generations the rebuilt themes serve now, for a cache on the previous snapshots.
        var installed: [String: ThemeInstallation]
    }

    /// Rescans every root and rebuilds what changed since `previous` (everything, from an empty build). Let go of
    /// `previous`: the build reuses its parts in place when nothing else holds them.
    public func build(from previous: consuming ThemeBuild = ThemeBuild()) -> Output {
        var build = previous
        var report = ReloadReport()
        let (touched, moved) = rescan(&build, &report)
        let installed = update(widened(touched, moved: moved, build, report), moved: moved, &build, &report)
        return Output(build: build, report: report, installed: installed)
    }

    /// Rebuilds what changes to the given absolute paths (files or directories created, written, moved or
    /// deleted) changed since `previous`.
    public func build(from previous: consuming ThemeBuild, changedPaths: Set<String>) -> Output {
        var build = previous
        var report = ReloadReport()
        let (touched, moved) = touched(by: changedPaths, &build, &report)
        let installed = update(widened(touched, moved: moved, build, report), moved: moved, &build, &report)
        return Output(build: build, report: report, installed: installed)
    }

    /// Every theme of the roots now, each with all its files touched; the names whose location changed.
    func rescan(_ build: inout ThemeBuild, _ report: inout ReloadReport)
        -> (touched: [String: TouchedFiles], moved: Set<String>)
    {
        let moved = syncLocations(&build, &report)
        return (build.records.mapValues { _ in TouchedFiles.all }, moved)
    }

    /// The themes that changes to the given absolute paths touch, and which of their files; the names whose
    /// location changed.
    func touched(by changedPaths: Set<String>, _ build: inout ThemeBuild, _ report: inout ReloadReport)
        -> (touched: [String: TouchedFiles], moved: Set<String>)
    {
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
                    if build.records[name]?.location?.root == root { touched[name] = .all }
                } else {
                    // The root itself (deleted, recreated, moved): anything in it may be new.
                    for (name, record) in build.records where record.location?.root == root { touched[name] = .all }
                }
                continue
            }
            // A token file a resolver names may lie anywhere in the root.
            for (name, record) in build.records
            where name != first && record.location?.root == root && record.files[relative] != nil {
                touched[name, default: .paths([])].insert(relative)
            }
            guard let record = build.records[first], record.location?.root == root,
                record.location?.ownsDirectory == true
            else { continue }
            if parts[1].isEmpty {
                touched[first] = .all
            } else {
                touched[first, default: .paths([])].insert(relative)
            }
        }
        let moved = rediscover ? syncLocations(&build, &report) : []
        for name in moved { touched[name] = .all }
        return (touched, moved)
    }

    /// The touched themes and those to build again with them: a theme that appeared or went away changes what
    /// `extends` finds, and what errors list as known, so themes in error and those that extended a removed theme
    /// are built again.
    func widened(
        _ touched: [String: TouchedFiles], moved: Set<String>, _ build: ThemeBuild, _ report: ReloadReport
    ) -> [String: TouchedFiles] {
        var touched = touched
        let removed = Set(report.removed)
        if !removed.isEmpty || moved.contains(where: { build.records[$0]?.isPending == true }) {
            for (name, record) in build.records
            where !record.errors.isEmpty || record.parent.map(removed.contains) == true {
                if touched[name] == nil { touched[name] = .paths([]) }
            }
        }
        return touched
    }

    /// Re-reads the touched themes' files, then rebuilds those whose files changed, that moved, or that were never
    /// built. Returns the generations they serve now.
    func update(
        _ touched: [String: TouchedFiles], moved: Set<String>, _ build: inout ThemeBuild, _ report: inout ReloadReport
    ) -> [String: ThemeInstallation] {
        var changedFiles: [String: Set<String>] = [:]
        for (name, touchedFiles) in touched {
            guard var record = build.records[name] else { continue }
            // The token memo has one owner while the record is worked on, so that a recompile patches it in place.
            build.records[name]?.tokenMemo = TokenMemo()
            let changed = readAndCompile(&record, touchedFiles, moved: moved.contains(name))
            if !changed.isEmpty || moved.contains(name) || record.isPending || touchedFiles.isEmpty {
                changedFiles[name] = changed
            }
            build.records[name] = record
        }
        return rebuild(changedFiles, &build, &report)
    }

    /// Re-reads a theme's touched files and compiles its tokens when they changed; the files whose contributions
    /// changed. Works on the record alone: a deferred compile runs it off the store's lock.
    func readAndCompile(_ record: inout Record, _ touchedFiles: TouchedFiles, moved: Bool) -> Set<String> {
        guard let location = record.location else { return moved ? Set(record.fileOrder) : [] }
        let resolver = Self.resolverPath(record)
        let listingKept = touchedFiles.paths.map { !$0.isEmpty && leavesListing($0, record) } ?? false
        var read = readTouched(touchedFiles, &record)
        if Self.hasTokens(record) {
            // Files written in place, the resolver not among them, leave the files the theme lists as they were.
            let keepsFiles =
                listingKept && !touchedFiles.contains(resolver ?? "") && Self.resolverPath(record) == resolver
            let listed = keepsFiles ? record.fileOrder : ThemeDiscovery.files(of: location, fileSystem: fileSystem)
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
    func syncLocations(_ build: inout ThemeBuild, _ report: inout ReloadReport) -> Set<String> {
        let discovered = discover()
        let misnamed = Set(
            roots.flatMap { root in
                ThemeDiscovery.misnamed(in: root, fileSystem: fileSystem).map { "\(root.path)/\($0)" }
            })
        report.misnamed = misnamed.subtracting(build.misnamed).sorted()
        build.misnamed = misnamed
        var moved = Set<String>()
        for name in Set(build.records.keys).union(discovered.keys).union([Preset.name]) {
            let locations = discovered[name] ?? []
            let isNew = build.records[name] == nil
            var record = build.records[name] ?? Record(name: name)
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
                remove(name, &build, &report)
                continue
            }
            build.records[name] = record
        }
        return moved
    }

    func remove(_ name: String, _ build: inout ThemeBuild, _ report: inout ReloadReport) {
        guard build.records.removeValue(forKey: name) != nil else { return }
        report.removed.append(name)
    }
}
