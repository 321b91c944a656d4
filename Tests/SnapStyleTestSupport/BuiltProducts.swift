import Foundation

/// Where the package's executables were built: beside the test runner (so that a build with sanitizers in its
/// own scratch path tests its own binaries), else `.build/debug` of the checkout.
public enum BuiltProducts {
    public static let directory: String = {
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent().path
        if FileManager.default.isExecutableFile(atPath: runner + "/snapstyled") { return runner }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug").path
    }()

    /// The daemon, `snapstyled`.
    public static var daemon: String { directory + "/snapstyled" }
    /// The CLI, `snapstyle`.
    public static var cli: String { directory + "/snapstyle" }
}
