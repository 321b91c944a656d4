import SnapStyleEngine
import SnapStyleJSON
import Testing

/// A context member that is invalid, the field its error names, and the allowed values it lists.
struct ContextErrorCase: Sendable, CustomStringConvertible {
    var context: JSONObject
    var field: String
    var allowed: [String]?

    var description: String { field }
}

/// Reading a request's context (docs/theme-format.md).
@Suite struct StyleContextTests {
    static func contextError(_ members: JSONObject) -> ContextError? {
        do {
            _ = try StyleContext(json: .object(members))
            return nil
        } catch {
            return error
        }
    }

    @Test func defaults() throws {
        // Theme format 5.1.
        let context = StyleContext()
        #expect(context.colorScheme == .light)
        #expect(context.contrast == .standard)
        #expect(context.platform == nil)
        #expect(context.dynamicType == .large)
        #expect(context.scaleFactor == 1)
        #expect(context.fontDesign == .default)
        #expect(context.fontWidth == .standard)
        #expect(context.elevation == 0)
        #expect(context.accent == "primary")
        #expect(context.stack.isEmpty)
        #expect(context.componentHierarchy == nil)
        #expect(context.element == Element(type: .any, hierarchy: .any))
        #expect(context.vars.isEmpty)
        #expect(try StyleContext(json: .object([:])) == context)
        #expect(try StyleContext(json: .null) == context)
    }

