import SnapStyleEngine
import SnapStyleReview
import SnapStyleSystem
import SnapStyleThemes

/// Compares the themes of two builds: `snapstyle diff`.
public enum ThemeComparison {
    /// The themes compared when none is named: every theme of either side's roots, else the built-in preset.
    public static func defaultThemes(base: some ThemeSource, head: some ThemeSource) -> [String] {
        let own = Set((base.infos + head.infos).filter { $0.origin != .builtin }.map(\.name)).sorted()
        return own.isEmpty ? [Preset.name] : own
    }

    /// Compares each named theme; `displayPath` turns a side's root into the path the report shows; `readFile`
    /// reads a theme's manifest for the contrast pairs it declares (`theme.audit`), as `audit` does.
    public static func run(
        base: some ThemeSource, head: some ThemeSource, baseLabel: String, headLabel: String, themes names: [String],
        displayPath: (String) -> String = { $0 },
        readFile: (String) -> [UInt8]? = { try? POSIXFileSystem(maxFileBytes: Limits.fileBytes).read($0) }
    ) -> DiffReport {
        func roots(_ store: any ThemeSource) -> [String: String] {
            var roots: [String: String] = [:]
            for info in store.infos where info.origin != .builtin { roots[info.name] = displayPath(info.root) }
            return roots
        }
        let baseRoots = roots(base), headRoots = roots(head)
        var diffs: [ThemeDiff] = []
        for name in names {
            let sides = [(SideError.Side.base, base as any ThemeSource), (.head, head)].map { side, store in
                (side, store.infos.first { $0.name == name }, store)
            }
            var errors: [SideError] = []
            for (side, info, _) in sides {
                guard let info, info.state == .error else { continue }
                errors += info.errors.map {
                    SideError(side: side, file: $0.file, line: $0.line, column: $0.column, message: $0.message)
                }
            }
            let baseTheme = base.theme(named: name), headTheme = head.theme(named: name)
            if !errors.isEmpty || (baseTheme == nil && headTheme == nil) {
                var diff = ThemeDiff(theme: name, status: .error)
                diff.errors = errors
                if errors.isEmpty {
                    diff.errors = [
                        SideError(
                            side: .head, file: "", line: 0, column: 0, message: "no theme '\(name)' on either side")
                    ]
                }
                diffs.append(diff)
                continue
            }
            guard let baseTheme else {
                diffs.append(ThemeDiff(theme: name, status: .added))
                continue
            }
            guard let headTheme else {
                diffs.append(ThemeDiff(theme: name, status: .removed))
                continue
            }
            func declared(_ info: ThemeInfo?) -> [DeclaredPair] {
                info.map { ThemeAudit.declaredPairs(of: $0, displayPath: displayPath, readFile: readFile).pairs } ?? []
            }
            let differ = ThemeDiffer(
                old: baseTheme.session(), new: headTheme.session(), oldRoots: baseRoots, newRoots: headRoots,
                oldDeclared: declared(sides[0].1), newDeclared: declared(sides[1].1))
            diffs.append(differ.run(theme: name))
        }
        return DiffReport(base: baseLabel, head: headLabel, themes: diffs)
    }
}
