import Foundation
import SnapStyleFuzzTargets
import SnapStyleTestSupport
import Testing

/// The fuzzers' saved corpus and every crash they ever found (`make fuzz` saves them under Tests/Fuzz), replayed
/// through the same entry points: none may crash or hang the request path, the theme parser, the DTCG token and
/// resolver loading or the preview's query parser again.
@Suite struct FuzzCorpusTests {
    /// Runs `body` on a thread of its own. The request and query targets block their thread while the daemon's
    /// async work runs on Swift's cooperative pool (one thread per core): two of them blocking two pool threads
    /// at once would leave that work no thread to run on.
    static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    @Test func theRequestCorpusAndItsCrashesReplay() async {
        let inputs = Checkout.fuzzInputs("requests")
        #expect(inputs.count >= 20, "the seed corpus is missing")
        let count = await Self.onOwnThread {
            FuzzTargets.replay(inputs) { bytes in bytes.withUnsafeBytes { FuzzTargets.requestLine($0) } }
        }
        #expect(count == inputs.count)
    }

    @Test func theThemeCorpusAndItsCrashesReplay() {
        let inputs = Checkout.fuzzInputs("themes")
        #expect(inputs.count >= 10, "the seed corpus is missing")
        #expect(FuzzTargets.replay(inputs) { FuzzTargets.themeFile($0) } == inputs.count)
    }

    @Test func theTokenFileCorpusAndItsCrashesReplay() {
        let inputs = Checkout.fuzzInputs("tokens")
        #expect(inputs.count >= 20, "the seed corpus is missing")
        var served = 0
        #expect(FuzzTargets.replay(inputs) { served += FuzzTargets.tokensFile($0) > 0 ? 1 : 0 } == inputs.count)
        // The real files among the seeds load and resolve: the fuzzer starts past the parser.
        #expect(served >= 10, "only \(served) seeds served a theme")
    }

    @Test func theResolverCorpusAndItsCrashesReplay() {
        let inputs = Checkout.fuzzInputs("resolvers")
        #expect(inputs.count >= 10, "the seed corpus is missing")
        var served = 0
        #expect(FuzzTargets.replay(inputs) { served += FuzzTargets.resolverFile($0) > 0 ? 1 : 0 } == inputs.count)
        #expect(served >= 3, "only \(served) seeds served a theme")
    }

    @Test func thePreviewQueryCorpusAndItsCrashesReplay() async {
        let inputs = Checkout.fuzzInputs("queries")
        #expect(inputs.count >= 20, "the seed corpus is missing")
        let (count, answered) = await Self.onOwnThread {
            var answered = 0
            return (FuzzTargets.replay(inputs) { answered += FuzzTargets.previewQuery($0) }, answered)
        }
        #expect(count == inputs.count)
        // Most seeds are queries the preview lets through: the daemon answers each of their six requests.
        #expect(answered >= 60, "the daemon answered \(answered) requests")
    }
}
