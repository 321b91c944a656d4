import SnapStyleEngine
import SnapStyleJSON
import Testing

/// The cache of resolved values: hits and misses, exact invalidation on `install`, sessions pinned to their
/// generation.
@Suite struct CacheTests {
    /// Numbers `a` (1 unless given), `b` 2, `c` = `{a} * 10` (reads `a`), and the chain `head` → `mid` → `tail`
    /// (5 unless given).
    static func layer(a: Double = 1, tail: Double = 5) -> ThemeLayer {
        var layer = accentLayer()
        layer.define(.number, "a", .constant(a))
        layer.define(.number, "b", .constant(2))
        layer.define(.number, "c", .calc("{a} * 10"))
        layer.define(.number, "head", .reference("mid"))
        layer.define(.number, "mid", .reference("tail"))
        layer.define(.number, "tail", .constant(tail))
        return layer
    }

    static func snapshot(generation: Int, a: Double = 1, tail: Double = 5) -> ThemeSnapshot {
        ThemeSnapshot(name: "test", generation: generation, layers: [layer(a: a, tail: tail)])
    }

    static func base(_ session: StyleSession, _ key: String) throws -> Double? {
        try session.resolve(.number, key)?.asNumber?.base
    }

    @Test func aSecondResolutionIsAHit() throws {
        let theme = StyleTheme(Self.snapshot(generation: 1))
        #expect(theme.statistics == CacheStatistics())
        #expect(try Self.base(theme.session(), "a") == 1)
        var statistics = theme.statistics
        #expect(statistics.misses == 1)
        #expect(statistics.hits == 0)
        #expect(statistics.entries == 1)
        #expect(try Self.base(theme.session(), "a") == 1)
        statistics = theme.statistics
        #expect(statistics.misses == 1)
        #expect(statistics.hits == 1)
        #expect(statistics.entries == 1)
    }

    @Test func valuesReadByOthersComeFromTheCache() throws {
        let theme = StyleTheme(Self.snapshot(generation: 1))
        let session = theme.session()
        #expect(try Self.base(session, "a") == 1)
        // c misses, and reads a, which hits.
        #expect(try Self.base(session, "c") == 10)
        #expect(theme.statistics.misses == 2)
        #expect(theme.statistics.hits == 1)
        #expect(theme.statistics.entries == 2)
    }

    @Test func installDropsExactlyTheEntriesThatReadAChangedKey() throws {
        let theme = StyleTheme(Self.snapshot(generation: 1))
        let session = theme.session()
        for key in ["a", "b", "c"] { _ = try session.resolve(.number, key) }
        #expect(theme.statistics.entries == 3)
        theme.install(Self.snapshot(generation: 2, a: 3), changed: [.key(.number, "a")])
        let after = theme.statistics
        #expect(after.invalidations == 2)  // a, and c, which read a
        #expect(after.entries == 1)  // b
        let next = theme.session()
        #expect(next.generation == 2)
        // b is still cached: a hit, no miss.
        #expect(try Self.base(next, "b") == 2)
        #expect(theme.statistics.hits == after.hits + 1)
        #expect(theme.statistics.misses == after.misses)
        // c and a are computed again from the new generation.
        #expect(try Self.base(next, "c") == 30)
        #expect(try Self.base(next, "a") == 3)
    }

    @Test func aSessionKeepsAnsweringFromItsOwnGeneration() throws {
        let theme = StyleTheme(Self.snapshot(generation: 1))
        let old = theme.session()
        #expect(try Self.base(old, "c") == 10)
        theme.install(Self.snapshot(generation: 2, a: 3), changed: [.key(.number, "a")])
        let new = theme.session()
        #expect(try Self.base(new, "c") == 30)
        #expect(old.generation == 1)
        #expect(old.snapshot.generation == 1)
        #expect(try Self.base(old, "a") == 1)
        #expect(try Self.base(old, "c") == 10)
        // The old session's answers did not leak into the current generation's cache.
        #expect(try Self.base(new, "a") == 3)
        #expect(try Self.base(theme.session(), "c") == 30)
    }

