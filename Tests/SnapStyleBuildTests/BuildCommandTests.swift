import Foundation
import SnapStyleTestSupport
import Testing

/// `snapstyle build` as a team runs it: the real binary, then the real consumer of each format.
@Suite(.serialized) struct BuildCommandTests {
    static let config = #"""
        {"themes": ["themes"], "outputs": [
          {"format": "css", "file": "out/tokens.css", "theme": "ds", "prefix": "ds", "references": "var",
           "contexts": [{"context": {}}, {"context": {"colorScheme": "dark"}, "selector": "[data-theme=dark]"}]},
          {"format": "scss", "file": "out/_tokens.scss", "theme": "ds",
           "contexts": [{"context": {}, "name": "light"}, {"context": {"colorScheme": "dark"}}]},
          {"format": "ts", "file": "out/tokens.ts", "theme": "ds",
           "contexts": [{"context": {}, "name": "light"}, {"context": {"colorScheme": "dark"}}]},
          {"format": "js", "file": "out/tokens.js", "theme": "ds",
           "contexts": [{"context": {}, "name": "light"}, {"context": {"colorScheme": "dark"}}]},
          {"format": "json", "file": "out/tokens.json", "theme": "ds"},
          {"format": "dtcg", "file": "out/ds.tokens.json", "theme": "ds"}
        ]}
        """#

    static func build(_ fixture: BuildFixture, _ arguments: [String] = []) throws -> CLIRun {
        try CLIRun(["build", "--config", fixture.configPath] + arguments)
    }

    @Test func buildWritesEveryOutputOnceAndCheckComparesThem() throws {
        let fixture = BuildFixture(config: Self.config)
        let first = try Self.build(fixture)
        #expect(first.status == 0, "\(first.stderr)")
        for file in [
            "tokens.css", "_tokens.scss", "tokens.ts", "tokens.js", "tokens.d.ts", "tokens.json", "ds.tokens.json",
        ] {
            #expect(FileManager.default.fileExists(atPath: fixture.directory.full("out/" + file)), "\(file)")
        }
        let css = fixture.directory.full("out/tokens.css")
        let before = try FileManager.default.attributesOfItem(atPath: css)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        let second = try Self.build(fixture)
        #expect(second.status == 0 && second.stdout == "7 outputs up to date\n", "\(second.stdout)")
        #expect(try FileManager.default.attributesOfItem(atPath: css)[.modificationDate] as? Date == before)
        #expect(try Self.build(fixture, ["--check"]).status == 0)

        // A token changes: --check fails with a diff and writes nothing; build then writes only what changed.
        fixture.directory.write(
            "themes/ds/tokens.json", BuildFixture.tokens.replacingOccurrences(of: "#0066CC", with: "#0055AA"))
        let check = try Self.build(fixture, ["--check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("--- a/out/tokens.css\n+++ b/out/tokens.css\n"), "\(check.stdout)")
        #expect(check.stdout.contains("\n-  --ds-color-accent: #0066cc;\n+  --ds-color-accent: #0055aa;\n"))
        #expect(check.stderr.contains("outputs differ"))
        #expect(try String(contentsOfFile: css, encoding: .utf8).contains("#0066cc"))
        let third = try Self.build(fixture)
        #expect(third.status == 0 && third.stdout.contains("wrote \(css)\n"), "\(third.stdout)")
        #expect(try Self.build(fixture, ["--check"]).status == 0)
    }

    @Test func aConfigErrorWritesNothing() throws {
        let fixture = BuildFixture(
            config: """
                {"themes": ["themes"], "outputs": [
                  {"format": "css", "file": "a.css", "theme": "ds"},
                  {"format": "css", "file": "b.css", "theme": "dss"}
                ]}
                """)
        let run = try Self.build(fixture)
        #expect(run.status == 1)
        #expect(
            run.stderr == "snapstyle: \(fixture.configPath):3:47: unknown theme 'dss'; did you mean 'ds'?\n",
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.directory.full("a.css")))
        let context = BuildFixture(
            config: BuildFixture.config(
                #"{"format": "css", "file": "a.css", "theme": "ds", "contexts": [{"context": {"colorSchem": "dark"}}]}"#
            ))
        let bad = try Self.build(context)
        #expect(bad.status == 1 && bad.stderr.contains("did you mean 'colorScheme'?"), "\(bad.stderr)")
    }

    @Test func sasscCompilesTheSCSS() throws {
        let fixture = BuildFixture(config: Self.config)
        #expect(try Self.build(fixture).status == 0)
        fixture.directory.write(
            "out/use.scss",
            """
            @import "tokens.scss";
            .a { color: $color-accent; font: $font-body; box-shadow: $shadow-card; }
            .b { color: map-get($tokens-dark, "color-accent"); letter-spacing: $font-body-letter-spacing; }
            """)
        let run = try Program.run("/usr/bin/sassc", [fixture.directory.full("out/use.scss")])
        #expect(run.status == 0, "\(run.output)")
        for declaration in [
            "color: #0066cc;", "font: 400 16px/1.5 Inter, sans-serif;", "box-shadow: 0px 2px 8px 0px #00000033;",
            "color: #66aaff;", "letter-spacing: -0.01em;",
        ] {
            #expect(run.output.contains(declaration), "\(declaration)\n\(run.output)")
        }
    }

    @Test func tscStrictCompilesTheScriptsAndNodeImportsThem() throws {
        let fixture = BuildFixture(config: Self.config)
        #expect(try Self.build(fixture).status == 0)
        fixture.directory.write("out/package.json", #"{"type": "module"}"#)
        fixture.directory.write(
            "out/use.ts",
            """
            import { tokens, type TokenName, type ContextName } from "./tokens.js";
            const name: TokenName = "color.accent";
            const context: ContextName = "dark";
            const accent: "#66aaff" = tokens[context].color.accent;
            const light: "#0066cc" = tokens.light.color.accent;
            console.log(name, accent, light, tokens.light.opacity.disabled + 1);
            """)
        let tsc = try Program.run(
            "/usr/bin/tsc",
            [
                "--strict", "--noEmit", "--module", "nodenext", "--target", "es2022",
                fixture.directory.full("out/use.ts"),
            ])
        #expect(tsc.status == 0, "\(tsc.output)")
        // The TypeScript file on its own, and a wrong name is refused.
        let own = try Program.run(
            "/usr/bin/tsc",
            ["--strict", "--outDir", fixture.directory.full("ts"), fixture.directory.full("out/tokens.ts")])
        #expect(own.status == 0, "\(own.output)")
        fixture.directory.write(
            "out/bad.ts",
            #"import type { TokenName } from "./tokens.js"; const n: TokenName = "color.nope"; export { n };"#)
        let bad = try Program.run(
            "/usr/bin/tsc", ["--strict", "--noEmit", "--module", "nodenext", fixture.directory.full("out/bad.ts")])
        #expect(bad.status != 0 && bad.output.contains("color.nope"))
        fixture.directory.write(
            "out/run.mjs",
            #"import { tokens } from "./tokens.js"; console.log(JSON.stringify([tokens.dark.color.accent, tokens.light.space.md]));"#
        )
        let node = try Program.run("/usr/bin/node", [fixture.directory.full("out/run.mjs")])
        #expect(node.status == 0 && node.output == "[\"#66aaff\",\"1.5rem\"]\n", "\(node.output)")
    }
}

/// The Swift output compiles with the project's toolchain on Linux and holds the values of each context.
@Suite struct BuildSwiftTests {
    @Test func swiftcCompilesTheSwiftFileAndItsValuesAreThePlainOnes() throws {
        let fixture = BuildFixture(
            config: BuildFixture.config(
                #"{"format": "swift", "file": "Tokens.swift", "theme": "ds", "contexts": [{"context": {}, "name": "light"}, {"context": {"colorScheme": "dark"}}]}"#
            ))
        let run = try CLIRun(["build", "--config", fixture.configPath])
        #expect(run.status == 0, "\(run.stderr)")
        fixture.directory.write(
            "main.swift",
            """
            let accent = Tokens.Dark.colorAccent
            print(Tokens.Light.colorAccent.blue, accent.red, Tokens.Light.spaceMd, Tokens.Light.opacityDisabled)
            print(Tokens.Light.fontBodyFontFamily, Tokens.Light.fontBodyFontWeight, Tokens.Light.shadowCard)
            """)
        let binary = fixture.directory.full("tokens")
        let swiftc = try Program.run(
            "/usr/bin/env",
            ["swiftc", "-o", binary, fixture.directory.full("Tokens.swift"), fixture.directory.full("main.swift")])
        #expect(swiftc.status == 0, "\(swiftc.output)")
        let output = try Program.run(binary, [])
        #expect(
            output.output == "0.8 0.4 24.0 0.5\nInter, sans-serif 400.0 0px 2px 8px 0px #00000033\n", "\(output.output)"
        )
    }
}

/// The Android resources are accepted by Debian's `aapt` and hold the light and night values.
@Suite struct BuildAndroidTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/aapt"), "needs aapt (make test-deps)"))
    func aaptPackagesTheResourcesWithANightVariant() throws {
        let fixture = BuildFixture(
            config: BuildFixture.config(
                #"{"format": "android", "file": "res", "theme": "ds", "prefix": "ds", "contexts": [{"context": {}}, {"context": {"colorScheme": "dark"}}]}"#
            ))
        let run = try CLIRun(["build", "--config", fixture.configPath])
        #expect(run.status == 0, "\(run.stderr)")
        let dimens = try String(contentsOfFile: fixture.directory.full("res/values/dimens.xml"), encoding: .utf8)
        #expect(dimens.contains(#"<dimen name="ds_space_md">24dp</dimen>"#))
        #expect(dimens.contains(#"<dimen name="ds_font_body_font_size">16sp</dimen>"#))
        fixture.directory.write(
            "AndroidManifest.xml",
            #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.tokens"/>"#)
        let apk = fixture.directory.full("tokens.apk")
        let package = try Program.run(
            "/usr/bin/aapt",
            [
                "package", "-f", "-M", fixture.directory.full("AndroidManifest.xml"), "-S",
                fixture.directory.full("res"), "-F", apk,
            ])
        #expect(package.status == 0, "\(package.output)")
        let dump = try Program.run("/usr/bin/aapt", ["dump", "resources", apk]).output
        for line in [
            "color/ds_color_accent: t=0x1c d=0xff0066cc", "config night-v8:",
            "color/ds_color_accent: t=0x1c d=0xff66aaff",
            "string/ds_shadow_card:", "dimen/ds_opacity_disabled:",
        ] {
            #expect(dump.contains(line), "missing \(line)\n\(dump)")
        }
    }
}
