import Testing

@testable import SnapStylePreview

@Suite struct RequestHeadCheckTests {
    @Test(arguments: [
        ("http://evil.example/api/themes", "evil.example"), ("http://127.0.0.1:7373/", "127.0.0.1:7373"),
        ("HTTPS://[::1]:80?x", "[::1]:80"), ("http://user@evil.example#f", "user@evil.example"), ("http://", ""),
    ])
    func anAbsoluteFormTargetNamesItsAuthority(target: String, authority: String) {
        #expect(RequestHeadCheck.absoluteFormAuthority(target) == authority)
    }

    @Test(arguments: ["/api/themes", "/theme/x.css?u=http://evil.example/", "*", "/a://b", "1http://x/"])
    func otherTargetsDoNot(target: String) {
        #expect(RequestHeadCheck.absoluteFormAuthority(target) == nil)
    }

    @Test func onlyChunkedAloneIsRead() {
        #expect(RequestHeadCheck.isChunkedOnly(["chunked"]))
        #expect(RequestHeadCheck.isChunkedOnly([" Chunked "]))
        for values in [["xchunked"], ["gzip, chunked"], ["chunked", "chunked"], ["identity"], [""], ["chunked, gzip"]] {
            #expect(!RequestHeadCheck.isChunkedOnly(values), "\(values)")
        }
    }
}
