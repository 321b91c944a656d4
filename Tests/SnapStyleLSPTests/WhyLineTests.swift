import SnapStyleProtocol
import Testing

@testable import SnapStyleLSP

/// The explain chain in a hover: one line per step, the definition's kind said once.
@Suite struct WhyLineTests {
    @Test func aStepSaysItsKindOnceOnly() {
        let step = ExplainResult.Step(
            layer: "harbor", file: "harbor/light.tokens.json", line: 5, kind: "when", caseIndex: 0,
            result: "ref palette.white", attribute: .surface, key: "surface.card",
            definition: "when modifier theme = light → ref palette.white", source: ("theme", "light"))
        #expect(
            LanguageServer.whyLine(step)
                == "`harbor/light.tokens.json:5` (harbor, theme: light) `when modifier theme = light → ref "
                + "palette.white` → ref palette.white")
        var value = step
        value.kind = "value"
        value.definition = "#FFFFFFFF"
        value.source = nil
        #expect(
            LanguageServer.whyLine(value)
                == "`harbor/light.tokens.json:5` (harbor) value `#FFFFFFFF` → ref palette.white")
    }
}
