import Foundation
import SnapStyleTestSupport
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleVocabulary
import Testing

/// The built `snapstyle` binary, run as a user would (offline: no daemon involved).
@Suite(.serialized) struct CLITests {
    static let binary = BuiltProducts.cli
    /// The repository's checkout.
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the CLI with no config file of the user's (`configHome` may hold one). With `closedOutput`, its
    /// stdout is a pipe nobody reads any more (`| head` after the first line).
    func run(
        _ arguments: [String], in directory: String? = nil, configHome: String? = nil, closedOutput: Bool = false
    ) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        // Never the user's real roots.
        let temporary = TemporaryDirectory(prefix: "snapstyle-cli-home")
        let home = temporary.path
        environment["XDG_CONFIG_HOME"] = configHome ?? home + "/config"
        environment["XDG_CONFIG_DIRS"] = home + "/etc"
        environment["XDG_DATA_DIRS"] = home + "/data"
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        var ends: [Int32] = [0, 0]
        if closedOutput {
            #expect(pipe(&ends) == 0)
            close(ends[0])
            process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        } else {
            process.standardOutput = out
        }
        process.standardError = err
        try process.run()
        if closedOutput {
            process.waitUntilExit()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return Run(status: process.terminationStatus, stdout: "", stderr: stderr)
        }
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    @Test func resolveJSONPrintsTheProtocolResult() throws {
        let r = try run([
            "resolve", "font", "title", "--offline", "--json", "--dynamic-type", "accessibility3",
            "--element", "title.secondary",
        ])
        #expect(r.status == 0)
        let result = try Jansson.parse(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        // title secondary is 18 pt semibold; body scales 17 → 40 at accessibility3.
        #expect(result["theme"] == "snap")
        #expect(result["generation"] == 1)
        #expect(result["value"]?["baseSize"]?.doubleValue == 18)
        #expect(abs((result["value"]?["size"]?.doubleValue ?? 0) - 18 * 40 / 17) < 0.001)
        #expect(result["value"]?["weight"] == "semibold")
    }

    @Test func stackShortcutsKeepTheirOrder() throws {
        let r = try run([
            "container", "--offline", "--json", "--component", "screen", "--container", "card",
            "--component", "contentCard:selected",
        ])
        #expect(r.status == 0)
        let result = try Jansson.parse(r.stdout)
        #expect(result["container"] == "contentCard")
        #expect(result["state"] == "selected")
        #expect(result["levelOverall"] == 2)
    }

    @Test func elementWithDefine() throws {
        let r = try run([
            "element", "icon", "--offline", "--json", "--component", "contentCard",
            "--define", "font:icon=screenTitle",
        ])
        #expect(r.status == 0)
        #expect(try Jansson.parse(r.stdout)["font"]?["key"] == "screenTitle")
    }

    @Test func errorAnswersExitOneAndReadAsTheCLIsOwn() throws {
        let r = try run(["resolve", "font", "titel", "--offline"])
        #expect(r.status == 1)
        #expect(r.stderr == "snapstyle: theme has no font key 'titel' (did you mean 'title', 'label'?)\n")
        let roots = TemporaryDirectory()
        roots.write("broken.json", ##"{"surface": {"a": "#12"}}"##)
        let broken = try run(["resolve", "surface", "a", "--theme", "broken", "--offline", "--themes", roots.path])
        #expect(broken.status == 1)
        #expect(
            broken.stderr
                == "snapstyle: theme 'broken' is unavailable: it has never loaded without errors. Its files now:\n"
                + "broken.json:1:19: surface 'a': '#12' is not a color (expected #RGB, #RRGGBB or #RRGGBBAA)\n")
        #expect(!broken.stderr.contains("-32004") && !broken.stderr.contains("{"))
    }

    /// Unknown attributes and categories are usage errors that list the allowed values (exit 2).
    @Test(arguments: [
        (["resolve", "surfaces", "x", "--offline"], "surface"),
        (["resolve", "font", "title", "--dynamic-type", "huge", "--offline"], "accessibility5"),
        (["keys", "fonts", "--offline"], "composition"),
    ])
    func unknownAttributesAndCategoriesAreUsageErrors(_ arguments: [String], _ listed: String) throws {
        let r = try run(arguments)
        #expect(r.status == 2)
        #expect(r.stderr.contains(listed))
    }

    /// Names that are not theme names are reported, not skipped in silence; so are roots with nothing in them and
    /// `--themes` that do not exist.
    @Test func checkReportsMisnamedThemesEmptyRootsAndMissingRoots() throws {
        let roots = TemporaryDirectory()
        roots.write("Bad Name.json", "{}")
        roots.write("Ocean/a.json", "{}")
        roots.write("good.json", "{}")
        let r = try run(["check", roots.path])
        #expect(r.status == 0)
        #expect(r.stderr.contains("Bad Name.json: not loaded: theme names are lowercase letters"), "\(r.stderr)")
        #expect(r.stderr.contains("Ocean: not loaded"))
        let empty = TemporaryDirectory()
        let e = try run(["check", empty.path])
        #expect(e.stderr.contains("found no themes in"), "\(e.stderr)")
        let missing = try run(["resolve", "font", "title", "--offline", "--themes", "/nonexistent-snapstyle-root"])
        #expect(missing.status == 0)
        #expect(missing.stderr.contains("warning: --themes /nonexistent-snapstyle-root does not exist"))
    }

    /// The preset's files, which keys and explain cite, can be read; completions are generated.
    @Test func showPrintsAPresetFileAndCompletionsGenerate() throws {
        let r = try run(["show", "snap/surface.json"])
        #expect(r.status == 0)
        let text = try String(
            contentsOfFile: Self.checkout + "/Sources/SnapStyleThemes/Preset/surface.json", encoding: .utf8)
        #expect(r.stdout.trimmingCharacters(in: .newlines) == text.trimmingCharacters(in: .newlines))
        let missing = try run(["show", "snap/nope.json"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("snap/surface.json"))
        for shell in ["bash", "zsh", "fish"] {
            let completion = try run(["--generate-completion-script", shell])
            #expect(completion.status == 0 && completion.stdout.contains("explain"))
        }
    }

    /// A theme's values as CSS custom properties, one block per context, and as JSON.
    @Test func exportWritesCSSAndJSON() throws {
        let css = try run([
            "export", "--offline", "--format", "css", "--context", "{}", "--context", #"{"colorScheme": "dark"}"#,
            "--selector", ":root", "--selector", ".dark",
        ])
        #expect(css.status == 0, "\(css.stderr)")
        let blocks = css.stdout.components(separatedBy: "}\n").filter { !$0.isEmpty }
        #expect(blocks.count == 2)
        #expect(blocks[0].hasPrefix(":root {\n") && blocks[1].hasPrefix(".dark {\n"))
        #expect(blocks[0].contains("  --surface-system-blue: #007aff;\n"))
        #expect(blocks[1].contains("  --surface-system-blue: #0a84ff;\n"))
        #expect(blocks[0].contains("  --number-spacing-groups: 16px;\n"))
        #expect(blocks[0].contains("  --surface-clear: #00000000;\n"))
        #expect(blocks[0].contains("  --font-navigation-title-large-font-size: 34px;\n"))
        #expect(blocks[0].contains("  --font-navigation-title-large: 700 34px system-ui, sans-serif;\n"))
        let json = try run(["export", "--offline", "--format", "json", "--context", #"{"dynamicType": "xxxLarge"}"#])
        #expect(json.status == 0)
        let values = try Jansson.parse(json.stdout)
        #expect(values["surface"]?["systemBlue"]?["hex"] == "#007AFFFF")
        #expect(values["number"]?["spacingGroups"]?["base"] == 16)
        let scaled = values["number"]?["spacingGroups"]?["value"]?.doubleValue ?? 0
        #expect(scaled > 16)
        let unknown = try run(["export", "--offline", "--format", "yaml"])
        #expect(unknown.status == 2 && unknown.stderr.contains("css"))
    }

    @Test func theCLIHasAVersion() throws {
        let r = try run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout == "0.1.0\n")
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try run(["resolve", "font"]).status == 2)
        let badVar = try run(["resolve", "font", "title", "--offline", "--var", "novalue"])
        #expect(badVar.status == 2)
        #expect(badVar.stderr.contains("Usage: snapstyle resolve"), "the subcommand's usage: \(badVar.stderr)")
        let badDefine = try run(["element", "icon", "--offline", "--define", "fonticon"])
        #expect(badDefine.status == 2)
        #expect(badDefine.stderr.contains("Usage: snapstyle element"))
    }

    @Test func noDaemonExitsThreeWithAHint() throws {
        let r = try run(["status", "--socket", TemporaryDirectory().full("no-such-daemon.sock")])
        #expect(r.status == 3)
        #expect(r.stderr.contains("make run"))
    }

    /// A 100 GB sparse token file is refused by its size before anything reads it, in the directory `check` is
    /// given and in a theme: an error naming the limit, never an abort.
    @Test func checkRefusesAHugeSparseFileBeforeReadingIt() throws {
        let roots = TemporaryDirectory()
        roots.write("themes/huge/tokens.json", "{}")
        roots.write("themes/huge/other.json", #"{"gap": {"$type": "number", "$value": 4}}"#)
        roots.write("alone/big.json", "{}")
        for path in ["themes/huge/tokens.json", "alone/big.json"] {
            let handle = try #require(FileHandle(forWritingAtPath: roots.full(path)))
            try handle.truncate(atOffset: 100 << 30)
            try handle.close()
        }
        for target in ["themes", "themes/huge", "alone"] {
            let r = try run(["check", target], in: roots.path)
            #expect(r.status == 1, "\(target): \(r.stderr)")
            #expect(r.stdout.contains("over the limit of \(Limits.fileBytes) (maxFileBytes)"), "\(target): \(r.stdout)")
        }
    }

    @Test func checkPrintsCompilerStyleErrorsRelativeToTheCurrentDirectory() throws {
        let roots = TemporaryDirectory()
        roots.write("themes/ocean/colors.json", "{\n  \"surface\": {\n    \"a\": {\"ref\": \"missing\"}\n  }\n}\n")
        roots.write("themes/dusk.json", "{\"font\": {\"x\": {\"size\": 12, \"weight\": \"fat\"}}}")
        let r = try run(["check", "themes"], in: roots.path)
        #expect(r.status == 1)
        var lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.last == "checked 2 theme(s): 2 error(s)")
        lines = lines.dropLast().sorted()
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("themes/dusk.json:1:39: "))
        #expect(lines[1].hasPrefix("themes/ocean/colors.json:3:5: surface 'a' refers to unknown surface key 'missing'"))
    }

    @Test func checkPrintsTokenWarningsAndTokenFilesTheResolverLeavesOut() throws {
        let roots = TemporaryDirectory()
        DTCGFixture.write(roots)
        let r = try run(["check", roots.path, "--warnings", "all"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasSuffix("brand/base.tokens.json:6:5: warning: color.red: color written as a hex string")
            },
            "\(r.stdout)")
        #expect(
            lines.contains {
                $0.hasSuffix(
                    "brand/unused.tokens.json:1:1: warning: not read: brand.resolver.json does not reference it")
            })
        // Besides the warnings, a note of what the check found in the imported theme.
        let notes = lines.filter { $0.contains(": note: ") }
        #expect(notes.count == 1 && notes[0].contains("brand: note: design tokens"), "\(notes)")
        #expect(notes.first?.contains("modifiers: theme: light, dark, dark-hc follows") == true, "\(notes)")
        #expect(
            lines.last == "checked 1 theme(s): no errors, \(lines.count - notes.count - 1) warning(s)", "\(r.stdout)")
    }

    /// An imported theme's warnings are summarised by default, one line per kind with its count and first place;
    /// `--warnings all` lists each, `none` none; the summary line still counts them all.
    @Test func checkSummarisesAnImportedThemesWarningsByKind() throws {
        let roots = TemporaryDirectory()
        roots.write(
            "kit/tokens.json",
            #"{"a": {"$type": "string", "$value": "1px"}, "b": {"$type": "string", "$value": "2px"}, "#
                + #""c": {"$type": "string", "$value": "3px"}, "d": {"$type": "number", "$value": 1}}"#)
        let summary = try run(["check", roots.full("kit")])
        #expect(summary.status == 0, "\(summary.stdout)")
        let lines = summary.stdout.split(separator: "\n").map(String.init)
        let kind = try #require(lines.first { $0.contains("warning: 3 × ") }, "\(summary.stdout)")
        #expect(kind.contains("is not a DTCG type: imported as a token"), "\(kind)")
        #expect(kind.contains("(the first at ") && kind.hasSuffix("--warnings all lists them)"), "\(kind)")
        #expect(!summary.stdout.contains("'string'"), "\(summary.stdout)")
        #expect(lines.last == "checked 1 theme(s): no errors, 3 warning(s)")
        let all = try run(["check", roots.full("kit"), "--warnings", "all"])
        #expect(all.stdout.components(separatedBy: "'string' is not a DTCG type").count == 4, "\(all.stdout)")
        let none = try run(["check", roots.full("kit"), "--warnings", "none"])
        #expect(!none.stdout.contains("warning:") && none.stdout.hasSuffix("no errors, 3 warning(s)\n"))
    }

    /// `check` on a resolver file, on a file among a theme's token files, and on their directory checks that theme.
    @Test func checkOnAResolverATokenFileOrTheirDirectoryChecksTheirTheme() throws {
        let roots = TemporaryDirectory()
        DTCGFixture.write(roots)
        roots.write("kfw/tokens.json", TokenFilesTests.base)
        roots.write("kfw/tokens.dark.json", TokenFilesTests.dark)
        for (path, theme) in [
            ("brand.resolver.json", "brand"), ("kfw", "kfw"), ("kfw/tokens.json", "kfw"),
            ("kfw/tokens.dark.json", "kfw"),
        ] {
            let r = try run(["check", roots.full(path)])
            #expect(r.stdout.contains("checked 1 theme(s)"), "\(path): \(r.stdout)")
            #expect(r.stdout.contains("/\(theme): note: design tokens"), "\(path): \(r.stdout)")
            #expect(!r.stdout.contains("does not exist"), "\(path)")
        }
        let kfw = try run(["check", roots.full("kfw")])
        #expect(kfw.status == 0 && kfw.stdout.contains(#"colorScheme: light, dark follows {"light":"#))
    }

    /// `export --format dtcg` writes a file that is a theme of its own: checked clean, resolving as the source.
    @Test func exportDTCGWritesATokenFileThatLoadsAsATheme() throws {
        let roots = TemporaryDirectory()
        DTCGFixture.write(roots)
        let out = TemporaryDirectory()
        let context = #"{"vars": {"theme": "dark"}}"#
        let r = try run([
            "export", "--offline", "--themes", roots.path, "--theme", "brand", "--format", "dtcg", "--context", context,
            "--output", out.full("copy.tokens.json"),
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let checked = try run(["check", out.full("copy.tokens.json")])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        let original = try run([
            "resolve", "surface", "surface.fg", "--offline", "--themes", roots.path, "--theme", "brand",
            "--context", context, "--json",
        ])
        let copy = try run([
            "resolve", "surface", "surface.fg", "--offline", "--themes", out.path, "--theme", "copy",
            "--json",
        ])
        #expect(original.status == 0 && copy.status == 0)
        let value = try #require(json(original.stdout)["value"])
        #expect(value["kind"] == "color")
        #expect(json(copy.stdout)["value"] == value, "\(original.stdout) \(copy.stdout)")
        let twoContexts = try run(["export", "--offline", "--format", "dtcg", "--context", "{}", "--context", "{}"])
        #expect(twoContexts.status != 0)
        #expect(twoContexts.stderr.contains("--format dtcg writes one context"))
    }

    @Test func checkPassesTheExampleTheme() throws {
        let root = Self.checkout
        let r = try run(["check", "\(root)/etc/snapstyle/themes"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout == "checked 2 theme(s): no errors\n")
    }

    /// The README's design token example works from the repository alone: `etc/examples/harbor`, a resolver with
    /// light and dark contexts that follow the color scheme without a manifest.
    @Test func theReadmesDesignTokenExampleWorksFromTheRepository() throws {
        let examples = Self.checkout + "/etc/examples"
        let check = try run(["check", examples])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("harbor: note: design tokens, 18 token(s)"), "\(check.stdout)")
        let light = try run([
            "resolve", "surface", "surface.background", "--offline", "--themes", examples, "--theme", "harbor",
        ])
        let dark = try run(
            [
                "resolve", "surface", "surface.background", "--offline", "--themes", examples, "--theme", "harbor",
                "--dark",
            ])
        #expect(
            light.stdout.contains("#F7F0E0FF") && dark.stdout.contains("#0F294DFF"), "\(light.stdout)\(dark.stdout)")
        let css = try run(["export", "--offline", "--themes", examples, "--theme", "harbor", "--format", "css"])
        #expect(css.stdout.contains(#"  --font-body: 400 16px/1.5 "Source Sans 3", "Helvetica Neue", sans-serif;"#))
        #expect(css.stdout.contains("  --opacity-muted: 0.6;\n") && css.stdout.contains("  --space-medium: 1rem;\n"))
        #expect(!css.stdout.contains("--surface-accent-background"), "only the theme's own keys")
        // `themes` says each theme's kind and modifiers, as the README shows.
        let themes = try run(["themes", "--offline", "--themes", examples])
        let lines = themes.stdout.split(separator: "\n").map(String.init)
        let harbor = try #require(lines.firstIndex { $0.hasPrefix("  harbor [loaded gen 1] config ") }, "\(lines)")
        #expect(lines[harbor + 1] == "    dtcg, 18 tokens; modifiers: theme (light, dark) follows colorScheme")
        #expect(lines.contains("* snap [loaded gen 1] builtin (builtin)"))
    }

    /// The README's Tokens Studio example works from the repository alone: `etc/examples/lantern`, a project with
    /// `$themes.json`, `$metadata.json`, sets in files and a directory, math, color modifiers and a composition.
    @Test func theReadmesTokensStudioExampleWorksFromTheRepository() throws {
        let examples = Self.checkout + "/etc/examples"
        let check = try run(["check", examples])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let note = "lantern: note: design tokens (a Tokens Studio project, checked as one theme), 22 token(s)"
        #expect(check.stdout.contains(note), "\(check.stdout)")
        #expect(!check.stdout.contains("warning"), "\(check.stdout)")
        // The project's own folder (its sets in sub-folders) is one theme, not one per sub-folder.
        let project = try run(["check", examples + "/lantern"])
        #expect(project.status == 0 && project.stdout.contains(note), "\(project.stdout)")
        #expect(project.stdout.hasSuffix("checked 1 theme(s): no errors\n"), "\(project.stdout)")
        let hover = { (dark: Bool) in
            try self.run(
                ["resolve", "surface", "surface.accentHover", "--offline", "--themes", examples, "--theme", "lantern"]
                    + (dark ? ["--dark"] : []))
        }
        // Light: #F2A516 darkened by 0.15 in HSL, hsl(39 89.431% 51.765%) to lightness 44%: #D58E0C.
        let light = try hover(false)
        #expect(light.stdout.contains("#D58E0CFF"), "\(light.stdout)\(light.stderr)")
        let dark = try hover(true)
        #expect(dark.status == 0 && !dark.stdout.contains("#D58E0CFF"), "\(dark.stdout)")
        let css = try run(
            [
                "export", "--offline", "--themes", examples, "--theme", "lantern", "--format", "css", "--context", "{}",
                "--context", #"{"colorScheme": "dark"}"#, "--selector", ":root", "--selector", ".dark",
            ])
        #expect(css.status == 0, "\(css.stderr)")
        for line in [
            // {space.md} * 1.5 = 4 * 4 * 1.5; roundTo(16 * 1.333, 0); {opacity.muted} / 4 = 0.15 alpha (0x26).
            "--space-lg: 24px;", "--font-size-title: 21px;", "--surface-border: #1c1a1726;",
            "--surface-accent-hover: #d58e0c;", "--font-quote: italic 500 21px/1.25 Inter;",
            "--card-border-radius: 12px;", "--surface-background: #14161f;",
        ] {
            #expect(css.stdout.contains("  " + line + "\n"), "missing \(line)\n\(css.stdout)")
        }
        #expect(css.stdout.contains(".dark {"))
        // The palette is a source set: referred to, not exported.
        #expect(!css.stdout.contains("--color-amber"), "\(css.stdout)")
    }

    /// Every theme file the README shows (a ```json block that opens with a theme section) checks clean.
    @Test func theReadmesExampleThemesCheckClean() throws {
        let document = "README.md"
        let root = Self.checkout
        let text = try String(contentsOfFile: root + "/" + document, encoding: .utf8)
        let blocks = text.components(separatedBy: "```json\n").dropFirst().compactMap {
            $0.components(separatedBy: "\n```").first
        }
        let sections = ["\"theme\"", "\"surface\"", "\"font\"", "\"number\"", "\"component\"", "\"container\""]
        let themes = blocks.filter { block in
            sections.contains { block.hasPrefix("{\n  \($0):") || block.hasPrefix("{ \($0):") }
        }
        #expect(!themes.isEmpty, "no example theme found in \(document)")
        for (index, theme) in themes.enumerated() {
            let roots = TemporaryDirectory()
            roots.write("example\(index).json", theme)
            let r = try run(["check", roots.full("example\(index).json")])
            #expect(r.status == 0, "\(document), example \(index + 1): \(r.stdout)\(r.stderr)")
        }
    }

    /// Outside the known roots, a directory of single-file themes (more than one manifest) is checked as a root.
    @Test func checkADirectoryOfSingleFileThemesAsARoot() throws {
        let roots = TemporaryDirectory()
        roots.write("brands/a.json", "{\"theme\": {\"extends\": \"b\"}}")
        roots.write("brands/b.json", "{\"theme\": {\"extends\": \"a\"}}")
        roots.write("brands/c.json", "{\"theme\": {\"description\": \"fine\"}, \"number\": {\"gap\": 4}}")
        let r = try run(["check", "brands"], in: roots.path)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("checked ") }
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("extends cycle") }, "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("brands/a.json:1:") })
        roots.write("brands/a.json", "{\"theme\": {\"extends\": \"c\"}}")
        let fixed = try run(["check", "brands"], in: roots.path)
        #expect(fixed.status == 0, "\(fixed.stdout)")
        #expect(fixed.stdout.contains("checked 3 theme(s)"))
    }

    @Test func checkAFileOutsideAnyRoot() throws {
        let roots = TemporaryDirectory()
        roots.write("brand.json", "{\"number\": {\"x\": {\"calc\": \"1 + \"}}}")
        let r = try run(["check", roots.full("brand.json")])
        #expect(r.status == 1)
        #expect(r.stdout.contains("brand.json:1:"))
        #expect(r.stdout.contains("calc"))
    }

    @Test func aReaderThatGoesAwayEndsTheCommandQuietly() throws {
        let r = try run(["keys", "--offline"], closedOutput: true)
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    /// `--offline` and `check` use the roots and the default theme of the daemon's config file.
    @Test func offlineAndCheckReadTheDaemonsConfigFile() throws {
        let roots = TemporaryDirectory()
        roots.write("brand/ocean.json", "{\"number\": {\"gap\": 42}}")
        roots.write(
            "config/snapstyle/snapstyled.json",
            "{\"themes\": [\"\(roots.full("brand"))\"], \"defaultTheme\": \"ocean\"}")
        roots.write("mine.json", "{\"theme\": {\"extends\": \"ocean\"}, \"number\": {\"wide\": {\"ref\": \"gap\"}}}")
        let configHome = roots.full("config")
        let resolved = try run(["resolve", "number", "gap", "--offline", "--json"], configHome: configHome)
        #expect(resolved.status == 0, "\(resolved.stderr)")
        #expect(try Jansson.parse(resolved.stdout)["theme"] == "ocean")
        #expect(try Jansson.parse(resolved.stdout)["value"]?["value"]?.doubleValue == 42)
        let checked = try run(["check", roots.full("mine.json")], configHome: configHome)
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")

        roots.write("config/snapstyle/snapstyled.json", "{\"themes\": 3}")
        let broken = try run(["resolve", "number", "gap", "--offline"], configHome: configHome)
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("member 'themes'"))
    }

    /// `status` and `watch` ask the daemon: they neither take nor offer --offline and --themes.
    @Test(arguments: [["status", "--offline"], ["watch", "--themes", "/tmp"]])
    func commandsOnlyTheDaemonAnswersHaveNoOffline(_ arguments: [String]) throws {
        let r = try run(arguments)
        #expect(r.status == 2)
        #expect(r.stderr.contains("Unknown option"))
        let help = try run([arguments[0], "--help"])
        #expect(!help.stdout.contains("--offline") && !help.stdout.contains("--themes"))
    }
}
