import Foundation
import SnapStyleBuild
import SnapStyleJSON
import Testing
import SnapStyleExport

/// `snapstyle.build.json`: every option read, every mistake one message at its place with a did-you-mean.
@Suite struct BuildConfigurationTests {
    @Test func everyOptionIsRead() throws {
        let text = """
            {"themes": ["tokens"], "outputs": [
              {"format": "css", "file": "out/tokens.css", "theme": "ds", "prefix": "ds", "naming": "snake",
               "units": "rem", "remBase": 10, "references": "var", "include": ["color.**"], "exclude": "color.fixed*",
               "sets": ["core"], "layer": "tokens", "header": "Do not edit",
               "contexts": [{"context": {}, "selector": ":root"},
                            {"context": {"colorScheme": "dark"}, "media": "(prefers-color-scheme: dark)",
                             "supports": "(color: red)", "selector": ":root"}]}
            ]}
            """
        let configuration = try BuildConfiguration.parse(text, file: "b.json")
        let output = try #require(configuration.outputs.first)
        #expect(configuration.themes == ["tokens"])
        #expect(output.format == .css && output.file == "out/tokens.css" && output.theme == "ds")
        #expect(output.prefix == "ds" && output.naming == .snake && output.units == .rem && output.remBase == 10)
        #expect(output.references == .var && output.include == ["color.**"] && output.exclude == ["color.fixed*"])
        #expect(output.sets == ["core"] && output.layer == "tokens" && output.header == "Do not edit")
        #expect(output.contexts.map(\.name) == ["default", "dark"])
        #expect(
            output.contexts[1].media == "(prefers-color-scheme: dark)" && output.contexts[1].supports == "(color: red)")
    }

    @Test(arguments: [
        (
            #"{"outputs": [{"format": "csss", "file": "a", "theme": "ds"}]}"#,
            "b.json:1:15: unknown format 'csss'; did you mean 'css'?"
        ),
        (
            "{\"outputs\": [\n  {\"format\": \"css\", \"file\": \"a\", \"theme\": \"ds\", \"prefx\": \"x\"}]}",
            "b.json:2:49: unknown option 'prefx'; did you mean 'prefix'?"
        ),
        (
            #"{"outputs": [{"format": "json", "file": "a", "theme": "ds", "layer": "x"}]}"#,
            "b.json:1:61: a json output has no option 'layer'"
        ),
        (
            #"{"outputs": [{"format": "css", "file": "a", "theme": "ds", "naming": "kebap"}]}"#,
            "b.json:1:60: unknown naming 'kebap'; did you mean 'kebab'?"
        ),
        (
            #"{"outputs": [{"format": "css", "file": "a", "theme": "ds", "contexts": [{"selektor": "x"}]}]}"#,
            "b.json:1:74: unknown contexts member 'selektor'; did you mean 'selector'?"
        ),
        (
            #"{"outputs": [{"format": "tailwind", "file": "a", "theme": "ds", "contexts": [{"context": {}, "selector": ":root"}]}]}"#,
            "b.json:1:94: the first context of a tailwind output is its @theme block"
        ),
        (
            #"{"outputs": [{"format": "tailwind", "file": "a", "theme": "ds", "prefix": "x"}]}"#,
            "b.json:1:65: a tailwind output has no option 'prefix'"
        ),
        (#"{"output": []}"#, "b.json:1:2: unknown member 'output'; did you mean 'outputs'?"),
        (#"{"outputs": [{"file": "a", "theme": "ds"}]}"#, "b.json:1:14: an output needs 'format'"),
        ("{\"outputs\": [", "b.json:1:13: ']' expected"),
    ])
    func mistakesAreOneMessageAtTheirPlace(text: String, message: String) {
        #expect(throws: BuildError.self) { try BuildConfiguration.parse(text, file: "b.json") }
        do {
            _ = try BuildConfiguration.parse(text, file: "b.json")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test(arguments: [
        ("color.**", "color.accent.base", true), ("color.*", "color.accent.base", false),
        ("color.*", "color.accent", true),
        ("**.base", "color.accent.base", true), ("**.base", "base", true), ("space.?m", "space.sm", true),
        ("font", "font.body", false),
    ])
    func globsMatchKeyPaths(pattern: String, path: String, matches: Bool) {
        #expect(KeyGlob.matches(pattern, path) == matches)
    }

    @Test(arguments: [
        ("color.systemBlue", BuildOutput.Naming.kebab, "ds-color-system-blue"),
        ("color.systemBlue", .camel, "dsColorSystemBlue"), ("gray.100", .snake, "ds_gray_100"),
        ("font-size.body", .pascal, "DsFontSizeBody"),
    ])
    func namesAreSpelledInTheirStyle(path: String, naming: BuildOutput.Naming, name: String) {
        #expect(BuildNaming.name(prefix: "ds", path: path, naming) == name)
    }

    @Test func aUnifiedDiffSaysWhatChanged() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        let diff = UnifiedDiff.text(old: old, new: new, oldName: "a/x", newName: "b/x")
        #expect(
            diff
                == "--- a/x\n+++ b/x\n@@ -2,7 +2,7 @@\n line 2\n line 3\n line 4\n-line 5\n+line five\n line 6\n line 7\n line 8\n"
        )
        #expect(
            UnifiedDiff.text(old: "", new: "a\n", oldName: "/dev/null", newName: "b/x").hasSuffix("@@ -0,0 +1 @@\n+a\n")
        )
    }
}
