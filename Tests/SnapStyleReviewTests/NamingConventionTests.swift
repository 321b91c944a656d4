import SnapStyleReview
import Testing

struct NamingConventionTests {
    @Test("on-X, X-foreground and text-* over background-*/surface-* of the same group")
    func conventions() {
        let keys = [
            "color.primary", "color.on-primary", "color.onSecondary", "color.secondary", "color.accent",
            "color.accent-foreground", "theme.text.default", "theme.text.muted", "theme.background.default",
            "theme.surface-raised", "theme.text-inverse", "other.background.default", "color.on-missing",
        ]
        let pairs = Set(NamingConvention.pairs(among: keys).map { "\($0.foreground) > \($0.background)" })
        #expect(
            pairs == [
                "color.on-primary > color.primary", "color.onSecondary > color.secondary",
                "color.accent-foreground > color.accent", "theme.text.default > theme.background.default",
                "theme.text.muted > theme.background.default", "theme.text.default > theme.surface-raised",
                "theme.text.muted > theme.surface-raised",
            ])
    }

    @Test("declared pairs: globs with as many stars pair their matches by what the stars matched")
    func declared() {
        let keys = ["fg.a", "fg.b", "bg.a", "bg.b", "bg.c"]
        let aligned = DeclaredPair(foreground: "fg.*", background: "bg.*").expand(among: keys)
        #expect(aligned.map { "\($0.foreground)>\($0.background)" } == ["fg.a>bg.a", "fg.b>bg.b"])
        let crossed = DeclaredPair(foreground: "fg.?", background: "bg.c").expand(among: keys)
        #expect(crossed.map { "\($0.foreground)>\($0.background)" } == ["fg.a>bg.c", "fg.b>bg.c"])
    }
}
