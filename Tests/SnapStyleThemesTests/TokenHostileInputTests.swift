import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleSystem
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

/// Token files written to hurt: long alias chains and cycles, long `$extends` chains. Each loads or fails with an
/// error where it is written, in time, and never takes the thread's stack.
@Suite struct TokenHostileInputTests {
    @Test func anAliasChainOf10000TokensLoadsAndThoseTooDeepToResolveAreNamedWhereTheyAreWritten() throws {
        let roots = TemporaryDirectory()
        roots.write("chain.tokens.json", HostileTokens.aliasChain(10_000))
        let store = loadedStore([roots.root])
        let info = try ThemeStoreTests.info(store, "chain")
        #expect(info.errors == [])
        #expect(info.state == .loaded)
        // t0's chain goes through 10,001 tokens, t9872's through 129: each token past the limit of 128 is named
        // at its own line.
        let deep = info.warnings.filter { $0.message.contains("more than the 128 a value may go through") }
        #expect(deep.count == 10_000 - 127)
        let first = try #require(deep.first { $0.message.hasPrefix("t0:") })
        #expect(first.file == "chain.tokens.json" && first.line == 2 && first.column > 1)
        #expect(deep.contains { $0.message.hasPrefix("t9872:") && $0.line == 9_874 })
        #expect(!deep.contains { $0.message.hasPrefix("t9873:") })

        let session = try #require(store.theme(named: "chain")).session()
        #expect(try session.resolve(.number, "t9873")?.json["base"] == 5)
        #expect(throws: StyleError.self) { try session.resolve(.number, "t9872") }
        #expect(try session.resolve(.number, "other")?.json["base"] == 7)
        #expect(throws: StyleError.self) { try session.resolve(.number, "t0") }
    }

    /// 2 KB of multi-value spacing tokens, each naming the one below four times, 30 deep (4^30 parts): the first
    /// token past `Limits.valueParts` and every token naming it are errors at their own lines, found in linear time.
    @Test func exponentialAliasesAreErrorsAtTheTokensThatExpandPastTheBound() throws {
        let roots = TemporaryDirectory()
        roots.write("expo/tokens.json", HostileTokens.exponentialAliases())
        let store = loadedStore([roots.root])
        let errors = try ThemeStoreTests.info(store, "expo").errors
        let expanding = errors.filter { $0.message.contains("expands to more than 10000 parts through its aliases") }
        // s6 has 3 × 4^6 = 12,288 parts; s7 … s30 name it.
        #expect(expanding.count == 25, "\(errors.prefix(3))")
        let first = try #require(expanding.first { $0.message.hasPrefix("s6:") })
        #expect(first.file == "expo/tokens.json" && first.line == 8)
        #expect(expanding.contains { $0.message.hasPrefix("s30:") && $0.line == 32 })
        #expect(!errors.contains { $0.message.hasPrefix("s5:") })
    }

    /// 15,000 aliases to tokens that do not exist: one error each, and a "did you mean" for the first
    /// `Limits.suggestionQueries` near misses only, each found among a bounded number of candidates.
    @Test func thousandsOfAliasesToNothingAreErrorsWithBoundedSuggestions() throws {
        let roots = TemporaryDirectory()
        var text = HostileTokens.aliasesToNothing(15_000)
        // Near misses: `{c12x}` for c12.
        text = text.replacingOccurrences(of: "{missing.color.number", with: "{c").replacingOccurrences(
            of: "}\"}", with: "x}\"}")
        roots.write("typos/tokens.json", text)
        let store = loadedStore([roots.root])
        let errors = try ThemeStoreTests.info(store, "typos").errors
        #expect(errors.count == 15_000)
        let suggested = errors.filter { $0.message.contains("did you mean") }
        #expect(suggested.count == Limits.suggestionQueries)
        let a7 = try #require(errors.first { $0.message.hasPrefix("a7:") })
        #expect(a7.message == "a7: alias {c7x} names no token (did you mean {c7}?)")
    }

