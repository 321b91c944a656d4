import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// `snapstyle diff` as a user runs it: a seeded regression between two copies of the example theme `ocean`, the JSON
/// shape, `--exit-code`, a theme that fails to load on one side, and revisions of a temporary git repository.
@Suite(.serialized) struct DiffCLITests {
    static let ocean = Checkout.root + "/etc/snapstyle/themes/ocean"
    static let brandBlue = ##""oceanBlue": "#0A6CFF""##
    static let lighterBlue = ##""oceanBlue": "#3D8BFF""##

    /// Two roots, `base` and `head`, each holding a copy of `ocean`; `head`'s brand blue is made lighter.
    static func seeded() throws -> TemporaryDirectory {
        let directory = TemporaryDirectory(prefix: "snapstyle-diff")
        for side in ["base", "head"] {
            try FileManager.default.createDirectory(atPath: directory.full(side), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: ocean, toPath: directory.full("\(side)/ocean"))
        }
        try replace(in: directory.full("head/ocean/colors.json"), brandBlue, with: lighterBlue)
        return directory
    }

    static func replace(in file: String, _ old: String, with new: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(toFile: file, atomically: true, encoding: .utf8)
    }

    static func json(_ arguments: [String]) throws -> (CLIRun, JSONValue) {
        let run = try CLIRun(["diff", "--format", "json"] + arguments)
        return (run, try Jansson.parse(run.stdout))
    }

    static func theme(_ report: JSONValue, _ name: String) throws -> JSONValue {
        try #require(report["themes"]?.arrayValue?.first { $0["theme"] == .string(name) })
    }

    static func value(_ theme: JSONValue, _ attribute: String, _ key: String) -> JSONValue? {
        theme["values"]?.arrayValue?.first { $0["attribute"] == .string(attribute) && $0["key"] == .string(key) }
    }

