import SnapStyleEngine
import SnapStyleJSON

extension TokenCompiler {
    /// A color token's definition with Tokens Studio's modifier (`$extensions."studio.tokens".modify`) applied:
    /// `lighten` and `darken` (each channel toward white or black by the amount, as Tokens Studio computes them in
    /// sRGB), `mix` with a color, `alpha` (sets it). On an alias it is an adjustment of the reference, so it follows
    /// the target live; on a literal it is computed once. Amounts are numbers; other spaces than sRGB are
    /// computed in sRGB, with a warning.
    mutating func modified(_ definition: Definition, by modify: JSONValue, def: Def, key: String) -> Definition? {
        let location = def.token.location
        guard let type = modify["type"]?.stringValue else {
            d.error(location, "\(key): a color modifier needs a type (lighten, darken, mix or alpha)")
            return nil
        }
        guard let amount = modify["value"].flatMap({ TokensStudioValue.fraction($0)?.doubleValue }) else {
            d.warning(location, "\(key): a modifier whose amount is a reference or math is not applied yet")
            return definition
        }
        let space = modify["space"]?.stringValue ?? "srgb"
        if space != "srgb" { d.warning(location, "\(key): the '\(space)' modifier is computed in sRGB here") }
        let adjustment: Adjustment
        switch type {
        case "lighten": adjustment = .mix(with: .rgba(RGBA(r: 1, g: 1, b: 1, a: 1)), amount: amount, space: .srgb)
        case "darken": adjustment = .mix(with: .rgba(RGBA(r: 0, g: 0, b: 0, a: 1)), amount: amount, space: .srgb)
        case "alpha": adjustment = .alpha(amount)
        case "mix":
            guard let color = modify["color"], let spec = colorSpec(color) else {
                d.error(location, "\(key): a mix modifier needs a color (a value or a reference)")
                return nil
            }
            adjustment = .mix(with: spec, amount: amount, space: .srgb)
        default:
            d.error(location, "\(key): '\(type)' is not a color modifier (lighten, darken, mix or alpha)")
            return nil
        }
        switch definition {
        case .ref(let target, let adjust):
            return .ref(target, adjust: adjust + [adjustment])
        case .value(.surface(.color(.rgba(let color)))):
            return .value(.surface(.color(.rgba(Self.adjusted(color, adjustment)))))
        default:
            d.warning(location, "\(key): a modifier on this value is not applied yet")
            return definition
        }
    }

    /// A modifier's color: a reference to a color token, or a color value.
    func colorSpec(_ json: JSONValue) -> ColorSpec? {
        if case .string(let text) = json, let target = TokenDocument.reference(text) { return .ref(name(target)) }
        var warnings: [String] = []
        let value = TokensStudioValue.color(json) ?? json
        return (try? DTCGValue.color(value, "", &warnings)).map(ColorSpec.rgba)
    }

    /// A literal color with an adjustment applied.
    static func adjusted(_ color: RGBA, _ adjustment: Adjustment) -> RGBA {
        switch adjustment {
        case .opacity(let factor): RGBA(r: color.r, g: color.g, b: color.b, a: min(max(color.a * factor, 0), 1))
        case .alpha(let value): RGBA(r: color.r, g: color.g, b: color.b, a: min(max(value, 0), 1))
        case .mix(.rgba(let other), let amount, let space): color.mixed(with: other, amount: amount, space: space)
        case .mix: color
        }
    }
}
