import Benchmark
import BenchmarkSupport
import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleThemes

/// The engine's figures from the issue "The style engine ...": each benchmark's name says its target.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock], timeUnits: .nanoseconds, warmupIterations: 10,
        maxDuration: .seconds(3), maxIterations: 1_000_000)

    let preset = ThemeStore(roots: [])
    preset.reloadAll()

    // A context with ten members set.
    let tenMembers = try! StyleContext(
        json: .object([
            "colorScheme": "dark", "contrast": "high", "platform": "ios", "dynamicType": "accessibility3",
            "scaleFactor": 1.25, "fontDesign": "rounded", "fontWidth": "expanded", "elevation": 1,
            "stack": .array([.object(["component": "screen"]), .object(["component": "contentCard"])]),
            "element": .object(["type": "title", "hierarchy": "secondary"]),
        ]))

    Benchmark("cached resolve, 10-member context prepared once (target median ≤ 300 ns)",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        let session = preset.theme(named: "snap")!.session()
        let prepared = try session.prepare(tenMembers)
        _ = try session.resolve(.font, "title", in: prepared)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try session.resolve(.font, "title", in: prepared))
        }
    }

    Benchmark("cached resolve, 10-member context given with each call (target median ≤ 300 ns)",
              configuration: .init(scalingFactor: .kilo)) { benchmark in
        let session = preset.theme(named: "snap")!.session()
        _ = try session.resolve(.font, "title", context: tenMembers)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try session.resolve(.font, "title", context: tenMembers))
        }
    }

    let chainTheme: StyleTheme = {
        var layer = ThemeLayer(name: "chain")
        let location = SourceLocation(file: "chain.json", line: 1, column: 1)
        for level in 0..<5 {
            let next = Definition.ref("c\(level + 1)", adjust: [])
            let dark = Predicate(tests: [.init(member: .colorScheme, matcher: .equals(.string("dark")))])
            let when = Definition.when([.init(predicate: dark, then: next)], else: next)
            layer.set(.number, "c\(level)", DefinitionEntry(definition: when, location: location))
        }
        layer.set(.number, "c5", DefinitionEntry(definition: .value(.number(.constant(8))), location: location))
        let layers = preset.theme(named: "snap")!.snapshot.layers + [layer]
        return StyleTheme(ThemeSnapshot(name: "chain", generation: 1, layers: layers))
    }()

    // Every iteration resolves in a context never seen before, so nothing is cached: the context is prepared
    // (stack derived, interned) and all six levels are evaluated and stored.
    Benchmark("uncached resolve, 5 refs with a when at each level (target median ≤ 5 µs)") { benchmark in
        var contexts: [StyleContext] = []
        for index in 0..<benchmark.scaledIterations.count + 16 {
            var context = StyleContext()
            context.vars["i"] = .number(Double(index))
            contexts.append(context)
        }
        let session = chainTheme.session()
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try session.resolve(.number, "c0", context: contexts[index]))
        }
    }

    Benchmark(
        "load the preset from its embedded JSON (target ≤ 20 ms)",
        configuration: .init(timeUnits: .microseconds, maxIterations: 200)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let store = ThemeStore(roots: [])
            store.reloadAll()
            blackHole(store)
        }
    }

    let generated = GeneratedTheme()
    let root = ThemeRoot(path: generated.root, origin: .config)

    Benchmark(
        "full load, 10,000 keys / 6,000 refs / chains of 30 (target ≤ 100 ms)",
        configuration: .init(timeUnits: .milliseconds, maxIterations: 30)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let store = ThemeStore(roots: [root])
            let report = store.reloadAll()
            precondition(report.failures.isEmpty, "\(report.failures)")
            blackHole(store)
        }
    }

    let unaffected = BenchmarkMetric.custom("unaffected entries still hit (%)", polarity: .prefersLarger,
                                             useScalingFactor: false)
    let invalidated = BenchmarkMetric.custom("entries invalidated", polarity: .prefersSmaller,
                                              useScalingFactor: false)
    Benchmark(
        "change one key in the 10,000-key theme: re-parse, diff, invalidate (target ≤ 2 ms)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal, unaffected, invalidated], timeUnits: .microseconds,
                             maxIterations: 200)
    ) { benchmark in
        let store = ThemeStore(roots: [root])
        store.reloadAll()
        let theme = store.theme(named: "big")!
        let keys = (0..<generated.keys).map { "k\($0)" }
        for key in keys { _ = try theme.session().resolve(.number, key) }
        let file = GeneratedTheme.chainHead / generated.perFile
        var variant = 0
        for _ in benchmark.scaledIterations {
            variant += 1
            generated.write(file: file, variant: variant)
            let before = theme.statistics
            benchmark.startMeasurement()
            let report = store.apply(changedPaths: [generated.path(file: file)])
            benchmark.stopMeasurement()
            precondition(report.changes.count == 1, "expected one change, got \(report)")
            // Every key outside the changed chain is asked again: all of them must still be hits.
            let changed = Set(report.changes[0].changed[.number] ?? [])
            let session = theme.session()
            let hitsBefore = theme.statistics.hits
            var asked = 0
            for key in keys where !changed.contains(key) {
                _ = try session.resolve(.number, key)
                asked += 1
            }
            let hits = theme.statistics.hits - hitsBefore
            benchmark.measurement(unaffected, hits * 100 / max(asked, 1))
            benchmark.measurement(invalidated, theme.statistics.invalidations - before.invalidations)
            for key in changed { _ = try session.resolve(.number, key) }
        }
        generated.write(file: file, variant: 0)
    }

    tokenBenchmarks()
    reviewBenchmarks()
}
