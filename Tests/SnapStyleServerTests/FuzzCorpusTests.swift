import Foundation
import SnapStyleFuzzTargets
import Testing

/// The fuzzers' saved corpus and every crash they ever found (`make fuzz` saves them under Tests/Fuzz), replayed
/// through the same entry points: none may crash or hang the request path or the theme parser again.
@Suite struct FuzzCorpusTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz").path

    static func inputs(_ kind: String) -> [String] {
        ["Corpus", "Crashes"].flatMap { folder -> [String] in
            let directory = "\(fuzz)/\(folder)/\(kind)"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(directory)/\($0)" }
        }
    }

    @Test func theRequestCorpusAndItsCrashesReplay() {
        let inputs = Self.inputs("requests")
        #expect(inputs.count >= 20, "the seed corpus is missing")
        let count = FuzzTargets.replay(inputs) { bytes in bytes.withUnsafeBytes { FuzzTargets.requestLine($0) } }
        #expect(count == inputs.count)
    }

    @Test func theThemeCorpusAndItsCrashesReplay() {
        let inputs = Self.inputs("themes")
        #expect(inputs.count >= 10, "the seed corpus is missing")
        #expect(FuzzTargets.replay(inputs) { FuzzTargets.themeFile($0) } == inputs.count)
    }
}
