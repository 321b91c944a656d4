extension ThemeBuilder {
    /// Which files of a theme a change touched.
    enum TouchedFiles: Sendable, Equatable {
        /// Every file of the theme: it is read again whole.
        case all
        /// Files or directories, relative to the theme's root; none when the theme is only to be built again.
        case paths(Set<String>)

        /// Whether no file was touched.
        var isEmpty: Bool {
            switch self {
            case .all: return false
            case .paths(let paths): return paths.isEmpty
            }
        }

        /// The touched paths; nil for `.all`.
        var paths: Set<String>? {
            guard case .paths(let paths) = self else { return nil }
            return paths
        }

        /// Whether the change touched a path (`.all` touches every path).
        func contains(_ path: String) -> Bool {
            switch self {
            case .all: return true
            case .paths(let paths): return paths.contains(path)
            }
        }

        /// Adds a touched path (nothing to add to `.all`).
        mutating func insert(_ path: String) {
            guard case .paths(var paths) = self else { return }
            paths.insert(path)
            self = .paths(paths)
        }

        /// What two changes touched together.
        func merged(with other: TouchedFiles) -> TouchedFiles {
            switch (self, other) {
            case (.paths(let a), .paths(let b)): return .paths(a.union(b))
            default: return .all
            }
        }
    }
}
