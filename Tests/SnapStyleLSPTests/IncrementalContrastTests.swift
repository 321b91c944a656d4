import Logging
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleReview
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

@testable import SnapStyleLSP

/// The language server's contrast audit after an edit measures only the pairs that read what changed, and says
/// what a whole audit of the same generation says.
@Suite struct IncrementalContrastTests {
    static let theme = """
        {
          "component": {
            "inkCard": {"extends": "contentCard", "composition": {"label": "inkText"}},
            "slateCard": {"extends": "contentCard", "composition": {"label": "slateText"}}
          },
          "composition": {"inkText": {"foreground": "inkLabel"}, "slateText": {"foreground": "slateLabel"}},
          "surface": {
            "inkLabel": {"when": [{"if": {"colorScheme": "dark"}, "then": "#EBEBF0"}], "else": "#3A3A3C"},
            "slateLabel": "#3A3A3C"
          }
        }
        """

    /// The theme with `inkLabel`'s light color replaced.
    static func ink(_ color: String) -> String {
        theme.replacingOccurrences(of: "\"else\": \"#3A3A3C\"", with: "\"else\": \"\(color)\"")
    }

    /// The theme with a light color of its own for `inkLabel` on secondary elements.
    static func secondary(_ color: String) -> String {
        theme.replacingOccurrences(
            of: "\"then\": \"#EBEBF0\"}]",
            with: "\"then\": \"#EBEBF0\"}, {\"if\": {\"element.hierarchy\": \"secondary\"}, \"then\": \"\(color)\"}]")
    }

    /// A whole audit of the generation the server serves now, as the server audits (no places, no declared pairs).
    static func wholeAudit(_ server: LanguageServer) throws -> (result: ThemeAuditResult, contexts: Int) {
        let theme = try #require(server.workspace?.store.theme(named: "ink"))
        let session = theme.session()
        let auditor = ThemeAuditor(
            theme: "ink", session: session, options: ContrastWarnings.options,
            locator: KeyLocator(session: session, roots: [:], places: false))
        return (auditor.run(), auditor.contexts.count)
    }

    /// What an edit should make the audit do.
    enum Expected {
        /// Measure again this many components, this many unit × context measurements in all (a component only in
        /// the contexts where a key it reads may differ).
        case readers(Int, units: Int)
        /// Measure again more than two components, not all.
        case someReaders
        /// Measure everything.
        case structural
        /// Nothing: the theme is in error.
        case broken
    }

