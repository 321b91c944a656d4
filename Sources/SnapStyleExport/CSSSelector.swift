/// The check of a CSS export's `selector`, shared by every client that takes one from outside (the preview's
/// `?selector=`, the MCP server's `export_css`): the selector is written into the stylesheet as it is, so it may not
/// end the rule or start another one or a comment.
public enum CSSSelector {
    /// Why `selector` cannot head a block of custom properties, nil when it can: it holds `{`, `}`, `;`, `@`, `/*` or
    /// a control character (C0, DEL, C1).
    public static func problem(_ selector: String) -> String? {
        let forbidden: Set<Unicode.Scalar> = ["{", "}", ";", "@"]
        if let scalar = selector.unicodeScalars.first(where: { forbidden.contains($0) || isControl($0) }) {
            return "a selector cannot hold \(isControl(scalar) ? describe(scalar) : "'\(scalar)'")"
        }
        if selector.contains("/*") { return "a selector cannot hold '/*'" }
        return nil
    }

    /// C0, DEL and C1.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    /// `a control character (U+0000)`.
    public static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "a control character (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
    }
}
