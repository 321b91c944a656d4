import Foundation
import SnapStyleJSON
import SnapStyleJansson
import Testing

@testable import SnapStylePreview

@Suite struct PreviewQueryTests {
    func encoded(_ object: JSONObject) -> String { Jansson.encode(.object(object)) }

    @Test func contextMembersAreTakenFromTheQuery() throws {
        let query = PreviewQuery(
            "colorScheme=dark&dynamicType=accessibility1&vars.theme=dark&vars.containerHeight=844&scaleFactor=1.5"
                + "&component=contentCard&container=card:highlighted&theme=snap&v=12")
        let params = try query.params(names: ["theme"])
        #expect(params["theme"] == "snap")
        let context = try #require(params["context"]?.objectValue)
        #expect(context["colorScheme"] == "dark")
        #expect(context["dynamicType"] == "accessibility1")
        #expect(context["scaleFactor"] == .number(1.5))
        #expect(context["vars"]?["theme"] == "dark")
        #expect(context["vars"]?["containerHeight"] == .number(844))
        #expect(
            context["stack"]
                == [.object(["component": "contentCard"]), .object(["container": "card", "state": "highlighted"])])
        #expect(context["v"] == nil)
    }

    @Test func separateMembersWinOverTheContextObject() throws {
        let json = #"{"colorScheme":"light","contrast":"high","stack":[{"component":"screen"}]}"#
        let query = PreviewQuery(
            "context=" + json.addingPercentEncodingForQuery() + "&colorScheme=dark&component=contentCard")
        let context = try #require(try query.params(names: []).objectValue("context"))
        #expect(context["colorScheme"] == "dark")
        #expect(context["contrast"] == "high")
        #expect(context["stack"] == [.object(["component": "screen"]), .object(["component": "contentCard"])])
    }

    @Test func variablesAndStackEntriesAddToTheContextObjectWhereverTheyStand() throws {
        let json = #"{"vars":{"a":1},"stack":[{"component":"screen"}]}"#
        let query = PreviewQuery(
            "vars.b=2&component=card&context=" + json.addingPercentEncodingForQuery() + "&vars.a=3")
        let context = try #require(try query.params(names: []).objectValue("context"))
        #expect(context["vars"] == .object(["a": .number(3), "b": .number(2)]))
        #expect(context["stack"] == [.object(["component": "screen"]), .object(["component": "card"])])
    }

    @Test func plusIsASpaceAndEscapesAreDecoded() {
        let query = PreviewQuery("a=one+two&b=%7B%22x%22%3A1%7D&c&=skipped&d=")
        #expect(query["a"] == "one two")
        #expect(query["b"] == #"{"x":1}"#)
        #expect(query["c"] == "")
        #expect(query["d"] == "")
        #expect(query.pairs.count == 4)
    }

    @Test func jsonParametersAreParsed() throws {
        let query = PreviewQuery(#"queries=[{"attribute":"font","key":"title"}]&attribute=surface"#)
        let params = try query.params(names: ["attribute"], json: ["queries"])
        #expect(params["queries"] == [.object(["attribute": "font", "key": "title"])])
        #expect(params["attribute"] == "surface")
        #expect(params["context"] == nil)
    }

    @Test(arguments: [
        ("queries=[oops", "queries"), ("context=[1]", "context"), ("context={", "context"),
        ("scaleFactor=big", "scaleFactor"), ("elevation=", "elevation"), ("component=", "component"),
        ("stack=nope", "stack"),
    ])
    func malformedParametersAre400WithTheirName(text: String, field: String) {
        #expect {
            _ = try PreviewQuery(text).params(names: [], json: ["queries"])
        } throws: { error in
            guard let error = error as? PreviewError else { return false }
            return error.status == .badRequest && error.field == field && error.code == -32602
        }
    }

    @Test func withoutContextOtherParametersAreIgnored() throws {
        let params = try PreviewQuery("theme=a&colorScheme=dark&attribute=font").params(
            names: ["theme", "attribute"], withContext: false)
        #expect(encoded(params) == #"{"theme":"a","attribute":"font"}"#)
    }

    @Test(arguments: [
        ("844", JSONValue.number(844)), ("-1.5", .number(-1.5)), ("dark", .string("dark")),
        ("+3", .string("+3")), ("", .string("")), ("inf", .string("inf")),
    ])
    func variablesAreNumbersWhenTheyReadAsNumbers(text: String, value: JSONValue) {
        #expect(PreviewQuery.scalar(text) == value)
    }
}

extension JSONObject {
    fileprivate func objectValue(_ name: String) -> JSONObject? { self[name]?.objectValue }
}

extension String {
    fileprivate func addingPercentEncodingForQuery() -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return addingPercentEncoding(withAllowedCharacters: allowed) ?? self
    }
}