    @Test func aOneKeyEditMeasuresOnlyItsReadersAndEveryEditEqualsAWholeAudit() async throws {
        let harness = await ContrastWarningsTests.Harness()
        harness.roots.write("ink/theme.json", Self.theme)
        _ = await harness.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(harness.uri), "languageId": "json", "version": 1, "text": .string(Self.theme),
                ]
            ])
        let audit = try #require(harness.server.contrast.kept("ink"))
        #expect(audit.lastRun.whole, "the first audit measures everything")
        let everything = audit.lastRun.units
        let groups = audit.lastRegrouped
        #expect(groups > 10, "the first audit groups every component, accent and named pair")
        let (first, contexts) = try Self.wholeAudit(harness.server)
        let same = audit.lastResult?.findings == first.findings
        #expect(same, "the findings differ from a whole audit's")

        let paleSlate = Self.ink("#C9C9C9").replacingOccurrences(
            of: "\"slateLabel\": \"#3A3A3C\"", with: "\"slateLabel\": \"#D0D0D0\"")
        let broken = paleSlate.replacingOccurrences(of: "\"slateLabel\": \"#D0D0D0\"", with: "\"slateLabel\": ")
        let shared = Self.theme.replacingOccurrences(
            of: "\"label\": \"slateText\"", with: "\"label\": \"inkText\"")
        // The preset's content card container drawn on a background of the theme's.
        func backed(_ color: String) -> String {
            shared.replacingOccurrences(
                of: "\"composition\": {\"inkText\"",
                with: "\"composition\": {\"containerContentCard\": {\"background\": \"inkBack\"}, \"inkText\""
            ).replacingOccurrences(of: "\"slateLabel\": ", with: "\"inkBack\": \"\(color)\", \"slateLabel\": ")
        }
        // inkLabel's light color is its `else`, taken only in light contexts (its dark branch always gives a value).
        let light = contexts / 2
        // A branch on the container's state: the audit cannot tell where it is taken, so it may be in every light
        // context.
        let stated = Self.theme.replacingOccurrences(
            of: "\"else\": \"#3A3A3C\"}",
            with: "\"else\": {\"when\": [{\"if\": {\"container.state\": \"disabled\"}, "
                + "\"then\": \"#6E6E73\"}], \"else\": \"#3A3A3C\"}}")
        let edits: [(text: String, expected: Expected)] = [
            (Self.ink("#C8C8C8"), .readers(1, units: light)),  // inkLabel fails
            (Self.ink("#C9C9C9"), .readers(1, units: light)),
            (paleSlate, .readers(1, units: contexts)),
            (broken, .broken),
            // Mended: both labels changed since the last good generation.
            (Self.theme, .readers(2, units: light + contexts)),
            (Self.theme.replacingOccurrences(of: "#EBEBF0", with: "#EBEBF1"), .readers(1, units: contexts - light)),
            (stated, .readers(1, units: contexts)),
            (stated.replacingOccurrences(of: "#6E6E73", with: "#5E5E63"), .readers(1, units: light)),
            // A branch on the element's hierarchy: possibly taken in any context (its findings per hierarchy).
            (Self.secondary("#C0C0C0"), .readers(1, units: contexts)),
            (Self.secondary("#C8C8C8"), .readers(1, units: light)),
            (shared, .structural),  // slateCard's label reads inkLabel now
            (
                shared.replacingOccurrences(of: "\"else\": \"#3A3A3C\"", with: "\"else\": \"#D1D1D1\""),
                .readers(2, units: 2 * light)
            ),
            (backed("#FFFFFF"), .someReaders),  // every component on the content card container
            (backed("#2A2A2A"), .someReaders),  // the labels now fail on a dark card
        ]
        for (index, (text, expected)) in edits.enumerated() {
            let diagnostics = await harness.change(text, version: Int64(index + 2))
            if case .broken = expected { continue }
            let errors = (diagnostics ?? []).filter { $0["severity"]?.intValue == 1 }
                .map { $0["message"]?.stringValue ?? "" }
            #expect(errors.isEmpty, "edit \(index) keeps the theme valid: \(errors.joined(separator: "; "))")
            let (whole, _) = try Self.wholeAudit(harness.server)
            #expect(audit.lastResult?.generation == whole.generation, "edit \(index)")
            let same = audit.lastResult?.findings == whole.findings
            #expect(same, "edit \(index): the findings differ from a whole audit's")
            #expect(audit.lastResult?.failing == whole.failing, "edit \(index)")
            #expect(audit.lastResult?.measured == whole.measured, "edit \(index)")
            switch expected {
            case .structural:
                #expect(audit.lastRun.whole, "edit \(index)")
                #expect(audit.lastRegrouped == groups, "edit \(index)")
            case .readers(let readers, let units):
                #expect(!audit.lastRun.whole, "edit \(index)")
                #expect(audit.lastRun.units == units, "edit \(index): \(audit.lastRun)")
                #expect(audit.lastRun.units * 10 < everything, "edit \(index)")
                #expect(
                    audit.lastRegrouped == readers, "edit \(index): only the readers' findings are grouped again")
            case .someReaders:
                #expect(!audit.lastRun.whole, "edit \(index)")
                #expect(audit.lastRun.units > 2 * contexts && audit.lastRun.units < everything, "edit \(index)")
                #expect(audit.lastRegrouped > 2 && audit.lastRegrouped < groups, "edit \(index)")
            case .broken: break
            }
        }
        #expect(audit.lastResult?.failing ?? 0 > 0, "the last edit fails contrast")
    }
}
