import Foundation
import SnapStyleEngine
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

/// A store that applied any sequence of changes answers exactly as a store loaded afresh from the same files.
@Suite struct LiveStateTests {
    static let contexts: [StyleContext] = {
        var dark = StyleContext()
        dark.colorScheme = .dark
        var large = StyleContext()
        large.dynamicType = .accessibility3
        large.scaleFactor = 2
        return [StyleContext(), dark, large]
    }()

    /// Every difference between a live store and a fresh one: theme list, states, files, errors, and for every
    /// theme that loads afresh every key's value in several contexts, containers and components.
    static func differences(live: ThemeStore, fresh: ThemeStore) -> [String] {
        var found: [String] = []
        let liveInfos = Dictionary(uniqueKeysWithValues: live.infos.map { ($0.name, $0) })
        for info in fresh.infos {
            guard let other = liveInfos[info.name] else {
                found.append("\(info.name): missing in the live store")
                continue
            }
            if other.state != info.state { found.append("\(info.name): state \(other.state), fresh \(info.state)") }
            if other.files != info.files { found.append("\(info.name): files \(other.files), fresh \(info.files)") }
            if other.root != info.root { found.append("\(info.name): root \(other.root), fresh \(info.root)") }
            if other.extends != info.extends { found.append("\(info.name): extends differs") }
            if other.shadowed != info.shadowed { found.append("\(info.name): shadowed differs") }
            if Set(other.errors) != Set(info.errors) {
                found.append("\(info.name): errors \(other.errors), fresh \(info.errors)")
            }
            guard info.state == .loaded, let a = live.theme(named: info.name), let b = fresh.theme(named: info.name)
            else { continue }
            found += differences(theme: info.name, live: a, fresh: b)
        }
        for name in Set(liveInfos.keys).subtracting(fresh.infos.map(\.name)) {
            found.append("\(name): only in the live store")
        }
        return found
    }

    static func differences(theme name: String, live: StyleTheme, fresh: StyleTheme) -> [String] {
        var found: [String] = []
        let (a, b) = (live.session(), fresh.session())
        if a.snapshot.containers != b.snapshot.containers { found.append("\(name): containers differ") }
        if a.snapshot.components != b.snapshot.components { found.append("\(name): components differ") }
        for attribute in Attribute.allCases {
            let keys = b.snapshot.keys(attribute)
            if a.snapshot.keys(attribute) != keys { found.append("\(name): \(attribute) keys differ") }
            for context in contexts {
                for key in keys {
                    let x = try? a.resolve(attribute, key, context: context)?.json
                    let y = try? b.resolve(attribute, key, context: context)?.json
                    if x != y {
                        found.append(
                            "\(name): \(attribute) \(key) is \(String(describing: x)), fresh \(String(describing: y))")
                    }
                }
            }
        }
        return found
    }

    /// Resolves every key of every served theme, so the cache holds entries the next change must drop.
    static func warm(_ store: ThemeStore) {
        for name in store.servedNames {
            guard let theme = store.theme(named: name) else { continue }
            let session = theme.session()
            for attribute in Attribute.allCases {
                for key in session.snapshot.keys(attribute) {
                    for context in contexts { _ = try? session.resolve(attribute, key, context: context) }
                }
            }
        }
    }

    /// Seeds 1...8, or as many as `SNAPSTYLE_LIVE_SEEDS` says (`make soak` runs more).
    static let seeds: [UInt64] = {
        let count = ProcessInfo.processInfo.environment["SNAPSTYLE_LIVE_SEEDS"].flatMap { UInt64($0) } ?? 8
        return Array(1...max(1, count))
    }()

    @Test(arguments: seeds)
    func randomChangesLeaveTheStoreAsAFreshOne(seed: UInt64) throws {
        let directory = TemporaryDirectory()
        let paths = [directory.full("high"), directory.full("user")]
        let tree = ThemeTree(roots: paths, seed: seed)
        let roots = [ThemeRoot(path: paths[0], origin: .config), ThemeRoot(path: paths[1], origin: .user)]
        let live = loadedStore(roots)
        var log: [String] = []
        var pending = Set<String>()
        for index in 0..<250 {
            let step = tree.step()
            log.append(step.description)
            pending.formUnion(step.paths)
            // Bursts: several operations reach the store as one batch of paths, as a settle window merges them.
            guard index % 3 != 0 || index % 7 == 0 else { continue }
            live.apply(changedPaths: pending)
            pending = []
            if index % 5 == 0 { Self.warm(live) }
            if index % 25 == 0 {
                let found = Self.differences(live: live, fresh: loadedStore(roots))
                try #require(found.isEmpty, "seed \(seed) after:\n\(log.suffix(12).joined(separator: "\n"))\n\(found)")
            }
        }
        live.apply(changedPaths: pending)
        let found = Self.differences(live: live, fresh: loadedStore(roots))
        #expect(found.isEmpty, "seed \(seed) after:\n\(log.suffix(12).joined(separator: "\n"))\n\(found)")
    }
}

/// What a root `snap.json` changes is what it redefines, not everything the preset holds.
@Suite struct ShadowingPresetTests {
    @Test func aRootSnapListsOnlyWhatItRedefinesAndItsReaders() throws {
        let roots = TemporaryDirectory()
        let store = loadedStore([roots.root])
        roots.write(
            "snap.json", ##"{"font": {"title": {"size": 30, "weight": "bold"}}, "surface": {"onlyHere": "#123456"}}"##)
        let report = store.apply(changedPaths: [roots.full("snap.json")])
        let change = try #require(report.changes.first { $0.theme == "snap" })
        #expect(change.changed[.surface] == ["onlyHere"])
        #expect(change.changed[.font]?.contains("title") == true)
        #expect(change.changed[.number] == nil)
        #expect(change.containers.isEmpty && change.components.isEmpty)
        roots.remove("snap.json")
        let back = try #require(store.apply(changedPaths: [roots.full("snap.json")]).changes.first)
        #expect(back.changed == change.changed)
    }
}
