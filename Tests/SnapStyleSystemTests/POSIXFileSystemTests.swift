import SnapStyleSystem
import Testing

@Suite struct POSIXFileSystemTests {
    @Test(arguments: [
        ("/a/./b/../c.json", "/a/c.json"), ("/a//b/", "/a/b"), ("/../a", "/a"), ("/", "/"),
        ("/themes/harbor/../harbor.resolver.json", "/themes/harbor.resolver.json"),
    ])
    func pathsAreNormalizedAsText(path: String, expected: String) {
        #expect(POSIXFileSystem.normalized(path) == expected)
    }
}
