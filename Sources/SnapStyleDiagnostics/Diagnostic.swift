/// A problem at a place in a file, as a command reports it: the severity, where (the file as shown to the user,
/// 1-based line and column in Unicode scalars), what, and the rule (the kind of problem) it falls under.
public struct Diagnostic: Hashable, Sendable {
    /// How bad it is; the raw values are SARIF's levels and GitHub's workflow commands.
    public enum Severity: String, Sendable, CaseIterable {
        case error, warning, note
    }

    public var severity: Severity
    /// The file as the user reads it: relative to the current directory when below it, otherwise absolute.
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String
    public var rule: DiagnosticRule
    /// How many problems of the same rule it stands for (a summary's first place stands for all of them).
    public var count: Int

    public init(
        severity: Severity, file: String, line: Int? = nil, column: Int? = nil, message: String,
        rule: DiagnosticRule? = nil, count: Int = 1
    ) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.rule = rule ?? DiagnosticRule(message: message)
        self.count = count
    }

    /// `file:line:column: message` (as compilers print it; `file: message` without a line).
    public var description: String {
        guard let line else { return "\(file): \(message)" }
        return "\(file):\(line):\(column ?? 1): \(message)"
    }

    /// One diagnostic per rule, in the order the rules first occur: the first place of each, its message saying how
    /// many more of its rule there are (`theme` names where they are).
    public static func summarized(_ diagnostics: [Diagnostic], in theme: String) -> [Diagnostic] {
        var firsts: [Diagnostic] = []
        var index: [String: Int] = [:]
        for diagnostic in diagnostics {
            let kind = diagnostic.rule.text
            if let at = index[kind] {
                firsts[at].count += diagnostic.count
            } else {
                index[kind] = firsts.count
                firsts.append(diagnostic)
            }
        }
        return firsts.map { first in
            guard first.count > 1 else { return first }
            var summary = first
            summary.message += " (the first of \(first.count) like it in \(theme); --warnings all lists them)"
            return summary
        }
    }
}
