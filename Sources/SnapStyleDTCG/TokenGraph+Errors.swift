import SnapStyleEngine
import SnapStyleJSON

/// Errors in imported themes (docs/dtcg.md, "Errors"): a token in error is left out and the rest of the theme
/// serves, so a token that reads one in error is left out too; the same error met once per mode is one message.
extension TokenGraph {
    /// The layer without the tokens that read, directly or not, a token left out in error, an error for each, and
    /// every key left out. The memo keeps the whole layer: the next compile leaves out again what is then still in
    /// error.
    func leavingOutReaders(of layer: ThemeLayer, results keyResults: KeyResults, analysis: KeyAnalysis)
        -> (layer: ThemeLayer, errors: Diagnostics, leftOut: Set<String>)
    {
        var diagnostics = Diagnostics()
        let results = keyResults.all
        var missing = keyResults.undefined.filter { defs[$0] != nil }
        guard !missing.isEmpty else { return (layer, diagnostics, missing) }
        var layer = layer
        let readers = readerIndex()
        var queue = Array(missing).sorted()
        while let target = queue.popLast() {
            for reader in readers[target] ?? [] where !missing.contains(reader) {
                missing.insert(reader)
                queue.append(reader)
                guard let attribute = results[reader]?.attribute ?? analysis.attributeMemo[reader] ?? nil,
                    let location = defs[reader]?.first?.token.location
                else { continue }
                layer.set(attribute, name(reader), nil)
                layer.tokens.tokens[.key(attribute, name(reader))] = nil
                diagnostics.leftOut(location, reader: reader, target: target)
            }
        }
        diagnostics.errors.sort {
            ($0.location.file, $0.location.line, $0.location.column) < (
                $1.location.file, $1.location.line, $1.location.column
            )
        }
        return (layer, diagnostics, missing)
    }

    /// One message per place and cause: an error of a file that applies in several modes of a modifier (or
    /// several sets) is found once per mode; it is reported once, naming the modes.
    func oncePerCause(_ issues: [DTCGIssue]) -> [DTCGIssue] {
        var counts: [DTCGIssue: Int] = [:]
        for issue in issues { counts[issue, default: 0] += 1 }
        guard counts.count < issues.count else { return issues }
        var seen = Set<DTCGIssue>()
        var result: [DTCGIssue] = []
        var modesOfFile: [String: String?] = [:]
        for issue in issues where seen.insert(issue).inserted {
            let file = issue.location.file
            if counts[issue]! > 1, modesOfFile[file] == nil { modesOfFile[file] = .some(modes(applying: file)) }
            guard counts[issue]! > 1, let modes = modesOfFile[file] ?? nil else {
                result.append(issue)
                continue
            }
            result.append(DTCGIssue(issue.location, issue.message + " (in \(modes))"))
        }
        return result
    }

    /// The modifier contexts in which a file's tokens apply, as `Size: small, medium`; nil when the file applies
    /// in a set (every context).
    func modes(applying file: String) -> String? {
        var named: [String] = []
        for unit in units {
            guard let selector = unit.selector else {
                if unit.documents.contains(where: { Self.holds($0, file) }) { return nil }
                continue
            }
            let contexts = unit.documents.indices.filter { Self.holds(unit.documents[$0], file) }
            guard !contexts.isEmpty else { continue }
            named.append("\(selector.name): " + contexts.map { unit.contextNames[$0] }.joined(separator: ", "))
        }
        return named.isEmpty ? nil : named.joined(separator: "; ")
    }

    private static func holds(_ document: TokenDocument, _ file: String) -> Bool {
        document.tokens.values.contains { $0.location.file == file }
    }
}
