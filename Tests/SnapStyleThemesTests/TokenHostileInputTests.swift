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
        let roots = TemporaryRoots()
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

    @Test func anAliasCycleOf10000TokensIsOneErrorAtItsFirstToken() throws {
        let roots = TemporaryRoots()
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
        let roots = TemporaryRoots()
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
        let roots = TemporaryRoots()
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
        let roots = TemporaryRoots()
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
        let roots = TemporaryRoots()
        let outside = TemporaryRoots()
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
        let roots = TemporaryRoots()
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
        let roots = TemporaryRoots()
        roots.write("big.tokens.json", HostileTokens.manyColors(2_000))
        let store = ThemeStore(roots: [roots.root], fileSystem: POSIXFileSystem(maxFileBytes: 100_000))
        store.reloadAll()
        let errors = try ThemeStoreTests.info(store, "big").errors
        #expect(errors.contains { $0.message.contains("over the limit of 100000 (maxFileBytes)") }, "\(errors)")
    }

    @Test func aThemeOf100000TokensIsCompiledWholeFromItsFilesOnEachChange() throws {
        let roots = TemporaryRoots()
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
