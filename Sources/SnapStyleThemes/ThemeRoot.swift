import SnapStyleEngine
import SnapStyleJSON
import SnapStyleSystem

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

    /// What a theme's files are: a directory, a native file, a DTCG token file, or a DTCG resolver (with the
    /// directory of the same name beside it).
    public enum Kind: Int, Sendable, Hashable, Comparable {
        case file, tokensFile, directory, resolver

        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

        /// The file name suffix of a single-file kind.
        var suffix: String {
            switch self {
            case .file, .directory: ".json"
            case .tokensFile: ".tokens.json"
            case .resolver: ".resolver.json"
            }
        }
    }

    /// The role of a file of a theme: by its name for `*.tokens.json` and `*.resolver.json`, by its content for
    /// any other `*.json` (`ThemeFile.role`).
    public enum FileRole: Sendable, Hashable {
        case native, tokens, resolver
        /// Tokens Studio's `$themes.json` or `$metadata.json` (read for its name; not applied yet).
        case metadata

        public init(path: String) {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if name == "$themes.json" || name == "$metadata.json" {
                self = .metadata
            } else {
                self = path.hasSuffix(".tokens.json") ? .tokens : path.hasSuffix(".resolver.json") ? .resolver : .native
            }
        }

        /// What a `*.json` file holds: a DTCG resolver (it has `resolutionOrder`), a tree of tokens (groups whose
        /// leaves have `$value`, or `value` with `type`), or native sections (a misspelled one is the native
        /// parser's to report); nil for none of these.
        public init?(content: JSONValue) {
            guard case .object(let object) = content else { return nil }
            if object["resolutionOrder"] != nil {
                self = .resolver
            } else if Self.holdsTokens(content, depth: 0) {
                self = .tokens
            } else if object.members.allSatisfy({ $0.key.hasPrefix("$") })
                || object.members.contains(where: { ThemeSection.all.contains($0.key) })
            {
                self = .native
            } else {
                return nil
            }
        }

        /// Whether a group holds a token somewhere below it (looked for down to 32 levels).
        static func holdsTokens(_ value: JSONValue, depth: Int) -> Bool {
            guard case .object(let object) = value, depth < 32 else { return false }
            if object["$value"] != nil || (object["value"] != nil && object["type"]?.stringValue != nil) { return true }
            return object.members.contains { !$0.key.hasPrefix("$") && holdsTokens($0.value, depth: depth + 1) }
        }
    }

    /// A theme in a root: a directory `ROOT/NAME/`, a file `ROOT/NAME.json` or `ROOT/NAME.tokens.json`, or a
    /// resolver `ROOT/NAME.resolver.json` (owning `ROOT/NAME/` too).
    public struct Location: Sendable, Hashable {
        public var root: ThemeRoot
        public var name: String
        public var kind: Kind

        public init(root: ThemeRoot, name: String, kind: Kind) {
            self.root = root
            self.name = name
            self.kind = kind
        }

        /// Whether the directory `ROOT/NAME/` belongs to the theme.
        public var ownsDirectory: Bool { kind == .directory || kind == .resolver }

        /// The theme's directory or file.
        public var path: String {
            kind == .directory ? "\(root.path)/\(name)" : "\(root.path)/\(name)\(kind.suffix)"
        }

        /// The resolver's or the single file's path relative to the root (nil for a directory).
        public var filePath: String? { kind == .directory ? nil : "\(name)\(kind.suffix)" }
    }

    /// The theme name and kind a root entry stands for, if it is one.
    public static func theme(entry name: String, kind: FileKind) -> (String, Kind)? {
        switch kind {
        case .directory: return ThemeName.isValid(name) ? (name, .directory) : nil
        case .file:
            for candidate in [Kind.resolver, .tokensFile, .file] where name.hasSuffix(candidate.suffix) {
                let base = String(name.dropLast(candidate.suffix.count))
                return ThemeName.isValid(base) ? (base, candidate) : nil
            }
            return nil
        default: return nil
        }
    }

    /// The themes a root holds (none when it does not exist). For one name, a resolver wins over a directory,
    /// a directory over a token file, a token file over a native file.
    public static func themes(in root: ThemeRoot, fileSystem: some ThemeFileSystem) -> [Location] {
        guard let entries = try? fileSystem.entries(of: root.path) else { return [] }
        var found: [String: Location] = [:]
        for (entry, kind) in entries where !isIgnored(entry) {
            guard let (name, themeKind) = theme(entry: entry, kind: kind) else { continue }
            if let known = found[name], known.kind > themeKind { continue }
            found[name] = Location(root: root, name: name, kind: themeKind)
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
            case .file where name.hasSuffix(".json") && theme(entry: name, kind: .file) == nil: return name
            default: return nil
            }
        }.sorted()
    }

    /// The files of a theme, as paths relative to the root, in byte order: a directory's `*.json` files below it
    /// (resolvers excepted); a resolver and the native files directly in its directory (the token files it names
    /// are the store's to add).
    public static func files(of location: Location, fileSystem: some ThemeFileSystem) -> [String] {
        var unlisted: [ThemeError] = []
        return files(of: location, fileSystem: fileSystem, unlisted: &unlisted)
    }

    /// The files of a theme, and a warning for each directory below it that could not be listed (one nested
    /// past the system's longest path, one without permission): its files are not read, and that is said.
    public static func files(
        of location: Location, fileSystem: some ThemeFileSystem, unlisted: inout [ThemeError]
    ) -> [String] {
        var result: [String] = []
        func walk(_ relative: String, recursive: Bool) {
            let entries: [(name: String, kind: FileKind)]
            do { entries = try fileSystem.entries(of: "\(location.root.path)/\(relative)") } catch {
                if !error.isNotFound {
                    let reason =
                        error.isNameTooLong
                        ? "it is nested past the longest path the system opens: its files are not read"
                        : "cannot list it (\(error.systemReason)): its files are not read"
                    unlisted.append(
                        ThemeError(
                            file: Quoted.excerpt(relative, limit: Limits.messageCharacters), line: 1, column: 1,
                            message: reason))
                }
                return
            }
            for (name, kind) in entries where !isIgnored(name) {
                switch kind {
                case .directory where recursive: walk("\(relative)/\(name)", recursive: true)
                case .file where name.hasSuffix(".json"):
                    let role = FileRole(path: name)
                    if role == .native || role == .metadata || (recursive && role == .tokens) {
                        result.append("\(relative)/\(name)")
                    }
                case .other where "\(location.root.path)/\(relative)/\(name)".utf8.count >= POSIXFileSystem.pathBytes:
                    // Too long a path to look at: whatever it is, it is not read, and that is said.
                    let reason = "it is nested past the longest path the system opens: its files are not read"
                    unlisted.append(
                        ThemeError(
                            file: Quoted.excerpt("\(relative)/\(name)", limit: Limits.messageCharacters), line: 1,
                            column: 1, message: reason)
                    )
                default: continue
                }
            }
        }
        switch location.kind {
        case .file, .tokensFile: return [location.filePath!]
        case .directory: walk(location.name, recursive: true)
        case .resolver:
            walk(location.name, recursive: false)
            result.append(location.filePath!)
        }
        return result.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
