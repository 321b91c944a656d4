import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// sd_notify without libsystemd: one datagram of `KEY=VALUE` lines to `$NOTIFY_SOCKET`.
public struct SystemdNotifier: Sendable {
    public let socketPath: String?

    public init(environment: [String: String]) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `WATCHDOG_USEC` when it is set for this process.
    public static func watchdogInterval(environment: [String: String]) -> Duration? {
        guard let usec = environment["WATCHDOG_USEC"].flatMap(Int64.init), usec > 0 else { return nil }
        if let pid = environment["WATCHDOG_PID"].flatMap(Int32.init), pid != CurrentProcess.id { return nil }
        return .microseconds(usec)
    }

    /// `READY=1` with a status line.
    public func ready(status: String) { send("READY=1\nSTATUS=\(status)") }

    /// Before a reload: `RELOADING=1` with the monotonic time.
    public func reloading() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let usec = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
        send("RELOADING=1\nMONOTONIC_USEC=\(usec)")
    }

    /// `STOPPING=1`.
    public func stopping() { send("STOPPING=1") }

    /// `STATUS=` only.
    public func status(_ text: String) { send("STATUS=\(text)") }

    /// `WATCHDOG=1`.
    public func watchdog() { send("WATCHDOG=1") }

    /// Sends one datagram; a missing or unreachable socket is ignored (not under systemd).
    public func send(_ message: String) {
        guard let path = socketPath, let address = UnixSocketAddress(path: path) else { return }
        let type = Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard let fd = try? SystemCall.run("socket", path, { socket(AF_UNIX, type, 0) }) else { return }
        defer { close(fd) }
        let payload = Array(message.utf8)
        _ = try? SystemCall.run("sendto", path) {
            address.withSockAddr { pointer, length in
                payload.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, 0, pointer, length) }
            }
        }
    }
}
