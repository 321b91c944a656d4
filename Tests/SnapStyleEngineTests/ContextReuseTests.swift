import Testing

@testable import SnapStyleEngine

/// A context's derivation (its stack's components, containers and accent) is kept across generations that change
/// only values, and derived again once a component, a container, an accent or the modifiers change.
@Suite struct ContextReuseTests {
    static func prepare(_ theme: StyleTheme, _ context: StyleContext) throws {
        _ = try theme.session().prepare(context)
    }

    @Test func aValueChangeKeepsTheDerivationAndAStructuralOneDerivesAgain() throws {
        let theme = StyleTheme(CacheTests.snapshot(generation: 1))
        var dark = StyleContext()
        dark.colorScheme = .dark
        try Self.prepare(theme, StyleContext())
        try Self.prepare(theme, dark)
        #expect(theme.cache.derivations == 2)
        theme.install(CacheTests.snapshot(generation: 2, a: 3), changed: [.key(.number, "a")])
        try Self.prepare(theme, StyleContext())
        try Self.prepare(theme, dark)
        #expect(theme.cache.derivations == 2, "a value's change keeps both derivations")
        #expect(try CacheTests.base(theme.session(), "a") == 3)
        try Self.prepare(theme, StyleContext())
        #expect(theme.cache.derivations == 2)
        for (generation, changed) in [
            (3, NodeRef.container("base")), (4, .component("base")), (5, .key(.accent, "primary")),
        ] {
            theme.install(CacheTests.snapshot(generation: generation, a: 3), changed: [changed])
            try Self.prepare(theme, StyleContext())
            #expect(theme.cache.derivations == generation, "\(changed) derives the context again")
        }
    }
}
