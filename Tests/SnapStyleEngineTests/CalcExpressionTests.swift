import SnapStyleEngine
import SnapStyleJSON
import Testing

/// `calc` expressions (docs/theme-format.md): parsing, evaluation through a number definition, syntax errors.
@Suite struct CalcExpressionTests {
    /// Evaluates `text` as the unscaled calc number `result` of a theme that also defines `numbers`; nil when it
    /// resolves to no value.
    static func evaluate(
        _ text: String, numbers: [String: Double] = [:], context: StyleContext = StyleContext()
    ) throws -> Double? {
        var layer = accentLayer()
        for (key, value) in numbers { layer.define(.number, key, .constant(value)) }
        layer.define(.number, "result", .value(.number(.calc(try CalcExpression.parse(text), scaled: false))))
        return try makeTheme(layer).session().resolve(.number, "result", context: context)?.asNumber?.base
    }

    static func syntaxError(_ text: String) -> CalcSyntaxError? {
        do {
            _ = try CalcExpression.parse(text)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Parsing

    @Test func multiplicationBindsTighterThanAddition() throws {
        #expect(
            try CalcExpression.parse("1 + 2 * 3")
                == .binary(.add, .number(1), .binary(.multiply, .number(2), .number(3))))
        #expect(try Self.evaluate("1 + 2 * 3") == 7)
        #expect(try Self.evaluate("(1 + 2) * 3") == 9)
    }

    @Test func unaryMinusAppliesToTheOperandOnly() throws {
        #expect(try CalcExpression.parse("-2 * 3") == .binary(.multiply, .negate(.number(2)), .number(3)))
        #expect(try CalcExpression.parse("-(2 + 3)") == .negate(.binary(.add, .number(2), .number(3))))
    }

    @Test func keysAndVariablesParse() throws {
        #expect(try CalcExpression.parse("{spacing.large}") == .key("spacing.large"))
        #expect(try CalcExpression.parse("$scaleFactor") == .variable(.scaleFactor))
        #expect(try CalcExpression.parse("$elevation") == .variable(.elevation))
        #expect(try CalcExpression.parse("$container.level") == .variable(.containerLevel))
        #expect(try CalcExpression.parse("$container.levelOverall") == .variable(.containerLevelOverall))
        #expect(try CalcExpression.parse("$vars.bottomInset") == .variable(.vars("bottomInset")))
        #expect(try CalcExpression.parse("clamp(1, 2, 3)") == .call(.clamp, [.number(1), .number(2), .number(3)]))
    }

    @Test func keysListsEveryNumberKeyRead() throws {
        let expression = try CalcExpression.parse("{a} + max({b}, 2) * -{c} - $vars.d")
        #expect(Set(expression.keys) == ["a", "b", "c"])
        #expect(try CalcExpression.parse("$vars.x * 2").keys.isEmpty)
    }

    // MARK: Evaluation

    static let values: [(String, Double)] = [
        ("10 - 4 - 3", 3),  // left-associative
        ("24 / 4 / 2", 3),
        ("2 * -3", -6),
        ("-2 * 3", -6),
        ("--2", 2),
        ("-(2 + 3)", -5),
        ("1.5e2 + .5", 150.5),
        ("7 / 2", 3.5),
        ("min(3, 1, 2)", 1),
        ("max(3, 1, 2)", 3),
        ("max(4)", 4),
        ("clamp(15, 0, 10)", 10),
        ("clamp(-5, 0, 10)", 0),
        ("clamp(5, 0, 10)", 5),
        ("round(2.4)", 2),
        ("round(2.6)", 3),
        ("floor(-1.5)", -2),
        ("floor(1.9)", 1),
        ("ceil(1.2)", 2),
        ("ceil(-1.2)", -1),
        ("abs(-4)", 4),
        ("abs(4)", 4),
        ("max(1, min(8, 4) * 2) - abs(-1)", 7),
        ("  ( 7\t)  ", 7),
    ]

    @Test(arguments: CalcExpressionTests.values)
    func evaluates(_ text: String, _ expected: Double) throws {
        #expect(try Self.evaluate(text) == expected)
    }

    @Test func aKeyReadsTheOtherNumbersUnscaledValue() throws {
        // `gap` is 8; at xxxLarge and scale factor 2 its scaled value is 8 × 2 × 23/17, but `{gap}` is 8.
        let large = makeContext {
            $0.dynamicType = .xxxLarge
            $0.scaleFactor = 2
        }
        #expect(try Self.evaluate("{gap} * 2", numbers: ["gap": 8], context: large) == 16)
        #expect(try Self.evaluate("{gap} + {inset}", numbers: ["gap": 8, "inset": 1.5]) == 9.5)
    }

    @Test func contextValues() throws {
        let context = makeContext {
            $0.scaleFactor = 1.5
            $0.elevation = 3
            $0.vars = ["containerHeight": .number(844), "bottomInset": .number(34)]
        }
        #expect(try Self.evaluate("$scaleFactor * 10", context: context) == 15)
        #expect(try Self.evaluate("$elevation * 2", context: context) == 6)
        #expect(try Self.evaluate("$vars.containerHeight - $vars.bottomInset", context: context) == 810)
        // The preset's collapsed detent: max(844 × 0.76, 844 − 180 − 34) = max(641.44, 630).
        let collapsed = "max($vars.containerHeight * 0.76, $vars.containerHeight - 180 - $vars.bottomInset)"
        #expect(try approx(Self.evaluate(collapsed, context: context), 641.44))
    }

    @Test func containerLevelsOfTheEmptyStack() throws {
        // Theme format 3, predicate table: an empty stack has level 1 and levelOverall -1.
        #expect(try Self.evaluate("$container.level") == 1)
        #expect(try Self.evaluate("$container.levelOverall") == -1)
    }

    @Test func aVariableTheRequestDidNotSetGivesNoValue() throws {
        // Theme format 9: "A calc that reads a variable the request did not set resolves to no value."
        #expect(try Self.evaluate("$vars.containerHeight * 0.48") == nil)
        #expect(try Self.evaluate("max(70, $vars.containerHeight * 0.12)") == nil)
    }

    // MARK: Syntax errors

    /// Expressions and the 0-based offset of their error.
    static let syntaxErrors: [(String, Int)] = [
        ("1 +", 3),  // the end, where an operand was expected
        ("max(1,", 6),  // the end, after the comma
        ("foo(2)", 0),  // the unknown function's name
        ("$nope", 0),  // the unknown variable's `$`
        ("{bad key}", 1),  // the key inside the braces
        ("{a", 2),  // the end, where `}` was expected
        ("1 + 2)", 5),  // the stray `)`
        ("(1 + 2", 6),  // the end, where `)` was expected
        ("2 * * 3", 4),  // the second `*`
        ("1 2", 2),  // the second number
        ("  @", 2),
        ("max 1", 4),  // where `(` was expected
        ("clamp(1, 2)", 0),  // wrong number of arguments: the function's name
        ("round()", 0),
        ("", 0),
        ("1 + \u{FC}", 4),  // offsets count characters, not bytes
    ]

    @Test(arguments: CalcExpressionTests.syntaxErrors)
    func syntaxErrorsCarryTheirOffset(_ text: String, _ offset: Int) throws {
        let error = try #require(Self.syntaxError(text))
        #expect(error.offset == offset)
        #expect(!error.message.isEmpty)
    }

    @Test func syntaxErrorsNameWhatIsWrong() throws {
        let function = try #require(Self.syntaxError("foo(2)"))
        #expect(function.message.contains("foo"))
        let variable = try #require(Self.syntaxError("$nope"))
        #expect(variable.message.contains("$nope"))
        let key = try #require(Self.syntaxError("{bad key}"))
        #expect(key.message.contains("bad key"))
    }
}