    @Test func aLighterBrandColorIsReportedWithKeysContextsBlastRadiusAndContrast() throws {
        let directory = try Self.seeded()
        let (run, report) = try Self.json([directory.full("base"), directory.full("head")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(report["changed"] == true)
        let ocean = try Self.theme(report, "ocean")
        #expect(ocean["status"] == "compared")
        // The definition that changed, and where it is written now.
        let keys = try #require(ocean["keys"]?.arrayValue)
        #expect(keys.count == 1)
        #expect(keys.first?["change"] == "redefined")
        #expect(keys.first?["key"] == "oceanBlue")
        #expect(keys.first?["old"]?.stringValue?.contains("0A6CFF") == true)
        #expect(keys.first?["new"]?.stringValue?.contains("3D8BFF") == true)
        #expect(keys.first?["location"]?.stringValue?.hasSuffix("head/ocean/colors.json:3") == true)

        // Its value, in the four color contexts (one group: the color reads no context), old and new.
        let blue = try #require(Self.value(ocean, "surface", "oceanBlue"))
        #expect(blue["cause"]?["definition"] == true)
        let groups = try #require(blue["changes"]?.arrayValue)
        #expect(groups.count == 1)
        #expect(groups.first?["contexts"]?.arrayValue?.count == 4)
        #expect(groups.first?["old"]?["hex"] == "#0A6CFFFF")
        #expect(groups.first?["new"]?["hex"] == "#3D8BFFFF")
        #expect(blue["css"]?.arrayValue?.first?["name"] == "--surface-ocean-blue")

        // A key that reads it: changed because of it, with its own (mixed) values.
        let deep = try #require(Self.value(ocean, "surface", "oceanDeep"))
        #expect(deep["cause"]?["definition"] == false)
        #expect(deep["cause"]?["upstream"]?.arrayValue == [["attribute": "surface", "key": "oceanBlue"]])
        #expect(Self.value(ocean, "accent", "ocean") != nil)
        #expect(Self.value(ocean, "surface", "oceanFoam") == nil, "oceanFoam reads nothing that changed")

        // The blast radius: components that draw on the accent, and the export's variables.
        let components = try #require(ocean["blastRadius"]?["components"]?.arrayValue)
        #expect(!components.isEmpty)
        #expect(components.allSatisfy { !($0["states"]?.arrayValue ?? []).isEmpty })
        let variables = ocean["blastRadius"]?["cssVariables"]?.arrayValue ?? []
        #expect(variables.contains("--surface-ocean-blue"))
        #expect(variables.contains("--surface-ocean-deep"))

        // White on the lighter blue falls below 4.5:1 (it was 4.56:1).
        let contrast = try #require(ocean["contrast"]?.arrayValue)
        let accent = try #require(contrast.first { $0["pair"] == "accent ocean" })
        #expect(accent["oldRatio"]!.doubleValue! >= 4.5)
        #expect(accent["newRatio"]!.doubleValue! < 4.5)
        #expect(accent["passedBefore"] == true)
        #expect(accent["passes"] == false)
        #expect(accent["contexts"]?.arrayValue?.contains { $0["colorScheme"] == "light" } == true)
        #expect(contrast.allSatisfy { $0["newRatio"]!.doubleValue! < $0["oldRatio"]!.doubleValue! })

        // The text report says the same to a person.
        let text = try CLIRun(["diff", directory.full("base"), directory.full("head")])
        #expect(text.status == 0)
        #expect(text.stdout.contains("redefined surface oceanBlue"))
        #expect(text.stdout.contains("#0A6CFFFF → #3D8BFFFF"))
        #expect(text.stdout.contains("because: surface 'oceanBlue' changed"))
        #expect(text.stdout.contains("accent ocean: accent ocean.onAccent over accent ocean.base"))
        #expect(!text.stdout.contains("\u{1B}["), "no escapes when standard output is no terminal")
    }

    @Test func exitCodeSaysWhetherAnythingChanged() throws {
        let directory = try Self.seeded()
        let changed = try CLIRun(["diff", "--exit-code", directory.full("base"), directory.full("head")])
        #expect(changed.status == 1, "\(changed.stderr)")
        let same = try CLIRun(["diff", "--exit-code", directory.full("base"), directory.full("base")])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("theme ocean: no change"))
        let (_, report) = try Self.json([directory.full("base"), directory.full("base")])
        #expect(report["changed"] == false)
        #expect(try Self.theme(report, "ocean")["values"]?.arrayValue?.isEmpty == true)
    }

    @Test func aThemeThatFailsToLoadOnOneSideExits2AndTheOthersAreStillCompared() throws {
        let directory = try Self.seeded()
        for side in ["base", "head"] {
            try FileManager.default.copyItem(atPath: Self.ocean, toPath: directory.full("\(side)/lagoon"))
        }
        try Self.replace(
            in: directory.full("head/lagoon/colors.json"), Self.brandBlue, with: ##""oceanBlue": "#0A6CFF"##)
        let (run, report) = try Self.json([directory.full("base"), directory.full("head")])
        #expect(run.status == 2)
        #expect(run.stderr.contains("theme 'lagoon' (head)"), "\(run.stderr)")
        let lagoon = try Self.theme(report, "lagoon")
        #expect(lagoon["status"] == "error")
        let error = try #require(lagoon["errors"]?.arrayValue?.first)
        #expect(error["side"] == "head")
        #expect(error["file"]?.stringValue?.hasSuffix("colors.json") == true)
        #expect(try Self.theme(report, "ocean")["values"]?.arrayValue?.isEmpty == false)
    }

    @Test func twoRevisionsOfAGitRepositoryAndTheWorkingTree() throws {
        let repository = TemporaryDirectory(prefix: "snapstyle-diff-git")
        try FileManager.default.createDirectory(atPath: repository.full("design"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.ocean, toPath: repository.full("design/ocean"))
        func git(_ arguments: [String]) throws {
            let run = try Program.run(
                "/usr/bin/git",
                ["-C", repository.path, "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments)
            #expect(run.status == 0, "git \(arguments): \(run.output)")
        }
        try git(["init", "-q"])
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", "ocean"])
        try Self.replace(in: repository.full("design/ocean/colors.json"), Self.brandBlue, with: Self.lighterBlue)
        try git(["commit", "-q", "-am", "lighter blue"])
        // A file renamed by git: the same definitions, no change.
        try git(["mv", "design/ocean/colors.json", "design/ocean/palette.json"])
        try git(["commit", "-q", "-m", "rename"])

        let themes = repository.full("design")
        let (run, report) = try Self.json(["--themes", themes, "--theme", "ocean", "HEAD~2", "HEAD~1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(report["base"] == "HEAD~2")
        let ocean = try Self.theme(report, "ocean")
        #expect(ocean["keys"]?.arrayValue?.map { $0["key"] } == ["oceanBlue"])
        #expect(Self.value(ocean, "surface", "oceanBlue")?["changes"]?.arrayValue?.first?["new"]?["hex"] == "#3D8BFFFF")
        #expect(ocean["contrast"]?.arrayValue?.contains { $0["pair"] == "accent ocean" } == true)

        let renamed = try CLIRun(["diff", "--exit-code", "--themes", themes, "HEAD~1", "HEAD"])
        #expect(renamed.status == 0, "a moved file is no change: \(renamed.stdout) \(renamed.stderr)")

        // HEAD against the working tree: clean, then an edit not yet committed.
        let clean = try CLIRun(["diff", "--exit-code", "--themes", themes, "HEAD"])
        #expect(clean.status == 0, "\(clean.stdout) \(clean.stderr)")
        try Self.replace(
            in: repository.full("design/ocean/palette.json"), ##""else": "#F2F8FF""##, with: ##""else": "#E0F0FF""##)
        let (edited, working) = try Self.json(["--themes", themes, "HEAD"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(working["head"] == "working tree")
        let foam = try #require(Self.value(try Self.theme(working, "ocean"), "surface", "oceanFoam"))
        let contexts = foam["changes"]?.arrayValue?.first?["contextNames"]?.arrayValue
        #expect(contexts == ["light", "light high contrast"], "dark mode has its own value")

        let bad = try CLIRun(["diff", "--themes", themes, "no-such-revision"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("no-such-revision"))
    }
}
