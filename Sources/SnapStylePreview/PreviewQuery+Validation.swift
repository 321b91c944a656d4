import SnapStyleExport

extension PreviewQuery {
    /// Refuses a query the daemon cannot read: a control character (a NUL among them) in a parameter's name or
    /// value. The daemon cannot tell which request such a line was (it answers with id null), so it must never
    /// get there. `field` is the name, with its control characters percent-encoded.
    public func validate() throws(PreviewError) {
        for (name, value) in pairs {
            if let scalar = name.unicodeScalars.first(where: Self.isControl) {
                throw .badQuery(Self.printable(name), "\(Self.describe(scalar)) in the parameter's name")
            }
            if let scalar = value.unicodeScalars.first(where: Self.isControl) {
                throw .badQuery(Self.printable(name), "\(Self.describe(scalar)) in the value")
            }
        }
    }

    /// The `selector` of an export (`:root` when absent), checked by `CSSSelector` as every client checks one.
    public func selector() throws(PreviewError) -> String {
        guard let selector = self["selector"] else { return ":root" }
        if let problem = CSSSelector.problem(selector) { throw .badQuery("selector", problem) }
        return selector
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool { CSSSelector.isControl(scalar) }

    static func describe(_ scalar: Unicode.Scalar) -> String { CSSSelector.describe(scalar) }

    /// `text` with its control characters percent-encoded, as they were written in the URL.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count < 2 ? "0" : "") + hex
            }
        }
        return result
    }
}
