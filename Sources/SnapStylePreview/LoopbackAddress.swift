import SnapStyleSystem

/// The address the preview binds: loopback only, since the page and the API carry the user's themes to any
/// process that can connect.
public struct LoopbackAddress: Sendable, Equatable {
    /// What is bound: `127.0.0.1`, another 127/8 address, or `::1`.
    public let address: String
    /// The name `--host` gave (`localhost`, or the address itself).
    public let name: String

    /// The loopback address `host` names (`localhost` is 127.0.0.1), or nil when it is not a loopback address.
    public init?(_ host: String) {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare.lowercased() == "localhost" {
            address = "127.0.0.1"
            name = "localhost"
            return
        }
        if let v4 = InternetAddress.ipv4(bare) {
            guard v4[0] == 127 else { return nil }
        } else if InternetAddress.ipv6(bare) != nil {
            guard bare == "::1" || bare.lowercased() == "0:0:0:0:0:0:0:1" else { return nil }
        } else {
            return nil
        }
        address = bare
        name = bare
    }

    var isIPv6: Bool { address.contains(":") }

    /// The address as it appears in a URL or a Host header: IPv6 in brackets.
    var urlHost: String { isIPv6 ? "[\(address)]" : address }

    /// `http://127.0.0.1:7373/`.
    public func url(port: Int) -> String { "http://\(urlHost):\(port)/" }

    /// The Host header values a browser sends for this server: the address or `localhost`, with the port (which a
    /// browser leaves out only for port 80). Anything else is a page elsewhere reaching in through DNS rebinding.
    public func allowsHost(_ header: String?, port: Int) -> Bool {
        guard let header = header?.lowercased() else { return false }
        var names: Set<String> = [urlHost.lowercased(), "localhost"]
        if name != address { names.insert(name.lowercased()) }
        if isIPv6 { names.insert("[::1]") } else if address == "127.0.0.1" { names.insert("127.0.0.1") }
        for name in names {
            if header == "\(name):\(port)" || (port == 80 && header == name) { return true }
        }
        return false
    }
}
