import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleThemes
import Testing

/// Every result the methods answer is a `WireResult`: a client reads it into its type and writes back the very
/// same JSON, member for member (the example themes and the DTCG fixture `brand`, native and imported keys alike).
@Suite struct WireResultTests {
    let roots = ExportRoundTripTests.sources()
    let methods: StyleMethods

    init() { methods = StyleMethods(store: loadedStore([roots.root]), defaultTheme: "snap") }

    func answer(_ method: Method, _ params: String) throws -> JSONValue {
        try #require(try methods.answer(method, try Jansson.parse(params)))
    }

    func roundTrips<R: WireResult>(_ type: R.Type, _ method: Method, _ params: String) throws {
        let json = try answer(method, params)
        let read = try #require(R(json: json), "\(method) \(params) reads as \(R.self)")
        #expect(Jansson.encode(read.json) == Jansson.encode(json), "\(method) \(params)")
    }

    @Test func everyResultReadsBackToTheSameJSON() throws {
        for theme in ["snap", "ocean", "brand"] {
            try roundTrips(KeysResult.self, .keys, #"{"theme": "\#(theme)"}"#)
            try roundTrips(
                ContainerResult.self, .resolveContainer,
                #"{"theme": "\#(theme)", "context": {"stack": [{"component": "contentCard", "state": "selected"}]}}"#)
        }
        try roundTrips(ThemesResult.self, .themes, "{}")
        try roundTrips(
            ResolveResult.self, .resolve, #"{"attribute": "font", "key": "title", "context": {"colorScheme": "dark"}}"#)
        try roundTrips(ResolveResult.self, .resolve, #"{"attribute": "composition", "key": "title"}"#)
        try roundTrips(
            ResolveQueriesResult.self, .resolve,
            #"{"queries": [{"attribute": "font", "key": "title"}, {"attribute": "font", "key": "titel"}]}"#)
        try roundTrips(
            ExplainResult.self, .explain,
            #"{"attribute": "surface", "key": "accent", "context": {"colorScheme": "dark"}}"#)
        for type in ["title", "icon", "footnote", "separator"] {
            for hierarchy in ["any", "secondary"] {
                try roundTrips(
                    ElementResult.self, .resolveElement,
                    #"{"element": {"type": "\#(type)", "hierarchy": "\#(hierarchy)"}, "context": {"stack": [{"component": "contentCard"}]}}"#
                )
            }
        }
        let brandKeys = try #require(KeysResult(json: try answer(.keys, #"{"theme": "brand"}"#)))
        let imported = try #require(brandKeys.keys.lazy.flatMap(\.entries).first { $0.token != nil })
        let attribute = try #require(brandKeys.keys.first { $0.entries.contains(imported) }?.attribute)
        try roundTrips(
            ExplainResult.self, .explain,
            #"{"theme": "brand", "attribute": "\#(attribute.rawValue)", "key": "\#(imported.key)"}"#)
    }

    /// `resolvedValues` (the in-process build's typed read) is what a client reads from `resolve` with `queries`,
    /// for every key of every attribute, native and imported, in two contexts.
    @Test func typedValuesAreTheAnswersRead() throws {
        var kinds = Set<String>()
        for theme in ["snap", "ocean", "brand"] {
            let keys = try #require(KeysResult(json: try answer(.keys, #"{"theme": "\#(theme)"}"#)))
            let asked = keys.keys.flatMap { list in list.entries.map { (list.attribute, $0.key) } }
            for context: JSONObject in [[:], ["colorScheme": "dark"]] {
                let typed = try methods.resolvedValues(theme: theme, context: context, keys: asked)
                #expect(typed.values.count == asked.count)
                for start in stride(from: 0, to: asked.count, by: 1000) {
                    let batch = Array(asked[start..<min(start + 1000, asked.count)])
                    let request: JSONObject = [
                        "theme": .string(theme), "context": .object(context),
                        "queries": .array(
                            batch.map { .object(["attribute": .string($0.0.rawValue), "key": .string($0.1)]) }),
                    ]
                    let json = try #require(try methods.answer(.resolve, .object(request)))
                    let result = try #require(ResolveQueriesResult(json: json))
                    #expect(result.generation == typed.generation)
                    for (offset, entry) in result.results.enumerated() {
                        let read = entry.value.flatMap { StyleValue(json: $0, attribute: entry.attribute) }
                        #expect(typed.values[start + offset] == read, "\(theme) \(entry.attribute) \(entry.key)")
                        if read != nil { kinds.insert(entry.attribute.rawValue) }
                    }
                }
            }
        }
        #expect(kinds.isSuperset(of: ["surface", "number", "font", "padding", "shape", "composition", "accent"]))
    }

    @Test func aNullValueIsNoValue() throws {
        let result = try #require(
            ResolveResult(json: try answer(.resolve, #"{"attribute": "composition", "key": "title"}"#)))
        #expect(result.value == nil)
        let queries = try #require(
            ResolveQueriesResult(
                json: try answer(.resolve, #"{"queries": [{"attribute": "composition", "key": "title"}]}"#)))
        #expect(queries.results.first?.value == nil)
    }
}
