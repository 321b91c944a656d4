import SnapStyleEngine

/// Themes to read: what a build made (`ThemeBuild`, for a command that builds once) or what a store serves now
/// (`ThemeStore`, live).
public protocol ThemeSource: Sendable {
    /// Every known theme, sorted by name.
    var infos: [ThemeInfo] { get }
    /// A theme's last good generation, if it ever built.
    func theme(named name: String) -> StyleTheme?
}

extension ThemeBuild: ThemeSource {}
extension ThemeStore: ThemeSource {}
