import SnapStyleEngine
import SnapStyleSystem

/// The file operations theme loading needs; the real one is `POSIXFileSystem`, tests may fake it.
public protocol ThemeFileSystem: Sendable {
    /// Names in a directory (not `.` and `..`), with their kinds.
    func entries(of directory: String) throws(FileSystemError) -> [(name: String, kind: FileKind)]
    func kind(of path: String) -> FileKind?
    func read(_ path: String) throws(FileSystemError) -> [UInt8]
    /// Creates a directory and its missing parents with `mode`.
    func createDirectory(_ path: String, mode: UInt32) throws(FileSystemError)
}

extension POSIXFileSystem: ThemeFileSystem {}
