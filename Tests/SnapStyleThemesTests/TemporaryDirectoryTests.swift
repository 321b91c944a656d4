import Foundation
import SnapStyleTestSupport
import Testing

/// The tests' temporary directories (`SnapStyleTestSupport`): unique, private, and gone once released.
@Suite struct TemporaryDirectoryTests {
    @Test func eachIsNewPrivateAndRemovedWithItsFiles() throws {
        var path = ""
        do {
            let first = TemporaryDirectory(prefix: "snapstyle-temporary")
            let second = TemporaryDirectory(prefix: "snapstyle-temporary")
            #expect(first.path != second.path)
            #expect((first.path as NSString).lastPathComponent.hasPrefix("snapstyle-temporary-"))
            let mode = try FileManager.default.attributesOfItem(atPath: first.path)[.posixPermissions] as? Int
            #expect(mode == 0o700)
            first.write("a/b/c.json", "{}")
            #expect(try String(contentsOfFile: first.full("a/b/c.json"), encoding: .utf8) == "{}")
            path = first.path
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// A tree nested past the longest path the system opens (as a theme-root test makes one) is removed too:
    /// FileManager gives up on it, and such trees were left in /tmp.
    @Test func aTreeNestedPastTheLongestPathIsRemoved() throws {
        var path = ""
        do {
            let directory = TemporaryDirectory(prefix: "snapstyle-temporary")
            let mkdirs = Process()
            mkdirs.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            mkdirs.arguments = [
                "python3", "-c",
                "import os, sys; os.chdir(sys.argv[1]); [(os.mkdir('d' * 200), os.chdir('d' * 200)) for _ in range(25)]",
                directory.path,
            ]
            try mkdirs.run()
            mkdirs.waitUntilExit()
            #expect(mkdirs.terminationStatus == 0)
            path = directory.path
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
