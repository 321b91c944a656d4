import RealModule

/// A `calc` number expression (docs/theme-format.md).
public indirect enum CalcExpression: Hashable, Sendable {
    case number(Double)
    case key(String)
    case variable(CalcVariable)
    case negate(CalcExpression)
    case binary(CalcOperator, CalcExpression, CalcExpression)
    case call(CalcFunction, [CalcExpression])

    /// Every number key the expression reads.
    public var keys: [String] {
        switch self {
        case .number, .variable: []
        case .key(let key): [key]
        case .negate(let e): e.keys
        case .binary(_, let a, let b): a.keys + b.keys
        case .call(_, let args): args.flatMap(\.keys)
        }
    }

    /// Whether it reads the container stack.
    var readsStack: Bool {
        switch self {
        case .number, .key: false
        case .variable(let v): v == .containerLevel || v == .containerLevelOverall
        case .negate(let e): e.readsStack
        case .binary(_, let a, let b): a.readsStack || b.readsStack
        case .call(_, let args): args.contains(where: \.readsStack)
        }
    }
}

/// A value a calc expression reads from the context (`$scaleFactor`, `$vars.NAME`, ...).
public enum CalcVariable: Hashable, Sendable {
    case scaleFactor, elevation, containerLevel, containerLevelOverall
    case vars(String)
}

/// A calc expression's binary operator.
public enum CalcOperator: Character, Hashable, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/"
}

/// A function a calc expression may call, with the number of arguments it takes.
public enum CalcFunction: String, Hashable, Sendable, CaseIterable {
    case min, max, clamp, round, floor, ceil, abs
    /// Tokens Studio's math only (its expression evaluator's): `roundTo(x, digits)`, `sqrt(x)`, `pow(x, y)`.
    case roundTo, sqrt, pow

    var arity: ClosedRange<Int> {
        switch self {
        case .min, .max: 1...64
        case .clamp: 3...3
        case .round, .floor, .ceil, .abs, .sqrt: 1...1
        case .roundTo: 1...2
        case .pow: 2...2
        }
    }

    /// Whether only Tokens Studio's math (an expression over token paths) may call it.
    var isTokensStudioOnly: Bool { self == .roundTo || self == .sqrt || self == .pow }

    /// `value` rounded to `digits` decimals, halves up, shifted in decimal as Tokens Studio's evaluator shifts it
    /// (so that `roundTo(1.005, 2)` is 1.01).
    static func roundTo(_ value: Double, _ digits: Double) -> Double? {
        guard digits.rounded() == digits, Swift.abs(digits) < 300 else { return nil }
        let shift = Int(digits)
        func shifted(_ v: Double, _ by: Int) -> Double? {
            let text = v.description
            let parts = text.split(separator: "e", maxSplits: 1)
            let exponent = (parts.count == 2 ? Int(parts[1]) ?? 0 : 0) + by
            return Double(parts[0] + "e\(exponent)")
        }
        guard let up = shifted(value, shift) else { return nil }
        return shifted((up + 0.5).rounded(.down), -shift)
    }
}

/// A syntax error in a calc expression: what, and at which 0-based character offset.
public struct CalcSyntaxError: Error, Hashable, Sendable {
    public var message: String
    public var offset: Int
}

extension CalcExpression {
    /// How deep an expression's tree may be: parentheses, function calls, unary minus and chained operators
    /// each add a level. Everything that walks the tree (evaluation, comparison, release) recurses, so the
    /// depth is bounded when it is parsed.
    public static let maximumDepth = Limits.calcDepth

    /// Parses an expression; errors carry the character offset. With `tokenPaths`, `{…}` may name an imported
    /// token by its path (segments with spaces, digits first), as Tokens Studio's math does; a native theme's calc
    /// names native keys.
    public static func parse(_ text: String, tokenPaths: Bool = false) throws(CalcSyntaxError) -> CalcExpression {
        var parser = CalcParser(Array(text.unicodeScalars))
        parser.tokenPaths = tokenPaths
        let expression = try parser.expression().expression
        parser.skipSpaces()
        if parser.index < parser.scalars.count {
            throw CalcSyntaxError(message: "unexpected '\(parser.scalars[parser.index])'", offset: parser.index)
        }
        return expression
    }
}

