import SnapStyleEngine
import SnapStyleSystem

/// A `ThemeBuilder`'s build kept across changes, each theme served from a cache that a change invalidates only
/// where it changed: the language server's themes. Unlike `ThemeStore` it never defers a compile, and it is meant
/// for one owner that applies changes from one place at a time (readers on other threads are safe).
public final class CachedBuild: ThemeSource {
    public let builder: ThemeBuilder
    /// What the caches of every theme may hold together.
    public let cacheBudget: CacheBudget

    private struct State: Sendable {
        var build = ThemeBuild()
        var themes: [String: StyleTheme] = [:]
        var infos: [ThemeInfo] = []
    }

    private let state = Locked(State())

    public init(builder: ThemeBuilder, cacheBudget: CacheBudget = CacheBudget()) {
        self.builder = builder
        self.cacheBudget = cacheBudget
    }

    public var infos: [ThemeInfo] { state.withLock { $0.infos } }

    public func theme(named name: String) -> StyleTheme? { state.withLock { $0.themes[name] } }

    /// Rescans every root and rebuilds what changed (everything, the first time).
    @discardableResult
    public func reloadAll() -> ReloadReport {
        let previous = state.withLock { state in
            defer { state.build = ThemeBuild() }
            return state.build
        }
        return install(builder.build(from: previous))
    }

    /// Applies changes to the given absolute paths (files or directories created, written, moved or deleted).
    @discardableResult
    public func apply(changedPaths: Set<String>) -> ReloadReport {
        let previous = state.withLock { state in
            defer { state.build = ThemeBuild() }
            return state.build
        }
        return install(builder.build(from: previous, changedPaths: changedPaths))
    }

    /// Keeps the new build and serves its generations: a theme's first on a new cache, a next one on its cache,
    /// which drops the entries that read what changed.
    private func install(_ output: ThemeBuilder.Output) -> ReloadReport {
        let infos = output.build.infos
        state.withLock { state in
            state.build = output.build
            ThemeInstallation.serve(output.installed, in: &state.themes, budget: cacheBudget)
            for name in state.themes.keys where output.build.snapshot(named: name) == nil { state.themes[name] = nil }
            state.infos = infos
        }
        return output.report
    }
}
