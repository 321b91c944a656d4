import Glibc
import SnapStyleSystem
import SnapStyleThemes

/// A theme root held in memory, for the fuzz targets that load themes through a store: files by path relative to
/// the root, directories implied by them. Nothing outside the root exists, and nothing can be created.
struct MemoryFileSystem: ThemeFileSystem {
    let root: String
    let files: [String: [UInt8]]

    /// The path relative to the root, `.` and `..` taken away; nil outside the root.
    func relative(_ path: String) -> String? {
        guard path == root || path.hasPrefix(root + "/") else { return nil }
        var parts: [Substring] = []
        for part in path.dropFirst(root.count).split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    func entries(of directory: String) throws(FileSystemError) -> [(name: String, kind: FileKind)] {
        guard let relative = relative(directory), kind(of: directory) == .directory else {
            throw FileSystemError(operation: "opendir", path: directory, errno: ENOENT)
        }
        let prefix = relative.isEmpty ? "" : relative + "/"
        var kinds: [String: FileKind] = [:]
        for path in files.keys where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            guard let name = rest.split(separator: "/").first else { continue }
            kinds[String(name)] = rest.contains("/") ? .directory : .file
        }
        return kinds.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    func kind(of path: String) -> FileKind? {
        guard let relative = relative(path) else { return nil }
        if files[relative] != nil { return .file }
        if relative.isEmpty || files.keys.contains(where: { $0.hasPrefix(relative + "/") }) { return .directory }
        return nil
    }

    func size(of path: String) -> Int? { relative(path).flatMap { files[$0]?.count } }

    func read(_ path: String, within root: String?) throws(FileSystemError) -> [UInt8] {
        guard let relative = relative(path), let bytes = files[relative] else {
            throw FileSystemError(operation: "open", path: path, errno: ENOENT)
        }
        return bytes
    }

    func createDirectory(_ path: String, mode: UInt32) throws(FileSystemError) {
        throw FileSystemError(operation: "mkdir", path: path, errno: EROFS)
    }
}
