import Foundation

/// The repository's checkout, which the tests read files of (the README, examples, the fuzzers' corpus, scripts).
public enum Checkout {
    /// The checkout's absolute path (this file is `Tests/SnapStyleTestSupport/Checkout.swift` in it).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The fuzzers' saved inputs of `kind` (`requests`, `themes`...): the corpus, then every crash they found
    /// (`Tests/Fuzz/Corpus/KIND`, `Tests/Fuzz/Crashes/KIND`), each folder sorted.
    public static func fuzzInputs(_ kind: String) -> [String] {
        ["Corpus", "Crashes"].flatMap { folder -> [String] in
            let directory = "\(root)/Tests/Fuzz/\(folder)/\(kind)"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(directory)/\($0)" }
        }
    }
}
