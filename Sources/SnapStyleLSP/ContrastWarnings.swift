import SnapStyleEngine
import SnapStyleReview
import SnapStyleThemes

/// A theme's failing contrast pairs as the language server shows them: one warning per foreground key definition,
/// in the theme's own files. Audited once per generation (docs/review.md, "snapstyle audit"), incrementally: after
/// an edit only the pairs that read a key the change reports are measured again (`IncrementalAudit`). The places
/// are looked up again on each use, since an edit that changes no value keeps the generation and may move lines.
struct ContrastWarnings {
    /// The failing pairs of one foreground key (the same key, maybe different colors by context).
    struct Warning {
        var key: AuditKey
        var findings: [AuditFinding]
    }

    /// Per theme: its audit, kept across generations, and the failing pairs of the generation audited last by
    /// foreground key.
    private var audited: [String: (audit: IncrementalAudit, generation: Int, warnings: [Warning])] = [:]
    /// Per theme: the suggestions searched so far (a failing color used the same way gets the same one).
    private var memos: [String: SuggestionMemo] = [:]
    /// Per theme: the pairs its files declared, by their bytes.
    private var declaredMemos: [String: DeclaredPairsMemo] = [:]

    /// The options the server audits with: WCAG 2.2 AA, as `snapstyle audit` by default.
    static let options = AuditOptions()

    /// A theme's memo of suggestions starts afresh past this many.
    static let memoLimit = 2_000

    /// At most this many pairs are listed in one warning's message.
    static let listedPairs = 5

    /// The warnings of a theme now, each at its foreground key's definition: (absolute path, 1-based line and
    /// column, message). Only definitions in the theme's own files are shown.
    mutating func warnings(theme name: String, _ workspace: ThemeWorkspace) -> [(
        path: String, line: Int, column: Int, message: String
    )] {
        guard let info = workspace.info(name), info.origin != .builtin, let theme = workspace.store.theme(named: name)
        else {
            audited[name] = nil
            return []
        }
        let session = theme.session()
        let warnings = audit(name, info: info, session: session, workspace)
        let standard = AuditReport(options: Self.options, themes: [], problems: []).standard
        var roots: [String: String] = [:]
        for info in workspace.store.infos where info.origin != .builtin { roots[info.name] = info.root }
        let locator = KeyLocator(session: session, roots: roots)
        let own = Set(workspace.files(of: name))
        return warnings.compactMap { warning in
            guard let location = locator.location(warning.key.attribute, warning.key.key), !location.builtin,
                own.contains(location.file)
            else { return nil }
            return (location.file, location.line, location.column, Self.message(warning, standard: standard))
        }
    }

    /// Forgets a theme's audit (it is closed or gone).
    mutating func forget(_ name: String) {
        audited[name] = nil
        memos[name] = nil
        declaredMemos[name] = nil
    }

    /// The audit of a theme's generation, measured again only where the changes since the last one reach.
    mutating func audit(
        _ name: String, info: ThemeInfo, session: StyleSession, _ workspace: ThemeWorkspace
    ) -> [Warning] {
        let known = audited[name]
        if let known, known.generation == session.generation { return known.warnings }
        let fileSystem = workspace.fileSystem
        let declaredMemo = declaredMemos[name] ?? DeclaredPairsMemo()
        declaredMemos[name] = declaredMemo
        let declared = ThemeAudit.declaredPairs(
            of: info, displayPath: { $0 }, readFile: { try? fileSystem.read($0, within: nil) }, memo: declaredMemo
        ).pairs
        // Places are looked up when shown; the audit itself needs none.
        let auditor = ThemeAuditor(
            theme: name, session: session, options: Self.options,
            locator: KeyLocator(session: session, roots: [:], places: false), declared: declared)
        let memo = memos[name].flatMap { $0.count < Self.memoLimit ? $0 : nil } ?? SuggestionMemo()
        memos[name] = memo
        let audit = known?.audit ?? IncrementalAudit()
        let result = audit.run(
            auditor, changes: { workspace.changes(of: name, since: $0, to: session.generation) }, memo: memo)
        var byKey: [String: Int] = [:]
        var warnings: [Warning] = []
        for finding in result.findings where !finding.measurement.passes {
            let key = finding.measurement.foreground
            let id = "\(key.attribute.rawValue) \(key.key)"
            if let index = byKey[id] {
                warnings[index].findings.append(finding)
            } else {
                byKey[id] = warnings.count
                warnings.append(Warning(key: key, findings: [finding]))
            }
        }
        audited[name] = (audit, session.generation, warnings)
        return warnings
    }

    /// The audit kept for a theme (for tests: what its last run measured).
    func kept(_ name: String) -> IncrementalAudit? { audited[name]?.audit }

    /// Whether a theme has been audited (its next audit is incremental).
    func hasAudit(_ name: String) -> Bool { audited[name] != nil }

    /// `contrast below WCAG 2.2 AA: surface onAccent fails in 3 pairs`, then one line per pair (the first five,
    /// worst first), then the suggested colors.
    static func message(_ warning: Warning, standard: String) -> String {
        let findings = warning.findings.sorted { $0.measurement.ratio < $1.measurement.ratio }
        let count = findings.count
        var lines = ["contrast below \(standard): \(warning.key.name) fails in \(count) pair\(count == 1 ? "" : "s")"]
        for finding in findings.prefix(listedPairs) {
            let m = finding.measurement
            lines.append(
                "\(m.subject.name): \(m.measuredText(apca: options.apca)), over \(m.background.name) "
                    + "\(m.backgroundColor.shortHex) in \(AuditContext.names(finding.contexts).joined(separator: ", "))"
            )
        }
        if count > listedPairs { lines.append("and \(count - listedPairs) more (snapstyle audit lists them all)") }
        var suggestions: [String] = []
        for finding in findings {
            guard let text = finding.suggestion?.text, !suggestions.contains(text) else { continue }
            suggestions.append(text)
        }
        lines += suggestions.map { "suggestion: \($0)" }
        return lines.joined(separator: "\n")
    }
}
