import SnapStyleEngine
import SnapStyleSystem

/// Discovery and reading of the themes' files.
extension ThemeBuilder {
    /// Theme name → its locations, highest precedence first.
    func discover() -> [String: [ThemeDiscovery.Location]] {
        var result: [String: [ThemeDiscovery.Location]] = [:]
        for root in roots {
            for location in ThemeDiscovery.themes(in: root, fileSystem: fileSystem) {
                result[location.name, default: []].append(location)
            }
        }
        return result
    }

    /// A path under one of the store's roots.
    struct RootedPath {
        var root: ThemeRoot
        /// Relative to the root; "" for the root itself.
        var relativePath: String
    }

    /// The root a path is under, and the path relative to it.
    func locate(_ path: String) -> RootedPath? {
        for root in roots {
            if path == root.path { return RootedPath(root: root, relativePath: "") }
            if path.hasPrefix(root.path + "/") {
                return RootedPath(root: root, relativePath: String(path.dropFirst(root.path.count + 1)))
            }
        }
        return nil
    }

    /// Re-reads the touched files of a theme; returns the paths whose contents changed (or appeared or went away).
    func readTouched(_ touched: TouchedFiles, _ record: inout Record) -> Set<String> {
        switch touched {
        case .all: return readAllFiles(&record)
        case .paths(let paths): return readFiles(paths, &record)
        }
    }

    /// Reads every file of a theme; returns the paths whose contents changed (or appeared or went away).
    func readAllFiles(_ record: inout Record) -> Set<String> {
        guard let location = record.location else { return [] }
        record.unlisted = []
        let paths = ThemeDiscovery.files(of: location, fileSystem: fileSystem, unlisted: &record.unlisted)
        var changed = Set(record.files.keys).subtracting(paths).subtracting([Self.tokensUnit])
        for gone in changed { forget(gone, &record) }
        for path in paths where read(path, &record) { changed.insert(path) }
        record.fileOrder = paths
        return changed
    }

    /// Whether a change leaves a theme's files as they were listed: each path is a known file still there, or a path
    /// that came and went (a writer's temporary file renamed over a theme file) with no known file below it. Then
    /// the files need no new listing, only the known ones read again.
    func leavesListing(_ changed: Set<String>, _ record: Record) -> Bool {
        guard let location = record.location else { return false }
        let known = Set(record.fileOrder)
        return changed.allSatisfy { path in
            let kind = fileSystem.kind(of: "\(location.root.path)/\(path)")
            if known.contains(path) { return kind == .file }
            // A directory that could not be listed may have gone: only a new listing says so.
            return kind == nil && record.unlisted.isEmpty && !known.contains { $0.hasPrefix(path + "/") }
        }
    }

    /// Re-reads the given paths (files or directories) of a theme, and notices files that appeared or went away.
    func readFiles(_ changed: Set<String>, _ record: inout Record) -> Set<String> {
        guard let location = record.location else { return [] }
        let known = Set(record.fileOrder)
        if leavesListing(changed, record) {
            return Set(changed.filter { known.contains($0) && read($0, &record) })
        }
        record.unlisted = []
        let paths =
            ThemeDiscovery.files(of: location, fileSystem: fileSystem, unlisted: &record.unlisted)
            + Self.referenced(&record)
        var result = known.subtracting(paths)
        for gone in result { forget(gone, &record) }
        for path in paths {
            let inChanged = changed.contains(path) || changed.contains { path.hasPrefix($0 + "/") }
            guard inChanged || !known.contains(path) else { continue }
            if read(path, &record) { result.insert(path) }
        }
        var seen = Set<String>()
        record.fileOrder = paths.filter { seen.insert($0).inserted }
        return result
    }

    /// A file that went away: what it held stays known as previous, for the next incremental build.
    func forget(_ path: String, _ record: inout Record) {
        let old = record.files.removeValue(forKey: path)
        if record.memo.previous[path] == nil { record.memo.previous[path] = old }
    }

    /// Reads and parses one file; whether it differs from what was known.
    func read(_ path: String, _ record: inout Record) -> Bool {
        guard let location = record.location else { return false }
        if record.memo.previous[path] == nil, let old = record.files[path] { record.memo.previous[path] = old }
        let file: ThemeFile
        do {
            let bytes = try fileSystem.read("\(location.root.path)/\(path)", within: location.root.path)
            file = ThemeFile.parse(path: path, bytes: bytes, themeName: record.name)
        } catch {
            if error.isNotFound { return record.files.removeValue(forKey: path) != nil }
            file = ThemeFile(
                path: path, layer: ThemeLayer(name: record.name),
                errors: [ThemeError(file: path, line: 1, column: 1, message: "cannot read: \(error)")])
        }
        record.files[path] = file
        return true
    }
}
