import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

/// Edits of a DTCG theme's files apply like native edits: `themeChanged` lists exactly the keys whose definitions
/// changed and their readers, and the live store answers as a fresh one.
@Suite struct DTCGLiveTests {
    static let contexts: [StyleContext] = [
        "{}", ##"{"colorScheme": "dark"}"##, ##"{"colorScheme": "dark", "contrast": "high"}"##,
        ##"{"vars": {"size": "regular"}}"##, ##"{"vars": {"theme": "dark", "size": "compact"}}"##,
    ].map { try! StyleContext(json: json($0)) }

    /// The keys a full recompute says changed: definitions that differ between two fresh loads, and their readers.
    static func truth(_ before: ThemeSnapshot, _ after: ThemeSnapshot) -> Set<NodeRef> {
        var differing = Set<NodeRef>()
        for attribute in Attribute.allCases {
            for key in Set(before.keys(attribute)).union(after.keys(attribute)) {
                let a = before.layers.compactMap { $0.entry(attribute, key)?.definition }
                let b = after.layers.compactMap { $0.entry(attribute, key)?.definition }
                if a != b { differing.insert(.key(attribute, key)) }
            }
        }
        let readers = ReferenceGraph(layers: before.layers).affectedKeys(by: differing, stackChanged: false)
            .union(ReferenceGraph(layers: after.layers).affectedKeys(by: differing, stackChanged: false))
        return readers.union(differing)
    }

    static let edits: [(String, String)] = [
        ("brand/theme/dark.tokens.json", ##"{"surface": {"$type": "color", "bg": {"$value": "#222222"}, "fg": {"$value": "{surface.bg}"}}}"##),
        ("brand/theme/dark.tokens.json", ##"{"surface": {"$type": "color", "bg": {"$value": "#000000"}, "fg": {"$value": "{color.red}"}}}"##),
        ("brand/theme/light.tokens.json", ##"{"surface": {"bg": {"$type": "color", "$value": "#FAFAFA"}, "fg": {"$type": "color", "$value": "{color.accent}"}}}"##),
        ("brand/size/compact.tokens.json", ##"{"space": {"gutter": {"$type": "dimension", "$value": {"value": 10, "unit": "px"}}}}"##),
        ("brand/size/compact.tokens.json", ##"{"space": {"gutter": {"$type": "dimension", "$value": "{space.small}"}}}"##),
        ("brand/type/fonts.tokens.json", ##"{"font": {"family": {"base": {"$type": "fontFamily", "$value": ["Georgia"]}}}}"##),
        ("brand/theme/dark-hc.tokens.json", ##"{"surface": {"fg": {"$type": "color", "$value": "#FFFF00"}}}"##),
        ("brand/theme/dark-hc.tokens.json", ##"{"surface": {"fg": {"$type": "color", "$value": "{color.brand}"}, "extra": {"$type": "number", "$value": 7}}}"##),
        ("brand/theme/light.tokens.json", ##"{"surface": {"bg": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1]}}, "fg": {"$type": "color", "$value": "{color.blue.500}"}}}"##),
        ("brand/manifest.json", ##"{"theme": {"remBase": 16, "modifiers": {"theme": {"dark": {"colorScheme": "dark"}}}}}"##),
        ("brand/manifest.json", DTCGFixture.manifest),
        ("brand/theme/light.tokens.json", ##"{"surface": {"bg": {"$type": "color", "$value": "{nothing.here}"}}}"##),
    ]

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomEditsReportExactlyWhatAFullRecomputeFinds(seed: UInt64) throws {
        let roots = TemporaryDirectory()
        DTCGFixture.write(roots)
        let live = loadedStore([roots.root])
        var random = SeededRandom(seed: seed)
        var before = try #require(loadedStore([roots.root]).theme(named: "brand")).snapshot
        for step in 0..<24 {
            let (file, text) = Self.edits[Int(random.next() % UInt64(Self.edits.count))]
            roots.write(file, text)
            // Warm the cache in every context so that stale entries would show.
            if let theme = live.theme(named: "brand") {
                let session = theme.session()
                for attribute in Attribute.allCases {
                    for key in session.snapshot.keys(attribute) {
                        for context in Self.contexts { _ = try? session.resolve(attribute, key, context: context) }
                    }
                }
            }
            let report = live.apply(changedPaths: [roots.full(file)])
            let fresh = loadedStore([roots.root])
            let found = LiveStateTests.differences(live: live, fresh: fresh)
            try #require(found.isEmpty, "seed \(seed) step \(step) \(file): \(found)")
            guard let after = fresh.theme(named: "brand")?.snapshot,
                try ThemeStoreTests.info(fresh, "brand").state == .loaded
            else { continue }
            var reported = Set<NodeRef>()
            for change in report.changes where change.theme == "brand" {
                for (attribute, keys) in change.changed { reported.formUnion(keys.map { .key(attribute, $0) }) }
            }
            let expected = Self.truth(before, after)
            #expect(reported == expected, "seed \(seed) step \(step) \(file)")
            for context in Self.contexts {
                let a = live.theme(named: "brand")!.session()
                let b = fresh.theme(named: "brand")!.session()
                for attribute in Attribute.allCases {
                    for key in b.snapshot.keys(attribute) {
                        #expect(
                            (try? a.resolve(attribute, key, context: context)) == (try? b.resolve(attribute, key, context: context)),
                            "seed \(seed) step \(step): \(attribute) \(key)")
                    }
                }
            }
            before = after
        }
    }
}
