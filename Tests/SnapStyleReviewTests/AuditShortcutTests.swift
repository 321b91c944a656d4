import SnapStyleEngine
import Testing

@testable import SnapStyleReview

/// The shortcuts an audit takes give what the long way gives: the written form of a suggested color, the manifests
/// left unparsed, the contexts a `when` edit reaches.
struct AuditShortcutTests {
    @Test func aColorIsWrittenAsItsHexFormReadsBack() throws {
        var generator = SystemRandomNumberGenerator()
        var colors = [RGBA(r: 0, g: 0, b: 0), RGBA(r: 1, g: 1, b: 1, a: 0.5), RGBA(r: -0.2, g: 1.3, b: 0.5)]
        for _ in 0..<2_000 {
            colors.append(
                RGBA(
                    r: Double.random(in: -0.1...1.1, using: &generator), g: Double.random(in: 0...1, using: &generator),
                    b: Double.random(in: 0...1, using: &generator), a: Double.random(in: 0...1, using: &generator)))
        }
        for color in colors {
            let read = try #require(RGBA(hex: color.hex))
            #expect(ColorSuggestion.written(color) == read, "\(color)")
        }
    }

    @Test(
        arguments: [
            ("{\"theme\": {\"audit\": []}}", true), ("{\"surface\": {\"a\": \"#000\"}}", false),
            ("{\"theme\": {\"\\u0061udit\": []}}", true), ("audi", false), ("", false),
        ])
    func aFileIsParsedForDeclaredPairsOnlyWhenItMayNameThem(text: String, parsed: Bool) {
        #expect(ThemeAudit.mayName(Array(text.utf8), "audit") == parsed)
    }

    @Test func aWhenEditReachesOnlyTheContextsWhereAChangedBranchMayBeTaken() {
        func when(_ light: String, stateBranch: String? = nil) -> Definition {
            var cases = [
                Definition.Case(
                    predicate: Predicate(tests: [.init(member: .colorScheme, matcher: .equals(.string("dark")))]),
                    then: .value(.surface(.color(.rgba(RGBA(hex: "#EEEEEE")!)))))
            ]
            if let stateBranch {
                cases.append(
                    Definition.Case(
                        predicate: Predicate(tests: [
                            .init(member: .containerState, matcher: .equals(.string("disabled")))
                        ]),
                        then: .value(.surface(.color(.rgba(RGBA(hex: stateBranch)!))))))
            }
            return .when(cases, else: .value(.surface(.color(.rgba(RGBA(hex: light)!)))))
        }
        let light = AuditContext(colorScheme: .light, contrast: .standard)
        let dark = AuditContext(colorScheme: .dark, contrast: .high)
        let changes = AuditChanges(nodes: [], edits: [:])
        let inLight = ChangeRegion(layers: [], changes: changes, context: light)
        let inDark = ChangeRegion(layers: [], changes: changes, context: dark)
        // The light color is the `else`: the dark branch always gives a value, so dark contexts never reach it.
        #expect(inLight.mayDiffer(when("#111111"), when("#222222")))
        #expect(!inDark.mayDiffer(when("#111111"), when("#222222")))
        // A branch on the container's state may be taken in any light context.
        #expect(inLight.mayDiffer(when("#111111", stateBranch: "#333333"), when("#111111", stateBranch: "#444444")))
        #expect(!inDark.mayDiffer(when("#111111", stateBranch: "#333333"), when("#111111", stateBranch: "#444444")))
        // Other tests, or another shape: every context.
        #expect(inDark.mayDiffer(when("#111111"), when("#111111", stateBranch: "#444444")))
        #expect(inDark.mayDiffer(.value(.number(.constant(1))), .value(.number(.constant(2)))))
    }
}
