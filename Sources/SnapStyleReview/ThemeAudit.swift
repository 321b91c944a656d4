import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleThemes

/// Audits themes of a store: each theme's pairs in every context, with its declared pairs read from its manifest.
public enum ThemeAudit {
    /// The themes audited when none is named: every theme of the roots, else the built-in preset.
    public static func defaultThemes(of store: some ThemeSource) -> [String] {
        let own = store.infos.filter { $0.origin != .builtin }.map(\.name).sorted()
        return own.isEmpty ? [Preset.name] : own
    }

    /// Audits the named themes. `displayPath` turns a root's path into the path a report shows;
    /// `readFile` reads a theme file (for the manifest's `audit` pairs); `only` measures in these contexts instead of
    /// each theme's whole context space.
    public static func run(
        store: some ThemeSource, themes names: [String], options: AuditOptions, all: Bool = false,
        only: [AuditContext]? = nil, displayPath: (String) -> String, readFile: (String) -> [UInt8]?
    ) -> AuditReport {
        var roots: [String: String] = [:]
        for info in store.infos where info.origin != .builtin { roots[info.name] = displayPath(info.root) }
        var results: [ThemeAuditResult] = []
        var problems: [String] = []
        for name in names {
            guard let info = store.infos.first(where: { $0.name == name }) else {
                problems.append(
                    "no theme '\(name)' (known: \(store.infos.map(\.name).sorted().joined(separator: ", ")))")
                continue
            }
            if info.state == .error {
                let first = info.errors.first.map { ": \($0.file):\($0.line): \($0.message)" } ?? ""
                problems.append("theme '\(name)' has errors and is not audited\(first)")
                continue
            }
            guard let theme = store.theme(named: name) else {
                problems.append("theme '\(name)' is not loaded")
                continue
            }
            let (declared, trouble) = declaredPairs(of: info, displayPath: displayPath, readFile: readFile)
            problems += trouble
            let session = theme.session()
            let auditor = ThemeAuditor(
                theme: name, session: session, options: options,
                locator: KeyLocator(session: session, roots: roots), declared: declared)
            results.append(auditor.run(all: all, only: only))
        }
        return AuditReport(options: options, themes: results, problems: problems)
    }

    /// The pairs a theme's manifest declares (`theme.audit` in any of its JSON files), and those that could not be
    /// read.
    /// `memo`: what each file declared when last read; a file read again with the same bytes is not parsed again.
    public static func declaredPairs(
        of info: ThemeInfo, displayPath: (String) -> String, readFile: (String) -> [UInt8]?,
        memo: DeclaredPairsMemo? = nil
    ) -> (pairs: [DeclaredPair], problems: [String]) {
        var declared: [DeclaredPair] = []
        var problems: [String] = []
        guard info.origin != .builtin else { return ([], []) }
        var files: [String: (bytes: [UInt8], pairs: [DeclaredPair], problems: [String])] = [:]
        defer { memo?.files = files }
        for file in info.files where file.hasSuffix(".json") {
            let path = info.root + "/" + file
            guard let bytes = readFile(path) else { continue }
            var read: (pairs: [DeclaredPair], problems: [String]) = ([], [])
            if let known = memo?.files[path], known.bytes == bytes {
                read = (known.pairs, known.problems)
            } else if Self.mayName(bytes, "audit"), let json = try? Jansson.parse(bytes: bytes),
                let audit = json["theme"]?["audit"]
            {
                read = DeclaredPair.read(audit, file: displayPath(path))
            }
            files[path] = (bytes, read.pairs, read.problems)
            declared += read.pairs
            problems += read.problems
        }
        return (declared, problems)
    }
}

extension ThemeAudit {
    /// Whether JSON text may have a member named `name` (ASCII): it holds the name, or an escape (`\u`) that may
    /// spell it. A file that cannot is not parsed.
    static func mayName(_ bytes: [UInt8], _ name: String) -> Bool {
        let needle = Array(name.utf8)
        guard let first = needle.first else { return true }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                return true
            }
            if byte == first, bytes.count - index >= needle.count,
                bytes[index..<index + needle.count].elementsEqual(needle)
            {
                return true
            }
            index += 1
        }
        return false
    }
}

/// The pairs each theme file declared when last read, with its bytes (for `ThemeAudit.declaredPairs`); used from one
/// thread at a time.
public final class DeclaredPairsMemo: @unchecked Sendable {
    var files: [String: (bytes: [UInt8], pairs: [DeclaredPair], problems: [String])] = [:]

    public init() {}
}
