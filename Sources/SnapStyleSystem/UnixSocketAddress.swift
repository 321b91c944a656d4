#if canImport(Glibc)
import Glibc
#endif

/// A Unix domain socket address (`sockaddr_un`), filled in one place. A path starting with `@` names an abstract
/// socket (systemd's `$NOTIFY_SOCKET` may be one): its first byte is NUL and its length is exact.
public struct UnixSocketAddress: Sendable {
    /// The longest path an address holds (`sun_path` less its terminating NUL).
    public static let maxPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    private var storage = sockaddr_un()
    private let length: socklen_t

    /// The address of `path`, or nil when the path does not fit.
    public init?(path: String) {
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        guard !bytes.isEmpty, bytes.count <= Self.maxPathBytes else { return nil }
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in raw.copyBytes(from: bytes) }
        length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
    }

    /// The address a socket descriptor is bound to (`getsockname`), when it is a Unix socket with a path.
    public init?(boundTo descriptor: Int32) {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = try? SystemCall.run("getsockname", "descriptor \(descriptor)") {
            withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
        }
        guard result != nil, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
        storage = address
        self.length = length
    }

    /// The path, as bound (empty for an unnamed socket).
    public var path: String {
        withUnsafeBytes(of: storage.sun_path) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }

    /// Calls `body` with the address as the socket calls take it.
    public func withSockAddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws -> T) rethrows -> T {
        try withUnsafePointer(to: storage) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { try body($0, length) }
        }
    }
}