private struct CalcParser {
    /// A parsed part and the depth of its tree.
    typealias Node = (expression: CalcExpression, depth: Int)

    let scalars: [Unicode.Scalar]
    var index = 0
    /// Parentheses, calls and unary minus being parsed.
    var open = 0
    /// Whether a reference may be a token path (`KeySyntax.isValidReference`), not only a native key.
    var tokenPaths = false

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func skipSpaces() {
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
    }

    private func peek() -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    func nested(_ depth: Int, at offset: Int) throws(CalcSyntaxError) -> Int {
        guard depth <= CalcExpression.maximumDepth else {
            throw CalcSyntaxError(
                message: "the expression nests deeper than \(CalcExpression.maximumDepth) levels "
                    + "(parentheses, calls, unary minus and chained operators each count)", offset: offset)
        }
        return depth
    }

    mutating func expression() throws(CalcSyntaxError) -> Node {
        var lhs = try term()
        while true {
            skipSpaces()
            guard let c = peek(), c == "+" || c == "-" else { return lhs }
            let offset = index
            index += 1
            let rhs = try term()
            let depth = try nested(max(lhs.depth, rhs.depth) + 1, at: offset)
            lhs = (.binary(c == "+" ? .add : .subtract, lhs.expression, rhs.expression), depth)
        }
    }

    mutating func term() throws(CalcSyntaxError) -> Node {
        var lhs = try unary()
        while true {
            skipSpaces()
            guard let c = peek(), c == "*" || c == "/" else { return lhs }
            let offset = index
            index += 1
            let rhs = try unary()
            let depth = try nested(max(lhs.depth, rhs.depth) + 1, at: offset)
            lhs = (.binary(c == "*" ? .multiply : .divide, lhs.expression, rhs.expression), depth)
        }
    }

    /// Unary minus and parentheses recurse: `open` counts how many are open, so that hostile input stops at
    /// the limit before the parser's own stack grows.
    mutating func unary() throws(CalcSyntaxError) -> Node {
        skipSpaces()
        if peek() == "-" {
            let offset = index
            index += 1
            open += 1
            _ = try nested(open, at: offset)
            let inner = try unary()
            open -= 1
            return (.negate(inner.expression), try nested(inner.depth + 1, at: offset))
        }
        return try primary()
    }

