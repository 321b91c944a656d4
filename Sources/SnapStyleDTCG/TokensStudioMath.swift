import SnapStyleEngine
import SnapStyleJSON

/// Tokens Studio's math (`"{space.base} * 2"`, `"({a} + {b}) / 2"`, `"4px * 2"`): after references, an arithmetic
/// expression, compiled into the engine's `calc` over the referenced keys, so that it follows them live. Lengths
/// are points (`px`; `rem` × the theme's rem size). A unit carries to the result, and a length over a length is a
/// plain number; a length times a length, a plain number over a length, lengths added to plain numbers, and a
/// division by zero are errors.
enum TokensStudioMath {
    /// The member a math value is marked with (`TokensStudioValue.math`).
    static let marker = "$tokensStudioMath"

    /// The text of a marked value.
    static func text(of value: JSONValue) -> String? {
        guard case .object(let object) = value, object.count == 1 else { return nil }
        return object[marker]?.stringValue
    }

    /// The keys the expression reads.
    static func references(in text: String) -> [String] {
        var keys: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            keys.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return keys
    }

    /// The expression, with lengths as points; `isLength` says which keys are lengths. Throws a message.
    static func compile(_ text: String, remBase: Double, isLength: (String) -> Bool) throws(DTCGValueError)
        -> CalcExpression
    {
        try compileWithUnit(text, remBase: remBase, isLength: isLength).expression
    }

    /// The expression, and whether it is a length.
    static func compileWithUnit(_ text: String, remBase: Double, isLength: (String) -> Bool) throws(DTCGValueError)
        -> (expression: CalcExpression, isLength: Bool)
    {
        var expressionText = ""
        var lengths: [Bool] = []
        var index = text.startIndex
        func advance() { index = text.index(after: index) }
        while index < text.endIndex {
            let character = text[index]
            if character == "{" {
                let end = text[index...].firstIndex(of: "}").map { text.index(after: $0) } ?? text.endIndex
                expressionText += text[index..<end]
                index = end
                continue
            }
            let next = text.index(after: index) < text.endIndex ? text[text.index(after: index)] : " "
            guard character.isNumber || (character == "." && next.isNumber) else {
                expressionText.append(character)
                advance()
                continue
            }
            let start = index
            while index < text.endIndex, text[index].isNumber || text[index] == "." { advance() }
            skipExponent(text, &index)
            let digits = String(text[start..<index])
            let unitStart = index
            while index < text.endIndex, text[index].isLetter || text[index] == "%" { advance() }
            let unit = String(text[unitStart..<index])
            guard let number = Double(digits) else { throw DTCGValueError("", "'\(digits)' is not a number") }
            guard number.isFinite else { throw DTCGValueError("", "'\(digits)' is too large a number") }
            switch unit {
            case "", "px": expressionText += digits
            case "rem": expressionText += "\(number * remBase)"
            default: throw DTCGValueError("", "math over '\(unit)' values has no length in points")
            }
            lengths.append(!unit.isEmpty)
        }
        let expression: CalcExpression
        do {
            expression = try CalcExpression.parse(expressionText, tokenPaths: true)
        } catch {
            throw DTCGValueError("", "'\(text)' is not arithmetic Tokens Studio can compute: \(error.message)")
        }
        let length = try unit(of: expression, literals: &lengths, isLength: isLength)
        // Reading no token, it is computed now: a result that is not a finite number is an error, not a null value.
        if expression.keys.isEmpty, !expressionText.contains("$"), expression.constantValue == nil {
            throw DTCGValueError("", "'\(text)' has no finite value (a division by zero, or a number out of range)")
        }
        return (expression, length)
    }

    /// Moves past `e5`, `E-3` or `e+300` after a number's digits (nothing else: `4em` keeps its unit).
    private static func skipExponent(_ text: String, _ index: inout String.Index) {
        guard index < text.endIndex, text[index] == "e" || text[index] == "E" else { return }
        var probe = text.index(after: index)
        if probe < text.endIndex, text[probe] == "+" || text[probe] == "-" { probe = text.index(after: probe) }
        guard probe < text.endIndex, text[probe].isASCII, text[probe].isNumber else { return }
        while probe < text.endIndex, text[probe].isASCII, text[probe].isNumber { probe = text.index(after: probe) }
        index = probe
    }

    /// Whether the expression is a length; throws for the unit errors Tokens Studio's math makes.
    static func unit(of expression: CalcExpression, literals: inout [Bool], isLength: (String) -> Bool)
        throws(DTCGValueError) -> Bool
    {
        switch expression {
        case .number:
            return literals.isEmpty ? false : literals.removeFirst()
        case .key(let key): return isLength(key)
        case .variable: return false
        case .negate(let inner): return try unit(of: inner, literals: &literals, isLength: isLength)
        case .call(_, let arguments):
            var any = false
            for argument in arguments { any = try unit(of: argument, literals: &literals, isLength: isLength) || any }
            return any
        case .binary(let op, let a, let b):
            let left = try unit(of: a, literals: &literals, isLength: isLength)
            let right = try unit(of: b, literals: &literals, isLength: isLength)
            switch op {
            case .add, .subtract:
                guard left == right else { throw DTCGValueError("", "a length and a plain number added together") }
                return left
            case .multiply:
                guard !(left && right) else { throw DTCGValueError("", "a length times a length") }
                return left || right
            case .divide:
                // A length over a length is their ratio, a plain number (`{step} / {base}`).
                guard !right || left else { throw DTCGValueError("", "a plain number divided by a length") }
                if case .number(0) = b { throw DTCGValueError("", "a division by zero") }
                return left && !right
            }
        }
    }
}
