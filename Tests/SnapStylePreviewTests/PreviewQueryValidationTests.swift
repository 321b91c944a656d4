import Testing

@testable import SnapStylePreview

@Suite struct PreviewQueryValidationTests {
    @Test(arguments: [
        ("vars.%00=1", "vars.%00", "U+0000"), ("theme=t1&colorScheme=da%01rk", "colorScheme", "U+0001"),
        ("key=a%0Ab", "key", "U+000A"), ("x%7F=1", "x%7F", "U+007F"), ("x=%C2%85", "x", "U+0085"),
        ("queries=%5B%5D%00", "queries", "U+0000"),
    ])
    func aControlCharacterInANameOrValueIs400(text: String, field: String, scalar: String) {
        #expect {
            try PreviewQuery(text).validate()
        } throws: { error in
            guard let error = error as? PreviewError else { return false }
            return error.status == .badRequest && error.code == -32602 && error.field == field
                && error.message.contains(scalar)
        }
    }

    @Test func printableQueriesPass() throws {
        let text = "theme=t1&vars.theme=dark+mode&component=card:pressed&queries=%5B%5D&v=3&%C3%A9t%C3%A9=%E2%9C%93"
        try PreviewQuery(text).validate()
        try PreviewQuery(nil).validate()
    }
}

@Suite struct SelectorValidationTests {
    @Test(arguments: ["} body {color:red", "a{", "a}", ":root;x", "@media x", "a /* b", "a\tb", "a\u{7F}"])
    func aSelectorThatCouldLeaveItsRuleIs400(selector: String) {
        var query = PreviewQuery(nil)
        query.pairs = [("selector", selector)]
        #expect {
            _ = try query.selector()
        } throws: { error in
            guard let error = error as? PreviewError else { return false }
            return error.status == .badRequest && error.field == "selector" && error.code == -32602
        }
    }

    @Test func ordinarySelectorsPass() throws {
        #expect(try PreviewQuery(nil).selector() == ":root")
        for selector in [":root", "[data-theme=\"dark\"] .card > p", "html.dark, :host(.x)", "a/b", "*"] {
            var query = PreviewQuery(nil)
            query.pairs = [("selector", selector)]
            #expect(try query.selector() == selector)
        }
    }
}
