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

    /// The `selector` of an export (`:root` when absent). It is written into the stylesheet as it is, so it may
    /// not end the rule or start another: no `{`, `}`, `;`, `@`, `/*` or control character.
    public func selector() throws(PreviewError) -> String {
        guard let selector = self["selector"] else { return ":root" }
        let forbidden: Set<Unicode.Scalar> = ["{", "}", ";", "@"]
        if let scalar = selector.unicodeScalars.first(where: { forbidden.contains($0) || Self.isControl($0) }) {
            let what = Self.isControl(scalar) ? Self.describe(scalar) : "'\(scalar)'"
            throw .badQuery("selector", "a selector cannot hold \(what)")
        }
        if selector.contains("/*") { throw .badQuery("selector", "a selector cannot hold '/*'") }
        return selector
    }

    /// C0, DEL and C1.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    /// `a control character (U+0000)`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "a control character (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
    }

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
