import RealModule

/// The output format of a Tokens Studio color modifier (`format`): a color space's own notation, or hex.
public enum StudioColorFormat: String, ClosedSet {
    case hex, hsl, lch, p3, srgb
}

extension StudioColor {
    /// The text colorjs writes for the color (`toString({inGamut: true, precision: 5, format})`), and the color
    /// that text stands for (its rounded components): `rgb(80.549% 40.706% 40.706%)`, `hsl(0 50.598% 60.627%)`,
    /// `lch(57.685 47.48 29.704)`, `color(display-p3 0.76016 0.43532 0.42213)`, `#9a3535`; ` / 0.2` when not
    /// opaque.
    func written(hex: Bool = false) -> (text: String, color: StudioColor) {
        var color = self
        if !color.isInGamut(of: space) { color = color.mappedToGamut() }
        if hex && space == .srgb {
            var bytes = [color.coords.x, color.coords.y, color.coords.z].map { Self.jsRound($0 * 255) }
            if color.alpha < 1 { bytes.append(Self.jsRound(color.alpha * 255)) }
            let collapsible = bytes.allSatisfy { $0 % 17 == 0 }
            let digits = Array("0123456789abcdef")
            var text = "#"
            for byte in bytes {
                if collapsible {
                    text.append(digits[byte / 17])
                } else {
                    text.append(digits[byte >> 4])
                    text.append(digits[byte & 15])
                }
            }
            let channels = SIMD3(Double(bytes[0]), Double(bytes[1]), Double(bytes[2])) / 255
            let alpha = bytes.count == 4 ? Double(bytes[3]) / 255 : color.alpha
            return (text, StudioColor(.srgb, channels, alpha: alpha))
        }
        var parts: [String] = []
        var rounded = SIMD3<Double>()
        for i in 0..<3 {
            let value = color.coords[i]
            // A percentage is written as the component mapped onto 0...100.
            let scale: Double? =
                switch (space, i) {
                case (.srgb, _): 1
                case (.hsl, 1), (.hsl, 2): 100
                default: nil
                }
            let shown = scale.map { 0 + (100 - 0) * ((value - 0) / ($0 - 0)) } ?? value
            let number = Self.toPrecision(shown, 5)
            parts.append(number.isNaN ? "none" : Self.jsNumber(number) + (scale == nil ? "" : "%"))
            rounded[i] = scale.map { number / 100 * $0 } ?? number
        }
        let alpha = Self.toPrecision(color.alpha, 5)
        let alphaText = color.alpha >= 1 ? "" : " / " + Self.jsNumber(alpha)
        let name =
            switch space {
            case .srgb: "rgb("
            case .hsl: "hsl("
            case .lch: "lch("
            case .p3: "color(display-p3 "
            case .oklch: "oklch("
            }
        return (name + parts.joined(separator: " ") + alphaText + ")", StudioColor(space, rounded, alpha: alpha))
    }

    /// JavaScript's `Math.round` (halves up) of a byte value.
    static func jsRound(_ value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? 255 : 0 }
        return Int(min(max((value + 0.5).rounded(.down), 0), 255))
    }

    /// colorjs's rounding to significant digits (`toPrecision` of its utilities).
    static func toPrecision(_ n: Double, _ precision: Int) -> Double {
        guard !n.isNaN, n != 0 else { return n.isNaN ? n : 0 }
        let integer = n.magnitude < 2_147_483_648 ? n.rounded(.towardZero) : 0
        var digits = 0
        if integer != 0 { digits = Int(Double.log10(integer.magnitude).rounded(.towardZero)) + 1 }
        let multiplier = Double.pow(10, Double(precision - digits))
        return (n * multiplier + 0.5).rounded(.down) / multiplier
    }

    /// A number as JavaScript writes it (`String(n)`): the shortest digits that read back the same, without a
    /// trailing `.0`, in exponent form only below 1e-6 or from 1e21 up.
    static func jsNumber(_ n: Double) -> String {
        if n == 0 { return "0" }
        guard n.isFinite else { return n.isNaN ? "NaN" : (n < 0 ? "-Infinity" : "Infinity") }
        let text = n.magnitude.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        let point = mantissa.firstIndex(of: ".") ?? mantissa.endIndex
        let whole = mantissa[..<point]
        let fraction = point < mantissa.endIndex ? mantissa[mantissa.index(after: point)...] : ""
        var digits = Array(whole + fraction)
        // The decimal point sits after `position` digits.
        var position = whole.count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            position -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        let k = digits.count
        var out = n < 0 ? "-" : ""
        if k <= position && position <= 21 {
            out += String(digits) + String(repeating: "0", count: position - k)
        } else if 0 < position && position <= 21 {
            out += String(digits[..<position]) + "." + String(digits[position...])
        } else if -6 < position && position <= 0 {
            out += "0." + String(repeating: "0", count: -position) + String(digits)
        } else {
            let e = position - 1
            out +=
                String(digits[0]) + (k > 1 ? "." + String(digits[1...]) : "") + "e" + (e < 0 ? "-" : "+") + "\(abs(e))"
        }
        return out
    }
}
