import SnapStyleEngine
import Testing

/// `topReference` says what `explain`'s first step says (`ref KEY`), without tracing the chain.
@Suite struct TopReferenceTests {
    @Test(arguments: ["head", "mid", "tail", "c", "a", "missing", "dangling"])
    func itAgreesWithExplainsFirstStep(key: String) throws {
        var layer = CacheTests.layer()
        layer.define(.number, "dangling", .reference("nowhere"))
        let theme = StyleTheme(ThemeSnapshot(name: "test", generation: 1, layers: [layer]))
        let session = theme.session()
        let found = session.topReference(.number, key, in: try session.prepare(StyleContext()))
        let step = (try? session.explain(.number, key))?.steps.first
        let explained = step.flatMap { step in
            step.kind == "ref" && step.result.hasPrefix("ref ") ? String(step.result.dropFirst(4)) : nil
        }
        #expect(found == explained)
        #expect((found != nil) == ["head", "mid"].contains(key))
    }
}
