import Testing

@testable import SnapStylePreview

@Suite struct LoopbackAddressTests {
    @Test(arguments: ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "::1", "[::1]"])
    func loopbackAddressesMayBeBound(host: String) {
        #expect(LoopbackAddress(host) != nil)
    }

    @Test(arguments: ["0.0.0.0", "192.168.1.2", "::", "example.com", "", "128.0.0.1", "::ffff:10.0.0.1"])
    func otherAddressesMayNot(host: String) {
        #expect(LoopbackAddress(host) == nil)
    }

    @Test func theHostHeaderMustNameThisServerWithItsPort() throws {
        let address = try #require(LoopbackAddress("127.0.0.1"))
        #expect(address.url(port: 7373) == "http://127.0.0.1:7373/")
        #expect(address.allowsHost("127.0.0.1:7373", port: 7373))
        #expect(address.allowsHost("localhost:7373", port: 7373))
        #expect(address.allowsHost("LocalHost:7373", port: 7373))
        #expect(!address.allowsHost("127.0.0.1:7374", port: 7373))
        #expect(!address.allowsHost("127.0.0.1", port: 7373))
        #expect(!address.allowsHost("evil.example:7373", port: 7373))
        #expect(!address.allowsHost("evil.example", port: 7373))
        #expect(!address.allowsHost(nil, port: 7373))
        #expect(address.allowsHost("localhost", port: 80))
    }

    @Test func ipv6IsBracketed() throws {
        let address = try #require(LoopbackAddress("::1"))
        #expect(address.url(port: 8000) == "http://[::1]:8000/")
        #expect(address.allowsHost("[::1]:8000", port: 8000))
        #expect(!address.allowsHost("::1:8000", port: 8000))
    }
}
