#if canImport(Glibc)
import Glibc
#endif

/// Numeric internet addresses, read as `inet_pton` reads them.
public enum InternetAddress {
    /// The four bytes of an IPv4 address in dotted form (`127.0.0.1`), in order, or nil when `text` is not one.
    public static func ipv4(_ text: String) -> [UInt8]? {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: address) { Array($0) }
    }

    /// The sixteen bytes of an IPv6 address (`::1`), in order, or nil when `text` is not one.
    public static func ipv6(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: address) { Array($0) }
    }
}