    @Test func changingTheEndOfAChainInvalidatesItsHead() throws {
        let theme = StyleTheme(Self.snapshot(generation: 1))
        let session = theme.session()
        #expect(try Self.base(session, "head") == 5)
        #expect(try Self.base(session, "b") == 2)
        let before = theme.statistics
        #expect(before.entries == 4)  // head, mid, tail, b
        // The chain's head read tail through mid.
        let chain: [NodeRef] = [.key(.number, "mid"), .key(.number, "tail")]
        #expect(try session.explain(.number, "head").dependsOn == chain)
        // What a store installs: the changed key and every key that reads it, transitively.
        let next = Self.snapshot(generation: 2, tail: 7)
        let changed = ReferenceGraph(layers: next.layers).affectedKeys(by: [.key(.number, "tail")], stackChanged: false)
        #expect(changed == Set(chain).union([.key(.number, "head")]))
        theme.install(next, changed: changed)
        #expect(theme.statistics.invalidations == before.invalidations + 3)
        #expect(theme.statistics.entries == 1)  // b
        #expect(try Self.base(theme.session(), "head") == 7)
        #expect(try Self.base(theme.session(), "mid") == 7)
    }

    @Test func anOldSessionsExplanationReadsItsOwnGeneration() throws {
        // Generation 2 points mid at alt instead of tail. A session of generation 1 must still explain head as
        // head → mid → tail, even after a newer session cached mid with what it reads now (protocol 3: no
        // result mixes two generations).
        var first = Self.layer()
        first.define(.number, "alt", .constant(9))
        var second = first
        second.define(.number, "mid", .reference("alt"))
        let theme = StyleTheme(ThemeSnapshot(name: "test", generation: 1, layers: [first]))
        let old = theme.session()
        let next = ThemeSnapshot(name: "test", generation: 2, layers: [second])
        let changed = ReferenceGraph(layers: [second]).affectedKeys(by: [.key(.number, "mid")], stackChanged: false)
        theme.install(next, changed: changed)
        #expect(try Self.base(theme.session(), "head") == 9)
        let explanation = try old.explain(.number, "head")
        #expect(explanation.value?.asNumber?.base == 5)
        #expect(explanation.dependsOn == [.key(.number, "mid"), .key(.number, "tail")])
        // One step per definition consulted, through every reference to the literal.
        #expect(explanation.steps.map(\.key) == ["head", "mid", "tail"])
        #expect(explanation.steps.map(\.definition) == ["ref mid", "ref tail", "5"])
    }

    @Test func aChangedAccentDropsTheSurfacesThatUsedIt() throws {
        var first = accentLayer()
        first.define(.surface, "tint", .value(.surface(.color(.accent(.base, key: nil)))))
        first.define(.surface, "plain", .color("#123456"))
        var second = first
        second.define(.accent, "primary", .accent("#FF0000"))
        let theme = StyleTheme(ThemeSnapshot(name: "test", generation: 1, layers: [first]))
        #expect(try theme.session().resolve(.surface, "tint")?.asColor == rgba(Accents.primary))
        #expect(try theme.session().resolve(.surface, "plain")?.asColor == rgba("#123456"))
        theme.install(
            ThemeSnapshot(name: "test", generation: 2, layers: [second]), changed: [.key(.accent, "primary")])
        #expect(try theme.session().resolve(.surface, "tint")?.asColor == rgba("#FF0000"))
        let hits = theme.statistics.hits
        #expect(try theme.session().resolve(.surface, "plain")?.asColor == rgba("#123456"))
        #expect(theme.statistics.hits == hits + 1)
    }

    @Test func replaceStartsTheCacheOver() throws {
        let theme = StyleTheme(Self.snapshot(generation: 1))
        for key in ["a", "b"] { _ = try theme.session().resolve(.number, key) }
        theme.replace(Self.snapshot(generation: 2, a: 4))
        #expect(theme.statistics.entries == 0)
        #expect(theme.statistics.invalidations == 2)
        #expect(try Self.base(theme.session(), "a") == 4)
        #expect(theme.session().generation == 2)
    }
}
