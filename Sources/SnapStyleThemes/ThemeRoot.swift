/// Where a theme root comes from (docs/theme-format.md), as `themes` reports it.
public enum ThemeOrigin: String, Sendable, Hashable {
    /// `--themes DIR` or the config file's `themes`.
    case config
    /// `$XDG_CONFIG_HOME/snapstyle/themes`.
    case user
    /// `snapstyle/themes` under an `$XDG_DATA_DIRS` entry.
    case system
    /// Embedded in the binary.
    case builtin
}

/// A directory holding themes.
public struct ThemeRoot: Sendable, Hashable {
    public var path: String
    public var origin: ThemeOrigin

    public init(path: String, origin: ThemeOrigin) {
        self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        self.origin = origin
    }

    /// The roots in precedence order: `extra` (given on the command line or in the config), the user's, the
    /// system's (docs/theme-format.md).
    public static func standard(extra: [String], environment: [String: String]) -> [ThemeRoot] {
        var roots = extra.map { ThemeRoot(path: $0, origin: .config) }
        roots.append(ThemeRoot(path: userRoot(environment: environment), origin: .user))
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for dir in dataDirs.split(separator: ":") where !dir.isEmpty {
            roots.append(ThemeRoot(path: "\(dir)/snapstyle/themes", origin: .system))
        }
        var seen = Set<String>()
        return roots.filter { seen.insert($0.path).inserted }
    }

    /// `$XDG_CONFIG_HOME/snapstyle/themes`, defaulting to `~/.config/snapstyle/themes`.
    public static func userRoot(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return "\(config)/snapstyle/themes" }
        return "\(environment["HOME"] ?? "/root")/.config/snapstyle/themes"
    }
}

/// Which files make up themes, and which names a root holds.
public enum ThemeDiscovery {
    static let leftoverSuffixes = ["~", ".swp", ".swx", ".tmp"]

    /// Whether a file or directory name is skipped: hidden, or an editor's leftover.
    public static func isIgnored(_ name: String) -> Bool {
        name.hasPrefix(".") || name == "4913" || leftoverSuffixes.contains { name.hasSuffix($0) }
    }

    /// A theme in a root: a directory `ROOT/NAME/` or a file `ROOT/NAME.json`.
    public struct Location: Sendable, Hashable {
        public var root: ThemeRoot
        public var name: String
        public var isDirectory: Bool

        /// The theme's directory or file.
        public var path: String { isDirectory ? "\(root.path)/\(name)" : "\(root.path)/\(name).json" }
    }

    /// The themes a root holds (none when it does not exist). A directory wins over a file of the same name.
    public static func themes(in root: ThemeRoot, fileSystem: some ThemeFileSystem) -> [Location] {
        guard let entries = try? fileSystem.entries(of: root.path) else { return [] }
        var found: [String: Location] = [:]
        for (name, kind) in entries where !isIgnored(name) {
            switch kind {
            case .directory where ThemeName.isValid(name):
                found[name] = Location(root: root, name: name, isDirectory: true)
            case .file where name.hasSuffix(".json"):
                let base = String(name.dropLast(5))
                guard ThemeName.isValid(base), found[base] == nil else { continue }
                found[base] = Location(root: root, name: base, isDirectory: false)
            default:
                continue
            }
        }
        return found.values.sorted { $0.name < $1.name }
    }

    /// Entries of a root that look like themes but whose names are not valid theme names (so they are not loaded):
    /// directories, and `*.json` files, that are neither hidden nor editor leftovers.
    public static func misnamed(in root: ThemeRoot, fileSystem: some ThemeFileSystem) -> [String] {
        guard let entries = try? fileSystem.entries(of: root.path) else { return [] }
        return entries.compactMap { name, kind in
            guard !isIgnored(name) else { return nil }
            switch kind {
            case .directory where !ThemeName.isValid(name): return name
            case .file where name.hasSuffix(".json") && !ThemeName.isValid(String(name.dropLast(5))): return name
            default: return nil
            }
        }.sorted()
    }

    /// The files of a theme, as paths relative to the root, in byte order.
    public static func files(of location: Location, fileSystem: some ThemeFileSystem) -> [String] {
        guard location.isDirectory else { return ["\(location.name).json"] }
        var result: [String] = []
        func walk(_ relative: String) {
            guard let entries = try? fileSystem.entries(of: "\(location.root.path)/\(relative)") else { return }
            for (name, kind) in entries where !isIgnored(name) {
                switch kind {
                case .directory: walk("\(relative)/\(name)")
                case .file where name.hasSuffix(".json"): result.append("\(relative)/\(name)")
                default: continue
                }
            }
        }
        walk(location.name)
        return result.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
