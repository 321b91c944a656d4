import SnapStyleEngine
import SnapStyleSystem

/// The file operations theme loading needs; the real one is `POSIXFileSystem`, tests may fake it.
public protocol ThemeFileSystem: Sendable {
    /// Names in a directory (not `.` and `..`), with their kinds.
    func entries(of directory: String) throws(FileSystemError) -> [(name: String, kind: FileKind)]
    func kind(of path: String) -> FileKind?
    /// The size of a regular file, nil for anything else.
    func size(of path: String) -> Int?
    /// Reads a file; with `root`, only when the file opened (symbolic links followed) lies inside it.
    func read(_ path: String, within root: String?) throws(FileSystemError) -> [UInt8]
    /// Creates a directory and its missing parents with `mode`.
    func createDirectory(_ path: String, mode: UInt32) throws(FileSystemError)
}

extension POSIXFileSystem: ThemeFileSystem {}

extension ThemeFileSystem {
    /// Reads a file that is not a symbolic link.
    public func read(_ path: String) throws(FileSystemError) -> [UInt8] { try read(path, within: nil) }
}
