#if canImport(Glibc)
import Glibc
#endif

/// Who is on the other end of a Unix socket (`SO_PEERCRED`): the layout of Linux's `struct ucred`, which Glibc
/// hides without `_GNU_SOURCE`.
public struct PeerCredentials: Sendable, Equatable {
    public var pid: Int32 = 0
    public var uid: UInt32 = 0
    public var gid: UInt32 = 0

    public init() {}

    /// The socket option level and name to read them with (`SOL_SOCKET`, `SO_PEERCRED`, 17 on Linux).
    public static let optionLevel = Int32(SOL_SOCKET)
    public static let optionName: Int32 = 17

    /// Whether this peer may talk to a daemon of this user: the same user, or root.
    public var isTrusted: Bool { uid == CurrentProcess.userID || uid == 0 }

    /// This process's user id.
    public static var currentUser: UInt32 { CurrentProcess.userID }
}
