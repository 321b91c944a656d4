import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A directory of its own under the system's temporary directory (`mkdtemp`: a unique name, mode 0700), removed
/// with everything in it when the value is released. The one way the tests make temporary files.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The directory's absolute path.
    public let path: String

    /// `prefix` starts the directory's name, which says in a listing of /tmp which test left it.
    public init(prefix: String = "snapstyle-tests") {
        let base = NSTemporaryDirectory() as NSString
        var template = Array(base.appendingPathComponent(prefix + "-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            fatalError("mkdtemp \(prefix): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    /// FileManager gives up on a tree nested past the longest path the system opens (some tests make one); `rm`
    /// walks any depth.
    deinit {
        if (try? FileManager.default.removeItem(atPath: path)) != nil { return }
        let remove = Process()
        remove.executableURL = URL(fileURLWithPath: "/bin/rm")
        remove.arguments = ["-rf", "--", path]
        guard (try? remove.run()) != nil else { return }
        remove.waitUntilExit()
    }

    /// The absolute path of `relative` in the directory.
    public func full(_ relative: String) -> String { "\(path)/\(relative)" }

    /// Writes a file in place with open/write (not an atomic rename), creating its directories.
    public func write(_ relative: String, _ text: String) { writeInPlace(full(relative), text) }

    /// Removes a file or a directory with everything in it.
    public func remove(_ relative: String) { try? FileManager.default.removeItem(atPath: full(relative)) }

    /// Creates a directory (and its parents); its absolute path.
    @discardableResult
    public func directory(_ relative: String) -> String {
        let path = full(relative)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
