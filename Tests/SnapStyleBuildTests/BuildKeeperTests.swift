import Foundation
import SnapStyleBuild
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

/// A kept build resolves only the keys a change touched and reuses what its formats made before: after every edit
/// its files are byte for byte those a fresh build writes.
@Suite struct BuildKeeperTests {
    /// Every format, two contexts, references kept as `var()`.
    static let config = BuildFixture.config(
        #"{"format": "css", "file": "out/t.css", "theme": "ds", "prefix": "ds", "references": "var", "#
            + #""contexts": [{"context": {}}, {"context": {"colorScheme": "dark"}, "selector": ".dark"}]}, "#
            + #"{"format": "scss", "file": "out/t.scss", "theme": "ds", "references": "var", "#
            + #""contexts": [{"context": {}}, {"context": {"colorScheme": "dark"}}]}, "#
            + #"{"format": "ts", "file": "out/t.ts", "theme": "ds", "units": "rem", "#
            + #""contexts": [{"context": {}}, {"context": {"colorScheme": "dark"}}]}, "#
            + #"{"format": "tailwind", "file": "out/t.tw.css", "theme": "ds"}, "#
            + #"{"format": "swift", "file": "out/T.swift", "theme": "ds"}, "#
            + #"{"format": "android", "dir": "out/android", "theme": "ds", "#
            + #""contexts": [{"context": {}}, {"context": {"colorScheme": "dark"}}]}, "#
            + #"{"format": "json", "file": "out/t.json", "theme": "ds"}, "#
            + #"{"format": "dtcg", "file": "out/t.tokens.json", "theme": "ds"}"#)

    /// Edits in turn: a base color (an alias reads it), a dark-only value, an alias made a value, a value made an
    /// alias, a new key, a key removed, a description.
    static let edits: [(String, String)] = [
        ("tokens.json", edited("#0066CC", "#0055AA")),
        ("tokens.dark.json", BuildFixture.dark.replacingOccurrences(of: "#66AAFF", with: "#7799EE")),
        ("tokens.json", edited("\"{color.accent}\"", "\"#102030\"")),
        ("tokens.json", edited("\"#FFFFFF\"", "\"{color.fixed}\"")),
        ("tokens.json", edited("\"bg\": ", "\"new\": {\"$value\": \"#ABCDEF\"}, \"bg\": ")),
        ("tokens.json", edited(", \"fixedAlias\": {\"$value\": \"{color.fixed}\"}", "")),
        ("tokens.json", edited("\"#0066CC\"}", "\"#0066CC\", \"$description\": \"A\"}")),
    ]

    static func edited(_ text: String, _ replacement: String) -> String {
        BuildFixture.tokens.replacingOccurrences(of: text, with: replacement)
    }

    /// Read through calls, or in-process (whole aliases found without `explain`): either way, what a fresh build
    /// through calls writes.
    @Test(arguments: [false, true]) func eachRefreshWritesWhatAFreshBuildWrites(inProcess: Bool) async throws {
        let fixture = BuildFixture(config: Self.config)
        let project = try BuildProject.load(fixture.configPath)
        let store = ThemeStore(roots: project.roots.map { ThemeRoot(path: $0, origin: .config) })
        store.reloadAll()
        let methods = StyleMethods(store: store, defaultTheme: "snap")
        let call: BuildCall = { method, params in
            guard let answer = try methods.answer(method, .object(params)) else { throw BuildError(.resolution, "no") }
            return answer
        }
        let source = inProcess ? BuildSource(methods: methods) : BuildSource(call: call)
        var keeper = BuildKeeper(project: project)
        let first = await keeper.refreshAll(source: source)
        #expect(first.problems == [], "\(first.problems)")
        #expect(Set(first.written) == Set(try await project.files(call: call).map(\.path)))
        for (file, text) in Self.edits {
            fixture.directory.write("themes/ds/" + file, text)
            let report = store.apply(changedPaths: [fixture.directory.full("themes/ds/" + file)])
            let refresh = await keeper.refresh(after: report, source: source)
            #expect(refresh.problems == [], "\(refresh.problems)")
            // What the keeper wrote is what a build from scratch computes now.
            for expected in try await project.files(call: call) {
                let written = try String(contentsOfFile: expected.path, encoding: .utf8)
                #expect(written == expected.content, "\(expected.path) after editing \(file)")
            }
            #expect(keeper.states.allSatisfy { $0 == .current })
            #expect(try await project.files(source: source.fresh()) == project.files(call: call))
        }
    }
}
