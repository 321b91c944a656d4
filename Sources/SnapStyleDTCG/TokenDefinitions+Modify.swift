import SnapStyleEngine
import SnapStyleJSON

extension TokenDefinitions {
    /// A color token's definition with Tokens Studio's modifier (`$extensions."studio.tokens".modify`) applied as
    /// Tokens Studio's transforms compute it (`StudioModifier`): `lighten`, `darken`, `mix` with a color and `alpha`,
    /// in `srgb`, `hsl`, `lch` or `p3`, written in `format` when given. The amount may be a number, a reference or
    /// arithmetic; the color a value or a reference. On an alias it adjusts the reference, so it follows the target
    /// live; on a literal it is computed once, unless its amount or color read other keys.
    mutating func modified(_ definition: Definition, by modify: JSONValue, def: Def, key: String) -> Definition? {
        let location = def.token.location
        guard let typeText = modify["type"]?.stringValue, let kind = StudioModifier.Kind(rawValue: typeText) else {
            let named =
                modify["type"]?.stringValue.map { "'\($0)' is not a color modifier" } ?? "a color modifier needs a type"
            d.error(location, "\(key): \(named) (lighten, darken, mix or alpha)")
            return nil
        }
        guard let spaceText = modify["space"]?.stringValue, let space = StudioModifier.Space(rawValue: spaceText) else {
            d.warning(
                location,
                "\(key): a color modifier without a space (srgb, hsl, lch or p3) leaves the color as it is, "
                    + "as Tokens Studio's transforms do")
            return definition
        }
        var format: StudioColorFormat?
        if let given = modify["format"] {
            guard let text = given.stringValue, let known = StudioColorFormat(rawValue: text) else {
                d.error(location, "\(key): a color modifier's format is hex, hsl, lch, p3 or srgb")
                return nil
            }
            format = known
        }
        guard let value = modify["value"] else {
            d.error(location, "\(key): a color modifier needs a value (its amount)")
            return nil
        }
        guard let amount = modifierAmount(value, def: def, key: key) else { return nil }
        var color: ColorSpec?
        if kind == .mix {
            guard let json = modify["color"], let spec = modifierColor(json, def: def, key: key) else {
                d.error(location, "\(key): a mix modifier needs a color (a value or a reference)")
                return nil
            }
            color = spec
        }
        let modifier = StudioModifier(kind: kind, space: space, amount: amount, color: color, format: format)
        switch definition {
        case .ref(let target, let adjust):
            return .ref(target, adjust: adjust + [.studio(modifier)])
        case .value(.surface(.color(.rgba(let original)))):
            var mixed: RGBA?
            if case .rgba(let literal)? = color { mixed = literal }
            guard let constant = modifier.constantAmount, color == nil || mixed != nil else {
                return .value(.surface(.color(.modified(original, modifier))))
            }
            let result = modifier.apply(to: original, amount: constant, mixing: mixed)
            return .value(.surface(.color(.rgba(result.rgba))))
        default:
            d.warning(location, "\(key): a color modifier applies to a color, not to this value: left as it is")
            return definition
        }
    }

    /// A modifier's amount: a number (`0.2`, `"0.2"`, `"20%"`), a reference to a number, or arithmetic over both.
    mutating func modifierAmount(_ json: JSONValue, def: Def, key: String) -> CalcExpression? {
        if let number = json.doubleValue { return .number(number) }
        guard let text = json.stringValue else {
            d.error(def.token.location, "\(key): a color modifier's value is a number, a reference or arithmetic")
            return nil
        }
        if let fraction = TokensStudioValue.fraction(json)?.doubleValue { return .number(fraction) }
        for target in TokensStudioMath.references(in: text) {
            guard analysis.checkTarget(target, from: def, expected: nil) else { return nil }
            guard analysis.attribute(of: target) == .number else {
                d.error(def.token.location, "\(key): {\(target)} in the modifier's value '\(text)' is not a number")
                return nil
            }
        }
        if let target = TokenDocument.reference(text) { return .key(graph.name(target)) }
        do {
            return try TokensStudioMath.compile(text, remBase: remBase) { _ in false }
        } catch {
            d.error(def.token.location, "\(key): the modifier's value: \(error.message)")
            return nil
        }
    }

    /// A modifier's color: a reference to a color token, or a color value.
    mutating func modifierColor(_ json: JSONValue, def: Def, key: String) -> ColorSpec? {
        if case .string(let text) = json, let target = TokenDocument.reference(text) {
            guard analysis.checkTarget(target, from: def, expected: nil) else { return nil }
            guard analysis.attribute(of: target) == .surface else {
                d.error(def.token.location, "\(key): the modifier's color {\(target)} is not a color")
                return nil
            }
            return .ref(graph.name(target))
        }
        var warnings: [String] = []
        let value = TokensStudioValue.color(json) ?? json
        return (try? DTCGValue.color(value, "", &warnings)).map(ColorSpec.rgba)
    }
}
