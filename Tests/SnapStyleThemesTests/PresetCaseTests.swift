import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleThemes
import Testing

/// Cases written independently from SnapStyle's sources (Fixtures/preset-cases.json), run against the preset.
struct PresetCase: CustomStringConvertible, Sendable {
    let name: String
    let source: String
    let method: String
    let params: JSONValue
    let expect: JSONValue

    var description: String { name }

    static let all: [PresetCase] = {
        let url = Bundle.module.url(forResource: "preset-cases", withExtension: "json", subdirectory: "Fixtures")!
        let text = try! String(contentsOf: url, encoding: .utf8)
        return try! Jansson.parse(text).arrayValue!.map { c in
            PresetCase(
                name: c["name"]!.stringValue!, source: c["source"]?.stringValue ?? "",
                method: c["method"]!.stringValue!, params: c["params"]!, expect: c["expect"]!)
        }
    }()
}

@Suite struct PresetCaseTests {
    static let methods = StyleMethods(store: loadedStore(), defaultTheme: "snap")

    @Test func presetLoadsWithoutErrors() {
        let info = Self.methods.store.infos.first { $0.name == "snap" }
        #expect(info?.errors == [])
        #expect(info?.state == .loaded)
    }

    @Test(arguments: PresetCase.all)
    func presetResolvesAsSnapStyle(_ c: PresetCase) throws {
        let result = try Self.methods.handle(c.method, c.params)
        let answer = try #require(result)
        #expect(
            answer.contains(c.expect),
            "\(c.name) [\(c.source)]\n got: \(Jansson.encode(answer))\n want: \(Jansson.encode(c.expect))")
    }

    /// SnapStyle's fallback accents keep their names, and the keys the context uses are assigned to them.
    @Test(arguments: [
        ("primary", "fallbackPrimary"), ("secondary", "fallbackSecondary"),
        ("destructive", "fallbackDestructive"),
    ])
    func contextAccentsAreTheFallbacks(_ key: String, _ fallback: String) throws {
        func value(_ key: String) throws -> JSONValue? {
            try Self.methods.handle("resolve", .object(["attribute": "accent", "key": .string(key)]))?["value"]
        }
        let assigned = try #require(try value(key))
        #expect(assigned["base"] != nil)
        #expect(try value(fallback) == assigned)
    }
}
