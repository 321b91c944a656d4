import SnapStyleDiagnostics
import Testing

/// A rule is a message's kind: the same for every occurrence whatever key or value it names.
@Suite struct DiagnosticRuleTests {
    @Test(arguments: [
        ("color.red: 'borderWidth' is not a DTCG type: imported as a token", "is-not-a-dtcg-type"),
        ("surface 'a': '#12' is not a color (expected #RGB, #RRGGBB or #RRGGBBAA)", "is-not-a-color"),
        ("reference cycle: a → b → a", "reference-cycle"),
        ("extends unknown theme 'ocean' (known: snap)", "extends-unknown-theme"),
        ("brand.x: has a $type but no $value: read as an empty group", "has-a-type-but-no-value"),
        ("42", "problem"),
    ])
    func identifiers(_ message: String, _ id: String) {
        #expect(DiagnosticRule(message: message).id == id)
    }

    @Test func occurrencesOfAKindShareTheRule() {
        let first = DiagnosticRule(message: "color.red: 'borderWidth' is not a DTCG type: imported as a token")
        let second = DiagnosticRule(message: "size.gap: 'spacing' is not a DTCG type: imported as a token")
        #expect(first == second)
        #expect(first.text == "'…' is not a DTCG type: imported as a token")
        let other = DiagnosticRule(message: "size.gap: no $type anywhere: typed number by its value")
        #expect(other != first)
    }

    /// A summary keeps the first of each rule, in order, and says how many it stands for.
    @Test func summariesKeepTheFirstOfEachRule() {
        let messages = ["a: 'x' is not a DTCG type", "b: no $type anywhere", "c: 'y' is not a DTCG type"]
        let diagnostics = messages.enumerated().map { index, message in
            Diagnostic(severity: .warning, file: "t.json", line: index + 1, column: 1, message: message)
        }
        let summary = Diagnostic.summarized(diagnostics, in: "themes/t")
        #expect(summary.map(\.line) == [1, 2])
        #expect(summary.map(\.count) == [2, 1])
        #expect(summary[0].message.hasPrefix(messages[0] + " (the first of 2 like it in themes/t"))
        #expect(summary[1].message == messages[1])
    }
}
