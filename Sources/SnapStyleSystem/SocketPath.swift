import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the daemon listens, and getting that place ready (docs/daemon.md, "snapstyled").
public enum SocketPath {
    /// `$XDG_RUNTIME_DIR/snapstyle/snapstyled.sock`, or `/tmp/snapstyle-UID/snapstyled.sock` without it.
    public static func defaultPath(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return "\(runtime)/snapstyle/snapstyled.sock"
        }
        return "/tmp/snapstyle-\(CurrentProcess.userID)/snapstyled.sock"
    }

    /// Why the socket path cannot be used, with what to do about it.
    public struct Error: Swift.Error, CustomStringConvertible {
        public var description: String
    }

    /// The longest path a Unix socket address holds (`sun_path` less its terminating NUL).
    public static let maxPathBytes = UnixSocketAddress.maxPathBytes

    /// Creates the socket's directory when it is missing (0700, with missing parents; an existing one is left as
    /// it is) and clears a stale socket file. A socket
    /// a live daemon answers on is an error: two daemons must not share a path. So is a directory another
    /// user could use to swap the socket for theirs: owned by someone other than this user or root, or
    /// writable by its group or others without the sticky bit, whoever owns it.
    public static func prepare(_ path: String) throws(Error) {
        guard path.utf8.count <= maxPathBytes else {
            throw Error(
                description: "the socket path \(path) is \(path.utf8.count) bytes, over the \(maxPathBytes) a Unix "
                    + "socket allows; choose a shorter --socket (or socket in the config file)")
        }
        let directory = (path as NSString).deletingLastPathComponent
        if let info = try? POSIXFileSystem.linkStatus(of: directory) {
            try check(directory: directory, info)
        } else {
            do {
                try POSIXFileSystem().createDirectory(directory, mode: 0o700)
            } catch {
                throw Error(description: "cannot create \(directory) (\(error)); choose another --socket")
            }
        }
        guard let info = try? POSIXFileSystem.linkStatus(of: path) else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw Error(description: "\(path) exists and is not a socket; remove it or choose another --socket")
        }
        if isAnswering(path) {
            throw Error(
                description: "another snapstyled is already serving \(path); stop it first "
                    + "(systemctl --user stop snapstyled.socket snapstyled.service) or choose another --socket")
        }
        try? POSIXFileSystem().remove(path)
    }

    /// Refuses an existing socket directory that is not one, or that another user could use to swap the socket.
    private static func check(directory: String, _ info: stat) throws(Error) {
        let user = CurrentProcess.userID
        if info.st_mode & S_IFMT != S_IFDIR {
            throw Error(
                description:
                    "\(directory) is not a directory (a symbolic link is not followed); choose another --socket")
        } else if info.st_uid != user && info.st_uid != 0 {
            throw Error(
                description: "\(directory) belongs to uid \(info.st_uid), not to you (uid \(user)): another user "
                    + "could replace the socket; remove it or choose another --socket")
        } else if info.st_mode & 0o022 != 0, info.st_mode & S_ISVTX == 0 {
            // Whoever owns it: a group or other users who may write to it could replace the socket.
            let mode = String(info.st_mode & 0o7777, radix: 8)
            throw Error(
                description: "\(directory) (mode 0\(mode)) is writable by its group or other users and not sticky: "
                    + "they could replace the socket; chmod go-w it or choose another --socket")
        }
        // Otherwise an existing directory is the user's to choose: it is never changed (the socket itself is 0600).
    }

    /// Whether a process accepts connections on the socket at `path`.
    public static func isAnswering(_ path: String) -> Bool {
        guard !path.hasPrefix("@"), let address = UnixSocketAddress(path: path) else { return false }
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard let fd = try? SystemCall.run("socket", path, { socket(AF_UNIX, type, 0) }) else { return false }
        defer { close(fd) }
        // A connect that a signal interrupts goes on in the background: it is not made again.
        let connected = try? SystemCall.run("connect", path, retryingInterrupted: false) {
            address.withSockAddr { connect(fd, $0, $1) }
        }
        return connected != nil
    }

    /// The path a listening Unix socket is bound to (for a socket systemd passed).
    public static func boundPath(of descriptor: Int32) -> String? {
        guard let path = UnixSocketAddress(boundTo: descriptor)?.path, !path.isEmpty else { return nil }
        return path
    }

    /// The listening socket systemd passed, when `LISTEN_PID`/`LISTEN_FDS` name this process (fd 3).
    public static func activatedDescriptor(environment: [String: String]) -> Int32? {
        guard let pid = environment["LISTEN_PID"].flatMap(Int32.init), pid == CurrentProcess.id,
            let count = environment["LISTEN_FDS"].flatMap(Int.init), count >= 1
        else { return nil }
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_FDNAMES")
        return 3
    }
}
