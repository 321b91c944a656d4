import Benchmark
import BenchmarkSupport
import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleThemes

/// The design-token figures (the DTCG issue): load, one edited dark token, and cached resolves of an imported
/// token next to a native key of the same shape in the same theme and context.
func tokenBenchmarks() {
    let tokens = GeneratedTokens()
    let root = ThemeRoot(path: tokens.root, origin: .config)

    Benchmark(
        "DTCG: load a Primer-shaped resolver theme, 3,000 tokens / 900 aliases / 6 modifier contexts (target ≤ 50 ms)",
        configuration: .init(timeUnits: .milliseconds, maxIterations: 50)
    ) { benchmark in
        // The stores are released after the measurement: a daemon loads a theme, it does not tear one down.
        var stores: [ThemeStore] = []
        for _ in benchmark.scaledIterations {
            let store = ThemeStore(roots: [root])
            let report = store.reloadAll()
            precondition(report.failures.isEmpty, "\(report.failures)")
            stores.append(store)
        }
        benchmark.stopMeasurement()
        precondition(stores[0].infos.first { $0.name == GeneratedTokens.theme }?.tokens == GeneratedTokens.tokenCount)
    }

    let dark = try! StyleContext(json: .object(["colorScheme": "dark", "vars": .object(["theme": "dark"])]))

    let invalidated = BenchmarkMetric.custom("entries invalidated", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "DTCG: change one dark token: re-read, recompile the tokens, diff, invalidate",
        configuration: .init(metrics: [.wallClock, invalidated], timeUnits: .microseconds, maxIterations: 100)
    ) { benchmark in
        let store = ThemeStore(roots: [root])
        store.reloadAll()
        let theme = store.theme(named: GeneratedTokens.theme)!
        let session = theme.session()
        _ = try session.resolve(.surface, GeneratedTokens.aliasOfEdited, context: dark)
        var variant = 0
        for _ in benchmark.scaledIterations {
            variant += 1
            tokens.writeDark(variant: variant)
            let before = theme.statistics
            benchmark.startMeasurement()
            let report = store.apply(changedPaths: [tokens.darkPath])
            benchmark.stopMeasurement()
            let changed = report.changes.first?.changed[.surface] ?? []
            precondition(changed.contains(GeneratedTokens.editedColor), "\(report)")
            benchmark.measurement(invalidated, theme.statistics.invalidations - before.invalidations)
            _ = try session.resolve(.surface, GeneratedTokens.aliasOfEdited, context: dark)
        }
        tokens.writeDark(variant: 0)
    }

    // One store for both, loaded once: the two keys differ only in where their definitions came from.
    let cachedStore = ThemeStore(roots: [root])
    cachedStore.reloadAll()
    for (label, key) in [("imported token", GeneratedTokens.aliasOfEdited), ("native key", GeneratedTokens.nativeAlias)] {
        Benchmark(
            "DTCG: cached resolve of an alias, \(label) (target: imported within 10% of native)",
            configuration: .init(scalingFactor: .kilo)
        ) { benchmark in
            let session = cachedStore.theme(named: GeneratedTokens.theme)!.session()
            let prepared = try session.prepare(dark)
            let first = try session.resolve(.surface, key, in: prepared)
            precondition(first != nil)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try session.resolve(.surface, key, in: prepared))
            }
        }
    }

    studioBenchmarks()
}

/// The Tokens Studio figures: a project of the Primer-shaped system's size, loaded, and one edited dark token.
func studioBenchmarks() {
    let project = GeneratedStudioProject()
    let root = ThemeRoot(path: project.root, origin: .config)

    Benchmark(
        "Tokens Studio: load a project of 3,000 tokens, 41 sets, 6 themes, math and modifiers (target ≤ 200 ms)",
        configuration: .init(timeUnits: .milliseconds, maxIterations: 50)
    ) { benchmark in
        var stores: [ThemeStore] = []
        for _ in benchmark.scaledIterations {
            let store = ThemeStore(roots: [root])
            let report = store.reloadAll()
            precondition(report.failures.isEmpty, "\(report.failures)")
            stores.append(store)
        }
        benchmark.stopMeasurement()
        let info = stores[0].infos.first { $0.name == GeneratedStudioProject.theme }
        precondition(info?.tokens == GeneratedStudioProject.tokenCount && info?.errors == [], "\(String(describing: info))")
    }

    Benchmark(
        "Tokens Studio: change one dark token: re-read, recompile, diff, invalidate",
        configuration: .init(timeUnits: .microseconds, maxIterations: 100)
    ) { benchmark in
        let store = ThemeStore(roots: [root])
        store.reloadAll()
        var variant = 0
        for _ in benchmark.scaledIterations {
            variant += 1
            project.writeDark(variant: variant)
            benchmark.startMeasurement()
            let report = store.apply(changedPaths: [project.darkPath])
            benchmark.stopMeasurement()
            precondition(report.changes.first?.changed[.surface]?.contains(GeneratedStudioProject.editedColor) == true)
        }
        project.writeDark(variant: 0)
    }
}
