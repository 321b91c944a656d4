import Benchmark
import BenchmarkSupport
import Foundation
import SnapStyleEngine
import SnapStyleThemes

/// Memory figures, in their own process so that no other benchmark's heap is counted.
let benchmarks: @Sendable () -> Void = {
    let generated = GeneratedTheme()
    let root = ThemeRoot(path: generated.root, origin: .config)

    let entries = BenchmarkMetric.custom("cache entries", polarity: .prefersLarger, useScalingFactor: false)
    let baseline = BenchmarkMetric.custom("resident before loading (MB)", polarity: .prefersSmaller,
                                          useScalingFactor: false)
    let loaded = BenchmarkMetric.custom("resident with the theme loaded (MB)", polarity: .prefersSmaller,
                                        useScalingFactor: false)
    let filled = BenchmarkMetric.custom("resident with 100,000 entries (MB)", polarity: .prefersSmaller,
                                        useScalingFactor: false)
    Benchmark(
        "100,000 cached entries (target ≤ 64 MB resident)",
        configuration: .init(metrics: [.peakMemoryResident, entries, baseline, loaded, filled], maxIterations: 1)
    ) { benchmark in
        benchmark.measurement(baseline, residentMegabytes())
        let store = ThemeStore(roots: [root])
        store.reloadAll()
        benchmark.measurement(loaded, residentMegabytes())
        let theme = store.theme(named: "big")!
        let session = theme.session()
        for scale in 0..<10 {
            var context = StyleContext()
            context.scaleFactor = 1 + Double(scale) / 10
            let prepared = try session.prepare(context)
            for index in 0..<generated.keys { _ = try session.resolve(.number, "k\(index)", in: prepared) }
        }
        benchmark.measurement(entries, theme.statistics.entries)
        benchmark.measurement(filled, residentMegabytes())
        blackHole(store)
    }
}

/// The process's resident set now, from /proc/self/statm.
func residentMegabytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let pages = Int(text.split(separator: " ")[1]) ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}
