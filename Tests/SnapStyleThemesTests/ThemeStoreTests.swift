import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleSystem
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

/// Finding, loading, validating and reloading themes in roots (docs/theme-format.md).
@Suite struct ThemeStoreTests {
    /// The `#RRGGBBAA` a surface key resolves to in a theme as it is served now.
    static func hex(_ store: ThemeStore, _ theme: String, _ key: String) throws -> String? {
        let served = try #require(store.theme(named: theme), "\(theme) is not served")
        return try served.session().resolve(.surface, key)?.json["hex"]?.stringValue
    }

    static func info(_ store: ThemeStore, _ name: String) throws -> ThemeInfo {
        try #require(store.infos.first(where: { $0.name == name }), "no theme \(name)")
    }

    /// The messages of a theme's errors.
    static func messages(_ store: ThemeStore, _ name: String) throws -> [String] {
        try info(store, name).errors.map(\.message)
    }

    // MARK: Discovery

    @Test func directoryAndSingleFileThemes() throws {
        let roots = TemporaryDirectory()
        roots.write("ocean/theme.json", ##"{"theme": {"extends": "snap", "description": "Ocean"}}"##)
        roots.write("ocean/colors.json", ##"{"surface": {"probeBrand": "#0A6CFF"}}"##)
        roots.write("mono.json", ##"{"surface": {"probeBrand": "#333333"}}"##)
        let store = loadedStore([roots.root])
        let ocean = try Self.info(store, "ocean")
        #expect(ocean.state == .loaded)
        #expect(ocean.errors == [])
        #expect(ocean.generation == 1)
        #expect(ocean.files == ["ocean/colors.json", "ocean/theme.json"])
        #expect(ocean.root == roots.path)
        #expect(ocean.origin == .config)
        #expect(ocean.extends == "snap")
        let mono = try Self.info(store, "mono")
        #expect(mono.state == .loaded)
        #expect(mono.files == ["mono.json"])
        #expect(mono.extends == "snap")  // no manifest: layered on the preset
        #expect(try Self.hex(store, "ocean", "probeBrand") == "#0A6CFFFF")
        #expect(try Self.hex(store, "mono", "probeBrand") == "#333333FF")
        // Layered on the preset: its keys resolve too.
        #expect(try Self.hex(store, "mono", "snapWhite") == "#FFFFFFFF")
        #expect(store.infos.map(\.name) == ["mono", "ocean", "snap"])
    }

    @Test func filesAreReadInByteOrderOfTheirPaths() throws {
        let roots = TemporaryDirectory()
        for file in ["t/a.json", "t/sub/x.json", "t/B.json", "t/sub.json", "t/sub-a.json"] { roots.write(file, "{}") }
        let store = loadedStore([roots.root])
        // 'B' (0x42) < 'a' (0x61); '-' (0x2D) < '.' (0x2E) < '/' (0x2F).
        let expected = ["t/B.json", "t/a.json", "t/sub-a.json", "t/sub.json", "t/sub/x.json"]
        #expect(try Self.info(store, "t").files == expected)
    }

    @Test func hiddenFilesAndEditorLeftoversAreIgnored() throws {
        let roots = TemporaryDirectory()
        roots.write("t/main.json", ##"{"surface": {"probeColor": "#123456"}}"##)
        let junk = [
            "t/.hidden.json", "t/.git/config.json", "t/x.json~", "t/.x.json.swp", "t/.x.json.swx", "t/4913", "t/a.tmp",
            "t/b.json.tmp", "t/notes.txt",
        ]
        for file in junk { roots.write(file, "{ this is not JSON") }
        let store = loadedStore([roots.root])
        let info = try Self.info(store, "t")
        #expect(info.state == .loaded)
        #expect(info.errors == [])
        #expect(info.files == ["t/main.json"])
        #expect(try Self.hex(store, "t", "probeColor") == "#123456FF")
    }

    @Test func symbolicLinksAreNotFollowed() throws {
        let roots = TemporaryDirectory()
        let outside = TemporaryDirectory()
        outside.write("linked.json", ##"{"number": {"probeLinked": 1}}"##)
        outside.write("dir/theme.json", "{}")
        roots.write("t/main.json", ##"{"number": {"probeMain": 1}}"##)
        let files = FileManager.default
        try files.createSymbolicLink(
            atPath: roots.full("t/linked.json"), withDestinationPath: outside.full("linked.json"))
        try files.createSymbolicLink(atPath: roots.full("alias.json"), withDestinationPath: outside.full("linked.json"))
        try files.createSymbolicLink(atPath: roots.full("aliasdir"), withDestinationPath: outside.full("dir"))
        let store = loadedStore([roots.root])
        #expect(store.infos.map(\.name) == ["snap", "t"])
        #expect(try Self.info(store, "t").files == ["t/main.json"])
        let t = try #require(store.theme(named: "t"))
        #expect(t.snapshot.defines(.number, "probeMain"))
        #expect(!t.snapshot.defines(.number, "probeLinked"))
    }

    /// A FIFO named like a theme file is skipped when listed, and reading one never blocks.
    @Test func aFIFOIsNeitherLoadedNorWaitedFor() throws {
        let roots = TemporaryDirectory()
        roots.write("t/main.json", ##"{"number": {"probeMain": 1}}"##)
        #expect(mkfifo(roots.full("t/pipe.json"), 0o644) == 0)
        let store = loadedStore([roots.root])
        #expect(try Self.info(store, "t").files == ["t/main.json"])
        #expect(throws: FileSystemError.self) { try POSIXFileSystem().read(roots.full("t/pipe.json")) }
        do {
            _ = try POSIXFileSystem().read(roots.full("t/pipe.json"))
        } catch {
            #expect(error.description.hasSuffix("pipe.json: not a regular file"))
        }
    }

    @Test func theFirstRootWinsAndTheOtherIsShadowed() throws {
        let first = TemporaryDirectory()
        let second = TemporaryDirectory()
        first.write("ocean.json", ##"{"surface": {"probeBrand": "#111111"}}"##)
        second.write("ocean/theme.json", ##"{"surface": {"probeBrand": "#222222"}}"##)
        second.write("deep.json", "{}")
        let store = loadedStore([first.root, second.root])
        let ocean = try Self.info(store, "ocean")
        #expect(ocean.root == first.path)
        #expect(ocean.shadowed == [second.path])
        #expect(ocean.files == ["ocean.json"])
        #expect(try Self.hex(store, "ocean", "probeBrand") == "#111111FF")
        let deep = try Self.info(store, "deep")
        #expect(deep.root == second.path)
        #expect(deep.shadowed == [])
    }

    /// A `snap` in a root shadows the preset; extending `snap` (the default) layers it on the built-in preset,
    /// and the themes that extend `snap` get both.
    @Test func aSnapInARootIsLayeredOnTheBuiltInPreset() throws {
        let roots = TemporaryDirectory()
        roots.write("snap.json", ##"{"surface": {"snapRed": "#AA0000", "probeNew": {"ref": "snapRed"}}}"##)
        roots.write("ocean.json", ##"{"surface": {"probeOcean": {"ref": "snapBlue"}}}"##)
        let store = loadedStore([roots.root])
        let snap = try Self.info(store, "snap")
        #expect(snap.errors == [])
        #expect(snap.root == roots.path)
        #expect(snap.shadowed == ["(builtin)"])
        #expect(try Self.hex(store, "snap", "snapRed") == "#AA0000FF")
        #expect(try Self.hex(store, "snap", "probeNew") == "#AA0000FF")
        #expect(try Self.hex(store, "snap", "snapBlue") == "#007AFFFF")  // the preset underneath
        #expect(try Self.hex(store, "ocean", "probeOcean") == "#007AFFFF")
        #expect(try Self.hex(store, "ocean", "snapRed") == "#AA0000FF")

        roots.write("snap.json", ##"{"theme": {"extends": null}, "surface": {"snapRed": "#AA0000"}}"##)
        store.apply(changedPaths: [roots.full("snap.json")])
        #expect(try Self.hex(store, "snap", "snapRed") == "#AA0000FF")
        #expect(throws: (any Error).self) { try Self.hex(store, "snap", "snapBlue") }  // standing alone

        roots.write("snap.json", ##"{"theme": {"extends": "ocean"}}"##)
        store.apply(changedPaths: [roots.full("snap.json")])
        #expect(try Self.messages(store, "snap").contains { $0.contains("extends cycle: snap → ocean → snap") })
    }

    // MARK: Load errors

    @Test func aKeyDefinedInTwoFilesIsAnErrorNamingBothPlaces() throws {
        let roots = TemporaryDirectory()
        roots.write("t/a.json", ##"{"number": {"probeGap": 1}}"##)
        roots.write("t/b.json", ##"{"number": {"probeGap": 2}}"##)
        let store = loadedStore([roots.root])
        let info = try Self.info(store, "t")
        #expect(info.state == .error)
        #expect(info.generation == 0)
        #expect(store.theme(named: "t") == nil)
        #expect(info.errors.count == 1)
        let error = try #require(info.errors.first)
        // One place is the error's own, the other is in its message.
        #expect(error.file == "t/b.json")
        #expect(error.line == 1)
        #expect(error.column == 13)
        #expect(error.message.contains("probeGap"))
        #expect(error.message.contains("t/a.json:1:13"))
    }

    @Test func aReferenceToAnUnknownKeyIsAnError() throws {
        let roots = TemporaryDirectory()
        roots.write("t.json", ##"{"surface": {"probeFg": {"ref": "probeMissing"}}}"##)
        let store = loadedStore([roots.root])
        let info = try Self.info(store, "t")
        #expect(info.state == .error)
        let error = try #require(info.errors.first)
        #expect(info.errors.count == 1)
        #expect(error.file == "t.json")
        #expect(error.line == 1)
        #expect(error.column == 14)  // the key that holds the reference
        #expect(error.message.contains("'probeMissing'"))
        #expect(error.message.contains("probeFg"))
    }

    @Test func aReferenceCycleNamesEveryKeyOnIt() throws {
        let roots = TemporaryDirectory()
        // a → b → c → a, the last step through a branch of a `when`; d reads the cycle but is not on it.
        roots.write(
            "t.json",
            """
            {
              "number": {
                "probeA": {"ref": "probeB"},
                "probeB": {"calc": "{probeC} + 1"},
                "probeC": {"when": [{"if": {"colorScheme": "dark"}, "then": {"ref": "probeA"}}], "else": 1},
                "probeD": {"ref": "probeA"}
              }
            }
            """)
        let store = loadedStore([roots.root])
        #expect(try Self.info(store, "t").state == .error)
        let cycles = try Self.messages(store, "t").filter { $0.contains("cycle") }
        #expect(cycles.count == 1, "\(cycles)")
        let message = try #require(cycles.first)
        for key in ["probeA", "probeB", "probeC"] { #expect(message.contains("'\(key)'"), "\(message)") }
        #expect(!message.contains("probeD"))
    }

    @Test func aThemeJustLookedUpIsGoneOnceItsFileIsRemovedOrBroken() throws {
        let roots = TemporaryDirectory()
        roots.write("t.json", ##"{"number": {"probeGap": 1}}"##)
        roots.write("u.json", ##"{"number": {"probeGap": 1}}"##)
        let store = loadedStore([roots.root])
        // Each lookup is the last one when the theme changes.
        #expect(store.theme(named: "t") != nil)
        roots.write("t.json", ##"{"number": {"probeGap": "#"}}"##)
        store.apply(changedPaths: [roots.full("t.json")])
        #expect(store.theme(named: "t")?.snapshot.generation == 1, "the last good theme stays")
        #expect(store.theme(named: "u") != nil)
        roots.remove("u.json")
        store.apply(changedPaths: [roots.full("u.json")])
        #expect(store.theme(named: "u") == nil)
        #expect(store.theme(named: "t") != nil)
        roots.remove("t.json")
        store.apply(changedPaths: [roots.full("t.json")])
        #expect(store.theme(named: "t") == nil)
    }

    @Test func anExtendsCycleIsAnError() throws {
        let roots = TemporaryDirectory()
        roots.write("x.json", ##"{"theme": {"extends": "y"}}"##)
        roots.write("y.json", ##"{"theme": {"extends": "x"}}"##)
        let store = loadedStore([roots.root])
        for name in ["x", "y"] {
            #expect(try Self.info(store, name).state == .error)
            #expect(store.theme(named: name) == nil)
            #expect(try Self.messages(store, name).contains { $0.contains("cycle") })
        }
    }

    @Test func extendingAnUnknownThemeIsAnError() throws {
        let roots = TemporaryDirectory()
        roots.write("lost.json", ##"{"theme": {"extends": "nosuch"}}"##)
        let store = loadedStore([roots.root])
        let info = try Self.info(store, "lost")
        #expect(info.state == .error)
        #expect(info.errors.count == 1)
        let error = try #require(info.errors.first)
        #expect(error.file == "lost.json")
        #expect(error.line == 1)
        #expect(error.column == 2)  // the manifest
        #expect(error.message.contains("'nosuch'"))
    }

    // MARK: Changes

    @Test func aBrokenFileKeepsTheLastGoodGenerationServing() throws {
        let roots = TemporaryDirectory()
        roots.write("t.json", ##"{"surface": {"probeColor": "#111111"}}"##)
        let store = loadedStore([roots.root])
        #expect(try Self.hex(store, "t", "probeColor") == "#111111FF")

        roots.write("t.json", ##"{"surface": {"probeColor": "#222222",}}"##)
        let broken = store.apply(changedPaths: [roots.full("t.json")])
        #expect(broken.changes.isEmpty)
        let failure = try #require(broken.failures.first(where: { $0.theme == "t" }))
        #expect(failure.generation == 1)
        #expect(!failure.errors.isEmpty)
        #expect(try Self.hex(store, "t", "probeColor") == "#111111FF")
        var info = try Self.info(store, "t")
        #expect(info.state == .error)
        #expect(info.generation == 1)
        #expect(info.errors.first?.file == "t.json")
        #expect(store.theme(named: "t")?.snapshot.generation == 1)

        roots.write("t.json", ##"{"surface": {"probeColor": "#333333"}}"##)
        let fixed = store.apply(changedPaths: [roots.full("t.json")])
        #expect(fixed.failures.isEmpty)
        let change = try #require(fixed.changes.first(where: { $0.theme == "t" }))
        #expect(change.generation == 2)
        #expect(change.changed == [.surface: ["probeColor"]])
        #expect(try Self.hex(store, "t", "probeColor") == "#333333FF")
        info = try Self.info(store, "t")
        #expect(info.state == .loaded)
        #expect(info.errors == [])
        #expect(info.generation == 2)
    }

    @Test func aKeyRemovedWhileTheFileWasBrokenFallsBackOnceFixed() throws {
        let roots = TemporaryDirectory()
        // t overrides the preset's snapWhite (#FFFFFF).
        roots.write("t.json", ##"{"surface": {"snapWhite": "#123456"}}"##)
        let store = loadedStore([roots.root])
        #expect(try Self.hex(store, "t", "snapWhite") == "#123456FF")
        // Broken, then fixed without the override: snapWhite is the preset's again.
        roots.write("t.json", ##"{"surface": {"probeOther": "#654321",}}"##)
        store.apply(changedPaths: [roots.full("t.json")])
        #expect(try Self.hex(store, "t", "snapWhite") == "#123456FF")
        roots.write("t.json", ##"{"surface": {"probeOther": "#654321"}}"##)
        let fixed = store.apply(changedPaths: [roots.full("t.json")])
        let change = try #require(fixed.changes.first(where: { $0.theme == "t" }))
        #expect(change.changed[.surface]?.contains("snapWhite") == true, "\(change.changed)")
        #expect(try Self.hex(store, "t", "snapWhite") == "#FFFFFFFF")
    }

    @Test func anEditListsExactlyTheChangedKeyAndItsReaders() throws {
        let roots = TemporaryDirectory()
        let numbers = """
            {
              "number": {
                "probeBase": BASE,
                "probeDouble": {"calc": "{probeBase} * 2"},
                "probeAlias": {"ref": "probeDouble"},
                "probeOther": 5
              },
              "padding": {
                "probeInset": {"all": "probeBase"},
                "probeOtherInset": {"all": "probeOther"}
              }
            }
            """
        roots.write("t/numbers.json", numbers.replacingOccurrences(of: "BASE", with: "1"))
        roots.write("t/surfaces.json", ##"{"surface": {"probeColor": "#111111"}}"##)
        let store = loadedStore([roots.root])
        roots.write("t/numbers.json", numbers.replacingOccurrences(of: "BASE", with: "3"))
        let report = store.apply(changedPaths: [roots.full("t/numbers.json")])
        #expect(report.failures.isEmpty)
        #expect(report.changes.count == 1)
        let change = try #require(report.changes.first)
        #expect(change.theme == "t")
        #expect(change.generation == 2)
        #expect(change.changed == [.number: ["probeAlias", "probeBase", "probeDouble"], .padding: ["probeInset"]])
        #expect(change.containers == [])
        #expect(change.components == [])
        #expect(change.files == ["t/numbers.json"])
        let served = try #require(store.theme(named: "t"))
        #expect(served.snapshot.generation == 2)
        #expect(try served.session().resolve(.number, "probeAlias")?.json["base"] == .integer(6))
    }

    @Test func aThemeGetsANewGenerationWhenItsParentChanges() throws {
        let roots = TemporaryDirectory()
        roots.write("base.json", ##"{"surface": {"probeBaseColor": "#111111"}}"##)
        roots.write(
            "child.json",
            ##"""
            {
              "theme": {"extends": "base"},
              "surface": {"probeChildColor": {"ref": "probeBaseColor", "adjust": [{"opacity": 0.5}]}}
            }
            """##)
        let store = loadedStore([roots.root])
        #expect(try Self.hex(store, "child", "probeChildColor") == "#11111180")
        roots.write("base.json", ##"{"surface": {"probeBaseColor": "#222222"}}"##)
        let report = store.apply(changedPaths: [roots.full("base.json")])
        let base = try #require(report.changes.first(where: { $0.theme == "base" }))
        #expect(base.generation == 2)
        #expect(base.changed == [.surface: ["probeBaseColor"]])
        let child = try #require(report.changes.first(where: { $0.theme == "child" }))
        #expect(child.generation == 2)
        #expect(child.changed == [.surface: ["probeBaseColor", "probeChildColor"]])
        #expect(try Self.info(store, "child").generation == 2)
        #expect(try Self.hex(store, "child", "probeChildColor") == "#22222280")
    }

    @Test func aNewThemeDirectoryIsAddedAndADeletedOneRemoved() throws {
        let roots = TemporaryDirectory()
        roots.write("existing.json", "{}")
        let store = loadedStore([roots.root])
        #expect(store.theme(named: "fresh") == nil)

        roots.write("fresh/theme.json", ##"{"surface": {"probeColor": "#ABCDEF"}}"##)
        let added = store.apply(changedPaths: [roots.full("fresh")])
        #expect(added.added == ["fresh"])
        #expect(added.removed == [])
        #expect(try Self.info(store, "fresh").state == .loaded)
        #expect(try Self.info(store, "fresh").generation == 1)
        #expect(try Self.hex(store, "fresh", "probeColor") == "#ABCDEFFF")

        roots.remove("fresh")
        let removed = store.apply(changedPaths: [roots.full("fresh")])
        #expect(removed.removed == ["fresh"])
        #expect(removed.added == [])
        #expect(store.theme(named: "fresh") == nil)
        #expect(!store.infos.contains(where: { $0.name == "fresh" }))
        #expect(store.theme(named: "existing") != nil)
    }
}
