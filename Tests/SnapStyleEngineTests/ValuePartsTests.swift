import SnapStyleEngine
import SnapStyleJSON
import Testing

/// A token value that aliases others several times over grows exponentially with its depth: resolution counts
/// the parts of what it builds and stops at `Limits.valueParts`, whatever layers are stacked.
@Suite struct ValuePartsTests {
    /// `s0` = [8, 64]; each `s<n>` is an array naming `s<n-1>` four times: `s<n>` has about 4^n parts.
    static func layer(levels: Int) -> ThemeLayer {
        var layer = ThemeLayer(name: "tokens")
        let base = ImportedLiteral(type: "spacing", value: .json(.array([.number(8), .number(64)])))
        layer.define(.token, "s0", .value(.imported(base)))
        for level in 1...levels {
            let alias = TokenValue.alias(TokenAlias(attribute: .token, key: "s\(level - 1)", type: "spacing"))
            let literal = ImportedLiteral(type: "spacing", value: .array(Array(repeating: alias, count: 4)))
            layer.define(.token, "s\(level)", .value(.imported(literal)))
        }
        layer.define(.token, "other", .value(.imported(ImportedLiteral(type: "number", value: .json(.number(7))))))
        return layer
    }

    @Test func aValueWithinTheBoundResolvesWhole() throws {
        let session = makeTheme(Self.layer(levels: 5)).session()
        let value = try #require(try session.resolve(.token, "s5"))
        guard case .token(let token) = value else { Issue.record("\(value)"); return }
        #expect(token.value.parts(upTo: .max) == 1 + 4 + 16 + 64 + 256 + 1024 * 3)
    }

    @Test func aValuePastTheBoundIsALimitErrorAndTheRestResolves() throws {
        let session = makeTheme(Self.layer(levels: 30)).session()
        let error = #expect(throws: StyleError.self) { _ = try session.resolve(.token, "s30") }
        guard case .limitExceeded(let limit, let maximum, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(limit == "valueParts" && maximum == Limits.valueParts)
        #expect(try session.resolve(.token, "other") != nil)
        #expect(try session.resolve(.token, "s3") != nil)
    }

    @Test(arguments: [0, 1, 7, 10_000, 10_001])
    func partsAreCountedUpToTheBound(bound: Int) {
        let wide = JSONValue.array(Array(repeating: .array(Array(repeating: .number(1), count: 200)), count: 200))
        #expect(wide.parts(upTo: bound) == min(bound, 1 + 200 + 200 * 200))
    }
}
