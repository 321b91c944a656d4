import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

/// Input that used to crash or stall: every recursive walk has a limit that answers an error naming it.
@Suite struct HostileInputTests {
    let methods = StyleMethods(store: loadedStore(), defaultTheme: "snap")

    func call(_ method: String, _ params: JSONValue) -> Result<JSONValue, RPCError> {
        do {
            return .success(try #require(try methods.handle(method, params)))
        } catch let error as RPCError {
            return .failure(error)
        } catch {
            Issue.record("unexpected \(error)")
            return .failure(.internalError())
        }
    }

    /// Overrides with `count` number keys, each referring to the next; the last is 1.
    static func chain(_ count: Int) -> JSONValue {
        var numbers = JSONObject()
        for index in 0..<count { numbers["k\(index)"] = .object(["ref": .string("k\(index + 1)")]) }
        numbers["k\(count)"] = 1
        return .object(["number": .object(numbers)])
    }

    @Test(arguments: ["resolve", "explain"])
    func aReferenceChainDeeperThanTheLimitIsLimitExceeded(method: String) throws {
        let deep: JSONValue = .object([
            "attribute": "number", "key": "k0", "overrides": Self.chain(5_000),
        ])
        guard case .failure(let error) = call(method, deep) else {
            Issue.record("a chain of 5,000 references was answered")
            return
        }
        #expect(error.code == RPCError.limitExceededCode)
        #expect(error.data?["limit"] == "referenceDepth")
        #expect(error.data?["maximum"]?.intValue == 128)
        // Just under the limit it resolves, and explain lists every key it went through.
        let shallow: JSONValue = .object([
            "attribute": "number", "key": "k0", "overrides": Self.chain(120),
        ])
        let result = try call(method, shallow).get()
        #expect(result["value"]?["base"] == 1)
        if method == "explain" { #expect(result["dependsOn"]?.arrayValue?.count == 120) }
    }

    @Test func aDeepChainInAThemeAnswersTheLimitAndCachesNothingWrong() throws {
        let roots = TemporaryDirectory()
        var numbers: [String] = (0..<200).map { #""k\#($0)": {"ref": "k\#($0 + 1)"}"# }
        numbers.append(#""k200": 7"#)
        roots.write("deep.json", #"{"number": {\#(numbers.joined(separator: ", "))}}"#)
        let store = loadedStore([roots.root])
        let session = try #require(store.theme(named: "deep")).session()
        #expect(throws: StyleError.self) { try session.resolve(.number, "k0") }
        // A key near the end of the chain is within the limit, before and after the failed attempt.
        #expect(try session.resolve(.number, "k150")?.json["base"] == 7)
        #expect(throws: StyleError.self) { try session.resolve(.number, "k0") }
        // A key 101 references from the end is cached: the head still fails, whatever the cache holds.
        #expect(try session.resolve(.number, "k100")?.json["base"] == 7)
        #expect(throws: StyleError.self) { try session.resolve(.number, "k0") }
        #expect(throws: StyleError.self) { try session.resolve(.number, "k50") }
        #expect(try session.resolve(.number, "k73")?.json["base"] == 7)  // 128 keys: just within
        #expect(throws: StyleError.self) { try session.resolve(.number, "k72") }
    }

    @Test(arguments: [
        (
            "(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))",
            true
        ),
        (String(repeating: "-", count: 70) + "1", true),
        (Array(repeating: "1", count: 70).joined(separator: " + "), true),
        ("max(" + Array(repeating: "1", count: 64).joined(separator: ", ") + ")", false),
        ("((((((((((1))))))))))", false),
    ])
    func calcExpressionsNestAtMost64Levels(expression: String, rejected: Bool) {
        do {
            _ = try CalcExpression.parse(expression)
            #expect(!rejected)
        } catch {
            #expect(rejected)
            #expect(error.message.contains("deeper than 64"))
        }
    }

    @Test func whenAndNotNestAtMost32Levels() {
        var definition = "1"
        for _ in 0..<40 { definition = #"{"when": [{"if": {}, "then": \#(definition)}]}"# }
        let file = ThemeFile.parse(path: "deep.json", text: #"{"number": {"w": \#(definition)}}"#, themeName: "t")
        #expect(file.errors.contains { $0.message.contains("nests deeper than 32") })
        var matcher = #""dark""#
        for _ in 0..<40 { matcher = #"{"not": \#(matcher)}"# }
        let text = #"{"number": {"w": {"when": [{"if": {"colorScheme": \#(matcher)}, "then": 1}]}}}"#
        let not = ThemeFile.parse(path: "not.json", text: text, themeName: "t")
        #expect(not.errors.contains { $0.message.contains("nests deeper than 32") })
    }

    @Test(arguments: [
        ##"{"width": 4294967296, "height": 4294967296, "points": [], "colors": ["#000000"]}"##,
        ##"{"width": 9223372036854775807, "height": 2, "points": [], "colors": ["#000000"]}"##,
        ##"{"width": 101, "height": 1, "points": [], "colors": ["#000000"]}"##,
        ##"{"width": 0, "height": 1, "points": [], "colors": ["#000000"]}"##,
    ])
    func meshGradientSizesAreCheckedBeforeArithmetic(mesh: String) {
        let file = ThemeFile.parse(
            path: "mesh.json", text: #"{"surface": {"m": {"meshGradient": \#(mesh)}}}"#, themeName: "t")
        #expect(
            file.errors.map(\.message) == ["surface 'm': meshGradient: width and height must be integers from 1 to 100"]
        )
    }

    @Test func nulEscapesAndHugeIntegersAreJSON() throws {
        #expect(try Jansson.parse(#"{"a": "x\u0000y"}"#)["a"] == .string("x\u{0}y"))
        #expect(Jansson.encode(try Jansson.parse(#"["x\u0000y"]"#)) == #"["x\u0000y"]"#)
        let huge = try Jansson.parse(#"{"id": 123456789012345678901234567890, "n": 7, "r": 1.5}"#)
        #expect(huge["id"]?.doubleValue == 1.2345678901234568e29)
        #expect(huge["n"] == .integer(7))
        #expect(huge["r"] == .double(1.5))
        #expect(throws: JSONParseError.self) { try Jansson.parse("[1e400]") }
        #expect(throws: JSONParseError.self) { try Jansson.parse(String(repeating: "[", count: 3000)) }
    }

    @Test func didYouMeanNeverSuggestsTheKeyBeingDefined() {
        let roots = TemporaryDirectory()
        roots.write("t.json", #"{"surface": {"sa0": {"ref": "sa1"}}}"#)
        let store = loadedStore([roots.root])
        let messages = store.infos.first { $0.name == "t" }?.errors.map(\.message) ?? []
        #expect(messages == ["surface 'sa0' refers to unknown surface key 'sa1'"])
    }
}
