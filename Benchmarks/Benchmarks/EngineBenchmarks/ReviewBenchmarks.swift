import Benchmark
import BenchmarkSupport
import Foundation
import SnapStyleDiff
import SnapStyleReview
import SnapStyleThemes

/// The review figures: `snapstyle audit`'s work for the preset, and `snapstyle diff`'s for two revisions of the
/// generated Primer-shaped system.
func reviewBenchmarks() {
    // Every pair in all 12 contexts, grouped, with suggestions. Each iteration loads the preset afresh, so no value
    // is cached from the one before (as in a CLI run).
    Benchmark(
        "audit the preset in every context, from a fresh load (target ≤ 1 s)",
        configuration: .init(timeUnits: .milliseconds, maxDuration: .seconds(20), maxIterations: 20)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let store = ThemeStore(roots: [])
            store.reloadAll()
            let report = ThemeAudit.run(
                store: store, themes: ["snap"], options: AuditOptions(), displayPath: { $0 }, readFile: { _ in nil })
            blackHole(report)
        }
    }

    // Two directories, the second with 20 base colors changed (10 light, 10 dark); each iteration loads both sides
    // from their files and compares them, as `snapstyle diff BASE HEAD` does (the git checkout aside).
    let base = GeneratedTokens()
    let head = base.writeRevision(to: base.root + "-head", changed: 20)
    let sides = (DiffState(label: "base", roots: [base.root]), DiffState(label: "head", roots: [head.root]))
    Benchmark(
        "diff two revisions of the Primer-shaped system, 3,000 tokens / 20 changed: load both, compare (target ≤ 2 s)",
        configuration: .init(timeUnits: .milliseconds, maxDuration: .seconds(30), maxIterations: 10)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let report = ThemeComparison.run(
                base: sides.0.load(), head: sides.1.load(), baseLabel: "base", headLabel: "head",
                themes: [GeneratedTokens.theme])
            precondition(report.themes.first?.keys.count == 20, "\(report.themes.first?.keys.count ?? 0) keys")
            blackHole(report)
        }
    }
    Benchmark(
        "diff the same two revisions, loaded once: compare only",
        configuration: .init(timeUnits: .milliseconds, maxDuration: .seconds(30), maxIterations: 10)
    ) { benchmark in
        let old = sides.0.load(), new = sides.1.load()
        for _ in benchmark.scaledIterations {
            // The themes' caches start empty each time, as in a CLI run.
            for store in [old, new] {
                let theme = store.theme(named: GeneratedTokens.theme)!
                theme.replace(theme.snapshot)
            }
            benchmark.startMeasurement()
            let report = ThemeComparison.run(
                base: old, head: new, baseLabel: "base", headLabel: "head", themes: [GeneratedTokens.theme])
            benchmark.stopMeasurement()
            blackHole(report)
        }
    }
}
