import SnapStyleEngine
import SnapStyleSystem

/// Every theme of a set of roots plus the preset, served live: keeps the last build `ThemeBuilder` made, applies
/// file changes to it through the builder, serves each theme's last good generation from a cache that a change
/// invalidates only where it changed, and leaves very large themes' compiles to `takeDeferredCompile`.
///
/// Changes (`reloadAll`, `apply`) are serialised by the store; `theme(named:)` and `infos` may be called from
/// any thread at any time and never wait for a change to finish.
public final class ThemeStore: Sendable {
    typealias Record = ThemeRecord
    typealias TouchedFiles = ThemeBuilder.TouchedFiles

    struct State: Sendable {
        var build = ThemeBuild()
        /// The served themes, each a cache on its theme's last good snapshot.
        var themes: [String: StyleTheme] = [:]
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

    /// Builds the themes; the store only keeps, serves and publishes what it builds.
    public let builder: ThemeBuilder
    public var roots: [ThemeRoot] { builder.roots }
    /// What the caches of every theme may hold together.
    public let cacheBudget: CacheBudget
    var fileSystem: any ThemeFileSystem { builder.fileSystem }
    let state = Locked(State())
    let published = Locked(Published())

    /// Whether very large themes are read and compiled off the store's lock (`takeDeferredCompile`), so that their
    /// changes never hold another theme's: the daemon's choice. Otherwise every change is applied in full at once.
    public let defersLargeCompiles: Bool

    public convenience init(
        roots: [ThemeRoot], fileSystem: any ThemeFileSystem = POSIXFileSystem(),
        cacheBudget: CacheBudget = CacheBudget(), defersLargeCompiles: Bool = false
    ) {
        self.init(
            roots: roots, fileSystem: fileSystem, cacheBudget: cacheBudget, defersLargeCompiles: defersLargeCompiles,
            compilesWhole: false)
    }

    /// `compilesWhole`: the themes are loaded once and never changed (`ThemeBuilder.compilesWhole`).
    public init(
        roots: [ThemeRoot], fileSystem: any ThemeFileSystem, cacheBudget: CacheBudget = CacheBudget(),
        defersLargeCompiles: Bool = false, compilesWhole: Bool
    ) {
        builder = ThemeBuilder(roots: roots, fileSystem: fileSystem, compilesWhole: compilesWhole)
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
            let (touched, moved) = builder.rescan(&state.build, &report)
            refresh(touched, moved: moved, &state, &report)
            return report
        }
    }

    /// Applies changes to the given absolute paths (files or directories created, written, moved or deleted).
    @discardableResult
    public func apply(changedPaths: Set<String>) -> ReloadReport {
        state.withLock { state in
            var report = ReloadReport()
            let (touched, moved) = builder.touched(by: changedPaths, &state.build, &report)
            refresh(touched, moved: moved, &state, &report)
            return report
        }
    }

    /// Rebuilds the touched themes, but leaves very large ones to a deferred compile when the store defers them,
    /// and publishes the result.
    func refresh(
        _ touched: [String: TouchedFiles], moved: Set<String>, _ state: inout State, _ report: inout ReloadReport
    ) {
        var now: [String: TouchedFiles] = [:]
        for (name, touchedFiles) in builder.widened(touched, moved: moved, state.build, report) {
            guard let record = state.build.records[name] else { continue }
            if defersLargeCompiles, state.compiling.contains(name) || isLargeToCompile(record) {
                state.deferred[name] = state.deferred[name].map { $0.merged(with: touchedFiles) } ?? touchedFiles
                if moved.contains(name) { state.deferred[name] = .all }
                report.deferred.append(name)
                continue
            }
            now[name] = touchedFiles
        }
        let installed = builder.update(now, moved: moved, &state.build, &report)
        install(installed, &state)
        publish(state)
    }

    /// Serves the generations a build gave: a theme's first on a new cache, a next one on its cache, which drops
    /// the entries that read what changed. Themes gone from the build are no longer served.
    func install(_ installed: [String: ThemeInstallation], _ state: inout State) {
        ThemeInstallation.serve(installed, in: &state.themes, budget: cacheBudget)
        for name in state.themes.keys where state.build.records[name]?.served == nil { state.themes[name] = nil }
    }

    /// Publishes served themes and infos for readers.
    func publish(_ state: State) {
        let infos = state.build.infos
        let themes = state.themes
        published.withLock {
            $0.themes = themes
            $0.infos = infos
        }
    }
}