    private static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || ("a"..."z").contains(c) || ("A"..."Z").contains(c)
    }

    private static func isIdentifierPart(_ c: Unicode.Scalar) -> Bool {
        isIdentifierStart(c) || ("0"..."9").contains(c) || c == "."
    }

    mutating func primary() throws(CalcSyntaxError) -> Node {
        skipSpaces()
        guard let c = peek() else { throw CalcSyntaxError(message: "unexpected end of expression", offset: index) }
        let start = index
        if ("0"..."9").contains(c) || c == "." {
            while let d = peek(), ("0"..."9").contains(d) || d == "." || d == "e" || d == "E" {
                index += 1
                if (d == "e" || d == "E"), let sign = peek(), sign == "+" || sign == "-" { index += 1 }
            }
            let text = String(String.UnicodeScalarView(scalars[start..<index]))
            guard let value = Double(text) else {
                throw CalcSyntaxError(message: "bad number '\(text)'", offset: start)
            }
            return (.number(value), 1)
        }
        if c == "(" {
            index += 1
            open += 1
            _ = try nested(open, at: start)
            let inner = try expression()
            open -= 1
            skipSpaces()
            guard peek() == ")" else { throw CalcSyntaxError(message: "expected ')'", offset: index) }
            index += 1
            return inner
        }
        if c == "{" {
            index += 1
            let nameStart = index
            while let d = peek(), d != "}" { index += 1 }
            guard peek() == "}" else { throw CalcSyntaxError(message: "expected '}'", offset: index) }
            let name = String(String.UnicodeScalarView(scalars[nameStart..<index]))
            index += 1
            guard tokenPaths ? KeySyntax.isValidReference(name) : KeySyntax.isValid(name) else {
                throw CalcSyntaxError(message: "'\(name)' is not a valid key", offset: nameStart)
            }
            return (.key(name), 1)
        }
        if c == "$" {
            index += 1
            let nameStart = index
            while let d = peek(), Self.isIdentifierPart(d) { index += 1 }
            let name = String(String.UnicodeScalarView(scalars[nameStart..<index]))
            switch name {
            case "scaleFactor": return (.variable(.scaleFactor), 1)
            case "elevation": return (.variable(.elevation), 1)
            case "container.level": return (.variable(.containerLevel), 1)
            case "container.levelOverall": return (.variable(.containerLevelOverall), 1)
            default:
                if name.hasPrefix("vars."), name.count > 5 {
                    return (.variable(.vars(String(name.dropFirst(5)))), 1)
                }
                throw CalcSyntaxError(
                    message: "unknown variable '$\(name)' (expected $scaleFactor, $elevation, $container.level, "
                        + "$container.levelOverall or $vars.NAME)", offset: start)
            }
        }
        if Self.isIdentifierStart(c) {
            while let d = peek(), Self.isIdentifierPart(d) { index += 1 }
            let name = String(String.UnicodeScalarView(scalars[start..<index]))
            guard let function = CalcFunction(rawValue: name), tokenPaths || !function.isTokensStudioOnly else {
                throw CalcSyntaxError(
                    message: "unknown function '\(name)' (expected min, max, clamp, round, floor, ceil or abs"
                        + (tokenPaths ? ", roundTo, sqrt or pow)" : ")"),
                    offset: start)
            }
            skipSpaces()
            guard peek() == "(" else { throw CalcSyntaxError(message: "expected '(' after \(name)", offset: index) }
            index += 1
            open += 1
            _ = try nested(open, at: start)
            var arguments: [CalcExpression] = []
            var depth = 1
            skipSpaces()
            if peek() != ")" {
                while true {
                    let argument = try expression()
                    arguments.append(argument.expression)
                    depth = max(depth, argument.depth + 1)
                    skipSpaces()
                    if peek() == "," {
                        index += 1
                        continue
                    }
                    break
                }
            }
            guard peek() == ")" else { throw CalcSyntaxError(message: "expected ')' or ','", offset: index) }
            index += 1
            open -= 1
            guard function.arity.contains(arguments.count) else {
                let arity = function.arity
                let least = arity.lowerBound
                let expected = least == arity.upperBound ? "\(least)" : "at least \(least)"
                throw CalcSyntaxError(
                    message: "\(name) takes \(expected) argument(s), got \(arguments.count)", offset: start)
            }
            return (.call(function, arguments), try nested(depth, at: start))
        }
        throw CalcSyntaxError(message: "unexpected '\(c)'", offset: index)
    }
}

extension CalcExpression {
    /// The value of an expression that reads no key and no variable.
    public var constantValue: Double? { evaluate(key: { _ in nil }, variable: { _ in nil }) }

    /// Evaluates with the given lookups; nil when a value is missing or the result is not finite.
    func evaluate(key: (String) -> Double?, variable: (CalcVariable) -> Double?) -> Double? {
        let result: Double?
        switch self {
        case .number(let n): result = n
        case .key(let k): result = key(k)
        case .variable(let v): result = variable(v)
        case .negate(let e): result = e.evaluate(key: key, variable: variable).map { -$0 }
        case .binary(let op, let a, let b):
            guard let x = a.evaluate(key: key, variable: variable), let y = b.evaluate(key: key, variable: variable)
            else { return nil }
            switch op {
            case .add: result = x + y
            case .subtract: result = x - y
            case .multiply: result = x * y
            case .divide: result = x / y
            }
        case .call(let function, let args):
            var values: [Double] = []
            for arg in args {
                guard let v = arg.evaluate(key: key, variable: variable) else { return nil }
                values.append(v)
            }
            switch function {
            case .min: result = values.min()
            case .max: result = values.max()
            case .clamp: result = Swift.min(Swift.max(values[0], values[1]), values[2])
            case .round: result = values[0].rounded()
            case .floor: result = values[0].rounded(.down)
            case .ceil: result = values[0].rounded(.up)
            case .abs: result = Swift.abs(values[0])
            case .roundTo: result = CalcFunction.roundTo(values[0], values.count > 1 ? values[1] : 0)
            case .sqrt: result = values[0].squareRoot()
            case .pow: result = Double.pow(values[0], values[1])
            }
        }
        guard let result, result.isFinite else { return nil }
        return result
    }
}
