import SnapStyleSystem
import SnapStyleThemes

/// The file system as the editor sees it: the text of open documents (unsaved edits included) in place of what is
/// on disk, everything else from disk. A document opened for a file that does not exist yet is a file too.
public final class OverlayFileSystem: ThemeFileSystem {
    let disk: POSIXFileSystem
    let buffers = Locked([String: [UInt8]]())

    public init(disk: POSIXFileSystem) { self.disk = disk }

    /// Puts (or, with nil, takes away) the editor's text for a file.
    public func setBuffer(_ path: String, _ bytes: [UInt8]?) { buffers.withLock { $0[path] = bytes } }

    public func buffer(_ path: String) -> [UInt8]? { buffers.withLock { $0[path] } }

    public func entries(of directory: String) throws(FileSystemError) -> [(name: String, kind: FileKind)] {
        var entries = try disk.entries(of: directory)
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        let extra = buffers.withLock { buffers in
            buffers.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
        }
        for path in extra {
            let name = String(path.dropFirst(prefix.count))
            if !entries.contains(where: { $0.name == name }) { entries.append((name, .file)) }
        }
        return entries
    }

    public func kind(of path: String) -> FileKind? {
        if buffers.withLock({ $0[path] != nil }) { return .file }
        return disk.kind(of: path)
    }

    public func size(of path: String) -> Int? {
        if let bytes = buffers.withLock({ $0[path] }) { return bytes.count }
        return disk.size(of: path)
    }

    public func read(_ path: String, within root: String?) throws(FileSystemError) -> [UInt8] {
        if let bytes = buffers.withLock({ $0[path] }) { return bytes }
        return try disk.read(path, within: root)
    }

    public func createDirectory(_ path: String, mode: UInt32) throws(FileSystemError) {
        try disk.createDirectory(path, mode: mode)
    }
}
