import Foundation
import SnapStyleExport
import SnapStyleMethods
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

@testable import SnapStyleBuild

/// A build reads first the outputs that need the fewest contexts no output read yet, so that their formats write
/// while the other contexts are read; yet a config error is still the first failing output's, in the config's
/// order, and the files are those of the config's order.
@Suite struct BuildReadingOrderTests {
    static let three =
        #"[{"context": {}}, {"context": {"colorScheme": "dark"}}, {"context": {"colorScheme": "dark", "#
        + #""contrast": "high"}}]"#

    @Test func theOutputNeedingTheFewestUnreadContextsIsReadFirst() throws {
        let project = try BuildConfiguration.parse(
            BuildFixture.config(
                #"{"format": "css", "file": "a.css", "theme": "ds", "contexts": \#(Self.three)}, "#
                    + #"{"format": "scss", "file": "b.scss", "theme": "ds", "contexts": [{"context": {}}, "#
                    + #"{"context": {"colorScheme": "dark"}}]}, "#
                    + #"{"format": "dtcg", "file": "c.json", "theme": "ds"}, "#
                    + #"{"format": "js", "file": "d.js", "theme": "ds", "exclude": ["space.**"]}"#),
            file: "b.json")
        // dtcg reads one context. Then js (other keys: one unread place) and scss (one more context) tie, and js
        // takes longer to write; css, with two contexts unread until scss is read, comes last.
        #expect(BuildInput.readingOrder(project.outputs) == [2, 3, 1, 0])
    }

    @Test func amongEqualsTheLongestToWriteIsReadFirst() throws {
        let two = #"[{"context": {}}, {"context": {"colorScheme": "dark"}}]"#
        let project = try BuildConfiguration.parse(
            BuildFixture.config(
                #"{"format": "css", "file": "a.css", "theme": "ds", "contexts": \#(two)}, "#
                    + #"{"format": "android", "dir": "b", "theme": "ds", "contexts": \#(two)}, "#
                    + #"{"format": "swift", "file": "c.swift", "theme": "ds", "contexts": \#(two)}, "#
                    + #"{"format": "ts", "file": "d.ts", "theme": "ds", "contexts": \#(two)}"#),
            file: "b.json")
        #expect(BuildInput.readingOrder(project.outputs) == [3, 2, 0, 1])
    }

    @Test(arguments: [false, true])
    func aConfigErrorIsTheFirstOutputsInTheConfig(inProcess: Bool) async throws {
        let fixture = BuildFixture()
        // The first output (three contexts, read last) names a modifier the theme lacks; the second (one context,
        // read first) an unknown theme.
        fixture.directory.write(
            "snapstyle.build.json",
            BuildFixture.config(
                #"{"format": "css", "file": "a.css", "theme": "ds", "contexts": [{"context": {}}, "#
                    + #"{"context": {"colorScheme": "dark"}}, {"context": {"vars": {"mode": "x"}}}]}, "#
                    + #"{"format": "dtcg", "file": "c.json", "theme": "dss"}"#))
        let project = try BuildProject.load(fixture.configPath)
        let store = ThemeStore(roots: project.roots.map { ThemeRoot(path: $0, origin: .config) })
        store.reloadAll()
        let methods = StyleMethods(store: store, defaultTheme: "snap")
        let source =
            inProcess
            ? BuildSource(methods: methods)
            : BuildSource(call: { method, params in try methods.answer(method, .object(params)) ?? .null })
        do {
            _ = try await project.files(source: source)
            Issue.record("the build succeeded")
        } catch let error as BuildError {
            #expect(error.description.contains("has no modifier 'mode'"), "\(error)")
        }
    }

    @Test func theFilesAreInTheConfigsOrder() async throws {
        let fixture = BuildFixture()
        fixture.directory.write(
            "snapstyle.build.json",
            BuildFixture.config(
                #"{"format": "css", "file": "a.css", "theme": "ds", "contexts": \#(Self.three)}, "#
                    + #"{"format": "js", "file": "b.js", "theme": "ds"}, "#
                    + #"{"format": "dtcg", "file": "c.json", "theme": "ds"}"#))
        let project = try BuildProject.load(fixture.configPath)
        let store = ThemeStore(roots: project.roots.map { ThemeRoot(path: $0, origin: .config) })
        store.reloadAll()
        let files = try await project.files(
            source: BuildSource(methods: StyleMethods(store: store, defaultTheme: "snap")))
        #expect(files.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["a.css", "b.js", "b.d.ts", "c.json"])
    }
}
