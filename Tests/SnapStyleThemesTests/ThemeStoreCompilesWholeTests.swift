import SnapStyleSystem
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

/// A store that compiles every theme whole (a process loading once, `snapstyle build`) serves what a store compiling
/// incrementally serves: the same themes, states, keys, values in every context and errors.
@Suite struct ThemeStoreCompilesWholeTests {
    @Test func aStoreCompilingWholeServesWhatAnIncrementalOneServes() throws {
        let roots = TemporaryDirectory()
        DTCGFixture.write(roots)
        // A theme in error beside it: its errors are reported the same way.
        roots.write("broken/tokens.json", ##"{"color": {"$type": "color", "bad": {"$value": "{color.nowhere}"}}}"##)
        let incremental = loadedStore([roots.root])
        let whole = ThemeStore(roots: [roots.root], fileSystem: POSIXFileSystem(), compilesWhole: true)
        whole.reloadAll()
        #expect(whole.theme(named: "brand") != nil)
        #expect(whole.infos.map(\.name) == incremental.infos.map(\.name))
        let found = LiveStateTests.differences(live: whole, fresh: incremental)
        #expect(found.isEmpty, "\(found)")
    }
}
