import SnapStyleJSON

/// Resolved values in words, one line each, as the CLI prints them (`#102030FF`, `17pt semibold ...`).
public enum ValueText {
    /// A number as the CLI prints it: an integer without a fraction, else three decimals at most.
    public static func number(_ value: JSONValue?) -> String {
        guard let d = value?.doubleValue else { return "?" }
        if d.rounded() == d, abs(d) < 1e15 { return String(Int64(d)) }
        return String((d * 1000).rounded() / 1000)
    }

    /// A resolved value of any attribute on one line.
    public static func value(_ value: JSONValue) -> String {
        guard case .object(let o) = value else { return value.isNull ? "no value" : JSONText.encode(value) }
        if let kind = o["kind"]?.stringValue {
            switch kind {
            case "color": return o["hex"]?.stringValue ?? "?"
            case "material": return "material \(o["material"]?.stringValue ?? "?")"
            default:
                let colors = (o["colors"]?.arrayValue ?? []).compactMap { $0["hex"]?.stringValue }
                return "\(o["gradient"]?.stringValue ?? "") gradient [\(colors.joined(separator: ", "))]"
            }
        }
        if o["baseSize"] != nil {
            let traits = ["textStyle", "design", "width"].map { o[$0]?.stringValue ?? "" }.joined(separator: ", ")
            return "\(number(o["size"]))pt \(o["weight"]?.stringValue ?? "") (base \(number(o["baseSize"])), \(traits))"
        }
        if o["base"] != nil, o["value"] != nil, o.count == 2 {
            return "\(number(o["value"])) (base \(number(o["base"])))"
        }
        if o["leading"] != nil {
            return ["leading", "top", "trailing", "bottom"].map { edge in
                guard let e = o[edge], !e.isNull else { return "\(edge) -" }
                return "\(edge) \(number(e["value"]))" + (e["key"]?.stringValue.map { " (\($0))" } ?? "")
            }.joined(separator: ", ")
        }
        if let shape = o["shape"]?.stringValue {
            guard shape == "roundedRectangle" else { return shape }
            return "roundedRectangle radius \(number(o["cornerRadius"]))"
                + (o["radiusKey"]?.stringValue.map { " (\($0))" } ?? "")
        }
        if let name = o["name"]?.stringValue, o.count == 1 { return "icon \(name)" }
        if o["foreground"] != nil {
            return ["foreground", "background", "backgroundOverlay", "border"].map { layer in
                guard let l = o[layer], !l.isNull else { return "\(layer) -" }
                return "\(layer) \(l["key"]?.stringValue ?? "?")=\(Self.value(l["value"] ?? .null))"
            }.joined(separator: ", ")
        }
        if o["brightness"] != nil {
            return ["base", "onAccent", "complementary", "contrast"].map {
                "\($0) \(o[$0]?["hex"]?.stringValue ?? "?")"
            }
            .joined(separator: ", ") + ", brightness \(o["brightness"]?.stringValue ?? "?")"
        }
        return JSONText.encode(value)
    }
}