    @Test func everyMemberIsRead() throws {
        let stack: JSONValue = [
            .object(["component": "screen"]),
            .object(["component": "contentCard", "state": "highlighted", "hierarchy": "secondary"]),
            .object(["container": "card", "state": "selected"]),
        ]
        let members: JSONObject = [
            "colorScheme": "dark", "contrast": "high", "platform": "macos", "dynamicType": "accessibility2",
            "scaleFactor": 1.25, "fontDesign": "rounded", "fontWidth": "condensed", "elevation": 2,
            "accent": "destructive", "stack": stack, "componentHierarchy": "tertiary",
            "element": .object(["type": "title", "hierarchy": "secondary"]),
            "vars": .object(["containerHeight": 844, "bottomInset": 34.5, "mode": "compact"]),
        ]
        let context = try StyleContext(json: .object(members))
        #expect(context.colorScheme == .dark)
        #expect(context.contrast == .high)
        #expect(context.platform == "macos")
        #expect(context.dynamicType == .accessibility2)
        #expect(context.scaleFactor == 1.25)
        #expect(context.fontDesign == .rounded)
        #expect(context.fontWidth == .condensed)
        #expect(context.elevation == 2)
        #expect(context.accent == "destructive")
        #expect(
            context.stack == [
                .component("screen", state: .normal, hierarchy: nil),
                .component("contentCard", state: .highlighted, hierarchy: .secondary),
                .container("card", state: .selected),
            ])
        #expect(context.componentHierarchy == .tertiary)
        #expect(context.element == Element(type: .title, hierarchy: .secondary))
        let vars: [String: Scalar] = [
            "containerHeight": .number(844), "bottomInset": .number(34.5), "mode": .string("compact"),
        ]
        #expect(context.vars == vars)
    }

    @Test(arguments: [
        ("title", Element(type: .title, hierarchy: .primary)),
        ("title.secondary", Element(type: .title, hierarchy: .secondary)),
        ("icon.tertiary", Element(type: .icon, hierarchy: .tertiary)),
        ("any", Element(type: .any, hierarchy: .primary)),
        ("footnote.any", Element(type: .footnote, hierarchy: .any)),
    ])
    func elementStringForms(_ text: String, _ element: Element) throws {
        // Theme format 5.1: "title" is {"type": "title", "hierarchy": "primary"}.
        #expect(try StyleContext(json: .object(["element": .string(text)])).element == element)
        #expect(try StyleContext.element(.string(text), field: "element") == element)
    }

    @Test func elementObjectForm() throws {
        let element = try StyleContext.element(.object(["type": "value", "hierarchy": "tertiary"]), field: "element")
        #expect(element == Element(type: .value, hierarchy: .tertiary))
    }

    static let hierarchies = ["any", "primary", "secondary", "tertiary"]
    static let states = ["disabled", "inactive", "normal", "highlighted", "selected"]
    static let elementTypes = ["any", "title", "label", "icon", "value", "accessory", "separator", "footnote"]

    static let errorCases: [ContextErrorCase] = [
        ContextErrorCase(context: ["colorScheme": "sepia"], field: "colorScheme", allowed: ["light", "dark"]),
        ContextErrorCase(context: ["colorScheme": 1], field: "colorScheme", allowed: ["light", "dark"]),
        ContextErrorCase(context: ["contrast": "low"], field: "contrast", allowed: ["standard", "high"]),
        ContextErrorCase(
            context: ["fontDesign": "comic"], field: "fontDesign",
            allowed: ["default", "serif", "rounded", "monospaced"]),
        ContextErrorCase(
            context: ["fontWidth": "wide"], field: "fontWidth",
            allowed: ["compressed", "condensed", "standard", "expanded"]),
        ContextErrorCase(
            context: ["dynamicType": "huge"], field: "dynamicType",
            allowed: [
                "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "accessibility1",
                "accessibility2", "accessibility3", "accessibility4", "accessibility5",
            ]),
        ContextErrorCase(
            context: ["componentHierarchy": "quaternary"], field: "componentHierarchy", allowed: hierarchies),
        ContextErrorCase(
            context: ["element": .object(["type": "banner"])], field: "element.type", allowed: elementTypes),
        ContextErrorCase(context: ["element": "banner"], field: "element.type", allowed: elementTypes),
        ContextErrorCase(context: ["element": "title.quaternary"], field: "element.hierarchy", allowed: hierarchies),
        ContextErrorCase(
            context: ["element": .object(["type": "title", "hierarchy": "top"])], field: "element.hierarchy",
            allowed: hierarchies),
        ContextErrorCase(context: ["element": .object(["type": "title", "size": 2])], field: "element.size"),
        ContextErrorCase(
            context: ["stack": [.object(["component": "card"]), .object(["container": "card", "state": "pressed"])]],
            field: "stack.1.state", allowed: states),
        ContextErrorCase(context: ["stack": [.object(["widget": "card"])]], field: "stack.0.widget"),
        ContextErrorCase(context: ["stack": [.object(["component": "a", "container": "b"])]], field: "stack.0"),
        ContextErrorCase(context: ["stack": [.object(["state": "normal"])]], field: "stack.0"),
        ContextErrorCase(context: ["stack": [.object(["component": "1card"])]], field: "stack.0.component"),
        ContextErrorCase(
            context: ["stack": [.object(["container": "card", "hierarchy": "primary"])]], field: "stack.0.hierarchy"),
        ContextErrorCase(context: ["stack": ["card"]], field: "stack.0"),
        ContextErrorCase(context: ["stack": .object(["component": "card"])], field: "stack"),
        ContextErrorCase(context: ["vars": .object(["x": true])], field: "vars.x"),
        ContextErrorCase(context: ["vars": .object(["ok": 1, "y": [1, 2]])], field: "vars.y"),
        ContextErrorCase(context: ["vars": .object(["z": nil])], field: "vars.z"),
        ContextErrorCase(context: ["vars": [1]], field: "vars"),
        ContextErrorCase(context: ["scaleFactor": -1], field: "scaleFactor"),
        ContextErrorCase(context: ["scaleFactor": "big"], field: "scaleFactor"),
        ContextErrorCase(context: ["elevation": 1.5], field: "elevation"),
        ContextErrorCase(context: ["accent": "not a key"], field: "accent"),
        ContextErrorCase(context: ["platform": ""], field: "platform"),
    ]

    @Test(arguments: StyleContextTests.errorCases)
    func invalidMembersNameTheirField(_ c: ContextErrorCase) throws {
        let error = try #require(Self.contextError(c.context))
        #expect(error.field == c.field)
        if let allowed = c.allowed { #expect(error.allowed == allowed) }
        #expect(!error.reason.isEmpty)
    }

    @Test func unknownMembersAreErrorsListingTheKnownOnes() throws {
        let error = try #require(Self.contextError(["colour": "dark"]))
        #expect(error.field == "colour")
        #expect(
            Set(error.allowed ?? []) == [
                "colorScheme", "contrast", "platform", "dynamicType", "scaleFactor", "fontDesign", "fontWidth",
                "elevation", "accent", "stack", "componentHierarchy", "element", "vars",
            ])
    }

    @Test func zeroIsAValidScaleFactor() throws {
        // Theme format 5.1: "scaleFactor is a finite number ≥ 0".
        #expect(try StyleContext(json: .object(["scaleFactor": 0])).scaleFactor == 0)
    }
}
