import Benchmark
import SnapStyleReview
import SnapStyleThemes

/// `snapstyle audit`'s work for the preset: every pair in all 12 contexts, grouped, with suggestions. Each
/// iteration loads the preset afresh, so no value is cached from the one before (as in a CLI run).
func reviewBenchmarks() {
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
}