    /// Tokens Studio math whose result is not a finite number, and a modifier amount that is not one, are errors at
    /// the token: never a silent null.
    @Test(arguments: [
        (#"{"value": "roundTo(1.5, 1e300)", "type": "sizing"}"#, "has no finite value"),
        (#"{"value": "1 / 0", "type": "sizing"}"#, "a division by zero"),
        (#"{"value": "pow(10, 400)", "type": "sizing"}"#, "has no finite value"),
        (#"{"value": "1e400 * 2", "type": "sizing"}"#, "too large a number"),
        (#"{"value": "NaN", "type": "number"}"#, "must be a number"),
        (
            ##"{"value": "#336699", "type": "color", "$extensions": {"studio.tokens": {"modify": "##
                + #"{"type": "lighten", "value": "NaN", "space": "srgb"}}}}"#, "the modifier's value"
        ),
        (
            ##"{"value": "#336699", "type": "color", "$extensions": {"studio.tokens": {"modify": "##
                + #"{"type": "lighten", "value": "Infinity", "space": "srgb"}}}}"#, "the modifier's value"
        ),
    ])
    func mathAndAmountsThatAreNotFiniteAreErrors(token: String, message: String) throws {
        let roots = TemporaryDirectory()
        roots.write("bad/tokens.json", #"{"base": {"value": "4", "type": "sizing"}, "broken": "# + token + "}")
        let store = loadedStore([roots.root])
        let errors = try ThemeStoreTests.info(store, "bad").errors
        #expect(errors.contains { $0.message.hasPrefix("broken: ") && $0.message.contains(message) }, "\(errors)")
        #expect(errors.allSatisfy { !$0.message.contains("math over 'e'") && !$0.message.contains("not number") })
    }

    /// A `$themes.json` that is not an array says so, at the file, instead of being ignored.
    @Test func aThemesFileThatIsAnObjectIsAnError() throws {
        let roots = TemporaryDirectory()
        roots.write("proj/$themes.json", #"{"name": "Light", "selectedTokenSets": {"core": "enabled"}}"#)
        roots.write("proj/core.json", #"{"gap": {"value": "4", "type": "spacing"}}"#)
        let store = loadedStore([roots.root])
        let errors = try ThemeStoreTests.info(store, "proj").errors
        #expect(errors.contains { $0.file == "proj/$themes.json" && $0.message.hasPrefix("$themes must be an array") })
    }

    /// Token files nested past the longest path the system opens are not read, and the theme says so in a warning
    /// at the directory (they were skipped without a word).
    @Test func filesNestedPastTheLongestPathAreAWarning() throws {
        let roots = TemporaryDirectory()
        roots.write("deep/tokens.json", #"{"gap": {"$type": "number", "$value": 4}}"#)
        let segment = String(repeating: "d", count: 200)
        let mkdirs = Process()
        // Relative steps: no single call names the whole path, which the system would refuse.
        mkdirs.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        mkdirs.arguments = [
            "python3", "-c",
            "import os, sys; os.chdir(sys.argv[1]); [(os.mkdir(sys.argv[2]), os.chdir(sys.argv[2])) for _ in range(25)]; "
                + "open('t.json', 'w').write('{}')",
            roots.full("deep"), segment,
        ]
        try mkdirs.run()
        mkdirs.waitUntilExit()
        #expect(mkdirs.terminationStatus == 0)
        let store = loadedStore([roots.root])
        let info = try ThemeStoreTests.info(store, "deep")
        #expect(info.state == .loaded)
        let warning = try #require(info.warnings.first { $0.message.contains("nested past the longest path") })
        #expect(warning.file.hasPrefix("deep/" + segment + "/"), "\(warning)")
    }

    @Test func anAliasCycleOf10000TokensIsOneErrorAtItsFirstToken() throws {
        let roots = TemporaryDirectory()
        roots.write("ring.tokens.json", HostileTokens.aliasChain(10_000, cycle: true))
        let store = loadedStore([roots.root])
        let errors = try ThemeStoreTests.info(store, "ring").errors
        #expect(errors.count == 1, "\(errors.prefix(3))")
        let error = try #require(errors.first)
        #expect(error.line == 2)
        #expect(error.message.hasPrefix("alias cycle: t0 → t1 → "))
        #expect(error.message.hasSuffix("… (10001 tokens) → t0"))
    }

    @Test func anEditAtTheEndOfALongChainRecompilesWithoutTheStack() throws {
        let roots = TemporaryDirectory()
        roots.write("chain.tokens.json", HostileTokens.aliasChain(3_000))
        let store = loadedStore([roots.root])
        #expect(try ThemeStoreTests.info(store, "chain").state == .loaded)
        roots.write(
            "chain.tokens.json",
            HostileTokens.aliasChain(3_000).replacingOccurrences(of: "\"$value\": 5}", with: "\"$value\": 6}"))
        store.apply(changedPaths: [roots.full("chain.tokens.json")])
        let session = try #require(store.theme(named: "chain")).session()
        #expect(try session.resolve(.number, "t2900")?.json["base"] == 6)
        // A chain made longer by an edit of its last token: every token above it is counted again.
        roots.write(
            "chain.tokens.json",
            HostileTokens.aliasChain(3_000).replacingOccurrences(
                of: #""t3000": {"$type": "number", "$value": 5}"#,
                with: #""t3000": {"$type": "number", "$value": "{other}"}"#))
        store.apply(changedPaths: [roots.full("chain.tokens.json")])
        let warnings = try ThemeStoreTests.info(store, "chain").warnings.filter {
            $0.message.contains("more than the 128 a value may go through")
        }
        #expect(warnings.count == 3_001 - 127)
    }

    @Test(.timeLimit(.minutes(1)))
    func anExtendsChainOf10000GroupsIsAnErrorAtEachGroupPastTheLimit() throws {
        let roots = TemporaryDirectory()
        roots.write("groups.tokens.json", HostileTokens.extendsChain(10_000))
        let store = loadedStore([roots.root])
        let errors = try ThemeStoreTests.info(store, "groups").errors
        // g0 … g9935 need more than 64 steps to reach g10000.
        #expect(errors.count == 10_000 - 64, "\(errors.prefix(3))")
        let first = try #require(errors.first { $0.message.hasPrefix("g0:") })
        #expect(first.line == 2 && first.message.contains("more than 64 groups"))
        #expect(!errors.contains { $0.message.hasPrefix("g9936:") })
    }

    @Test func aGroupInheritsWhatItsTargetInherited() throws {
        let roots = TemporaryDirectory()
        roots.write("groups.tokens.json", HostileTokens.extendsChain(64))
        let store = loadedStore([roots.root])
        #expect(try ThemeStoreTests.info(store, "groups").errors == [])
        let session = try #require(store.theme(named: "groups")).session()
        #expect(try session.resolve(.number, "g0.v64")?.json["base"] == 64)
        #expect(try session.resolve(.number, "g0.v0")?.json["base"] == 0)
        #expect(try session.resolve(.number, "g63.v64")?.json["base"] == 64)
    }

    static let resolver = #"""
        {"version": "2025.10", "sets": {"base": {"sources": [{"$ref": "res/dirlink/leak.tokens.json"}]}},
         "resolutionOrder": [{"$ref": "#/sets/base"}]}
        """#

    @Test func aReferenceThroughADirectoryLinkThatLeavesTheRootIsRefusedAndQuotesNothing() throws {
        let roots = TemporaryDirectory()
        let outside = TemporaryDirectory()
        outside.write("leak.tokens.json", #"{"secret": {"$type": "number", "$value": 42}}"#)
        roots.write("leak.resolver.json", Self.resolver)
        try FileManager.default.createDirectory(atPath: roots.full("res"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: roots.full("res/dirlink"), withDestinationPath: outside.path)
        // Through a link to /etc, a JSON error would have quoted the file's first bytes.
        roots.write(
            "etc.resolver.json", Self.resolver.replacingOccurrences(of: "dirlink/leak.tokens.json", with: "etc/passwd"))
        try FileManager.default.createSymbolicLink(atPath: roots.full("res/etc"), withDestinationPath: "/etc")
        let store = loadedStore([roots.root])
        for name in ["leak", "etc"] {
            let info = try ThemeStoreTests.info(store, name)
            #expect(info.state == .error)
            let messages = info.errors.map { "\($0.file): \($0.message)" }
            #expect(messages.contains { $0.contains("leads out of the theme root") }, "\(messages)")
            #expect(!messages.contains { $0.contains("does not exist") || $0.contains("near") }, "\(messages)")
        }
        #expect(try ThemeStoreTests.info(store, "leak").errors.contains { $0.file == "res/dirlink/leak.tokens.json" })
        #expect(store.theme(named: "leak") == nil)
    }

    @Test func aLinkThatStaysInsideTheRootKeepsWorking() throws {
        let roots = TemporaryDirectory()
        roots.write("common/leak.tokens.json", #"{"size": {"$type": "number", "$value": 42}}"#)
        roots.write("leak.resolver.json", Self.resolver)
        try FileManager.default.createDirectory(atPath: roots.full("res"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: roots.full("res/dirlink"), withDestinationPath: "../common")
        let store = loadedStore([roots.root])
        #expect(try ThemeStoreTests.info(store, "leak").errors == [])
        let session = try #require(store.theme(named: "leak")).session()
        #expect(try session.resolve(.number, "size")?.json["base"] == 42)
    }

    @Test func aFileOverTheSizeLimitIsAnErrorNamingItsSize() throws {
        let roots = TemporaryDirectory()
        roots.write("big.tokens.json", HostileTokens.manyColors(2_000))
        let store = ThemeStore(roots: [roots.root], fileSystem: POSIXFileSystem(maxFileBytes: 100_000))
        store.reloadAll()
        let errors = try ThemeStoreTests.info(store, "big").errors
        #expect(errors.contains { $0.message.contains("over the limit of 100000 (maxFileBytes)") }, "\(errors)")
    }

    @Test func aThemeOf100000TokensIsCompiledWholeFromItsFilesOnEachChange() throws {
        let roots = TemporaryDirectory()
        roots.write("big/colors.tokens.json", HostileTokens.manyColors(100_000))
        roots.write("big/small.tokens.json", #"{"gap": {"$type": "number", "$value": 4}}"#)
        let store = loadedStore([roots.root])
        #expect(try ThemeStoreTests.info(store, "big").errors == [])
        let hex = { (key: String) in
            try #require(store.theme(named: "big")).session().resolve(.surface, key)?.json["hex"]?.stringValue
        }
        let before = try hex("c99999")
        #expect(before != nil)
        // The small file changes: the large one, whose parse was let go, is read again.
        roots.write("big/small.tokens.json", #"{"gap": {"$type": "number", "$value": 6}}"#)
        let report = store.apply(changedPaths: [roots.full("big/small.tokens.json")])
        #expect(report.changes.first?.changed[.number] == ["gap"])
        #expect(try store.theme(named: "big")?.session().resolve(.number, "gap")?.json["base"] == 6)
        #expect(try hex("c99999") == before)
        // The large one changes: only the edited token is reported changed.
        roots.write(
            "big/colors.tokens.json",
            HostileTokens.manyColors(100_000).replacingOccurrences(
                of: #""c5": {"$type": "color", "$value": {"colorSpace": "oklch", "components": [0.5, 0.1, 5]}}"#,
                with: ##""c5": {"$type": "color", "$value": "#102030"}"##))
        let edit = store.apply(changedPaths: [roots.full("big/colors.tokens.json")])
        #expect(edit.changes.first?.changed[.surface] == ["c5"])
        #expect(try hex("c5") == "#102030FF")
    }
}
