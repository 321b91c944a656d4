import SnapStyleSystem

/// No daemon answered on the socket: exit status 3, with what happened and what to do.
public struct NoDaemonError: Error, CustomStringConvertible, Sendable {
    public enum Cause: Sendable {
        /// No socket file: no daemon runs there.
        case noSocket
        /// The socket is another user's, or its mode keeps this user out.
        case permissionDenied
        /// A socket file nobody listens on: a daemon that stopped left it.
        case refused
        /// The daemon closed the connection without an answer: its peer check refused this user.
        case closed
        case other(String)

        public init(errno: Int32?, reason: String) {
            switch errno.map(Errno.init(rawValue:)) {
            case .noSuchFile?, .notDirectory?: self = .noSocket
            case .permissionDenied?, .notPermitted?: self = .permissionDenied
            case .connectionRefused?: self = .refused
            default: self = .other(reason)
            }
        }
    }

    public let socket: String
    public let cause: Cause
    /// Whether the command also works with `--offline` (the message says so).
    public var offlineWorks = true

    public init(socket: String, cause: Cause, offlineWorks: Bool = true) {
        self.socket = socket
        self.cause = cause
        self.offlineWorks = offlineWorks
    }

    public var description: String {
        let how = "with `make run` (in a checkout) or `systemctl --user start snapstyled.socket`"
        let offline = offlineWorks ? ", or add --offline to resolve without a daemon" : ""
        switch cause {
        case .noSocket:
            return "no daemon is running: there is no socket at \(socket).\nStart one \(how)\(offline)."
        case .permissionDenied:
            return "permission denied on \(socket): it belongs to another user's daemon, or its mode keeps you out."
                + "\nUse your own daemon (--socket, or the default path), or check the socket's owner and mode."
        case .refused:
            return "nothing listens on \(socket): the socket file was left by a daemon that stopped.\nStart the "
                + "daemon again \(how); it replaces the stale file\(offline)."
        case .closed:
            return "the daemon on \(socket) closed the connection without answering: it serves only its own user "
                + "and root, and refused this one."
        case .other(let reason):
            return "cannot reach a daemon on \(socket): \(reason).\nStart one \(how)\(offline)."
        }
    }
}
