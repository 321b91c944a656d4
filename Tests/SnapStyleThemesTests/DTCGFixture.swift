import SnapStyleTestSupport

/// The design system of the DTCG tests (shared with the DTCG fuzz targets), under its name in this target.
typealias DTCGFixture = SnapStyleTestSupport.DTCGFixture

extension DTCGFixture {
    /// Writes the theme `brand` (a resolver beside its directory) into a root.
    static func write(_ roots: TemporaryDirectory) {
        for (path, text) in files { roots.write(path, text) }
    }
}
