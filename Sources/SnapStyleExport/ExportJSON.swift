import Foundation
import SnapStyleJSON

/// JSON text as the exports write it, byte for byte what jansson writes with the daemon's flags (members in their
/// order, reals to 15 significant digits; compact on one line, or indented by two spaces with a member per line),
/// so that the exports need no C library and their files stay as they were.
public enum ExportJSON {
    /// Compact text on one line.
    public static func encode(_ value: JSONValue) -> String {
        var text = ""
        write(value, into: &text, indent: nil, depth: 0)
        return text
    }

    /// Text indented by two spaces, a member or an element per line.
    public static func encode(_ value: JSONValue, pretty: Bool) -> String {
        guard pretty else { return encode(value) }
        var text = ""
        write(value, into: &text, indent: 2, depth: 0)
        return text
    }

    private static func write(_ value: JSONValue, into text: inout String, indent: Int?, depth: Int) {
        func newline(_ depth: Int) {
            guard let indent else { return }
            text += "\n" + String(repeating: " ", count: indent * depth)
        }
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .integer(let integer): text += String(integer)
        case .double(let double): text += real(double)
        case .string(let string): write(string: string, into: &text)
        case .array(let elements):
            guard !elements.isEmpty else {
                text += "[]"
                return
            }
            text += "["
            newline(depth + 1)
            for (index, element) in elements.enumerated() {
                write(element, into: &text, indent: indent, depth: depth + 1)
                if index < elements.count - 1 {
                    text += ","
                    newline(depth + 1)
                } else {
                    newline(depth)
                }
            }
            text += "]"
        case .object(let object):
            guard !object.isEmpty else {
                text += "{}"
                return
            }
            text += "{"
            newline(depth + 1)
            for (index, member) in object.members.enumerated() {
                write(string: member.key, into: &text)
                text += indent == nil ? ":" : ": "
                write(member.value, into: &text, indent: indent, depth: depth + 1)
                if index < object.count - 1 {
                    text += ","
                    newline(depth + 1)
                } else {
                    newline(depth)
                }
            }
            text += "}"
        }
    }

    /// A real as jansson writes it: `%.15g`, with `.0` added when it reads as an integer, and the exponent without
    /// a `+` or leading zeros (`1e20`, `1e-5`). A number that is not finite is `null`.
    static func real(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        var text = String(format: "%.15g", value)
        if !text.contains(".") && !text.contains("e") { text += ".0" }
        guard let e = text.firstIndex(of: "e") else { return text }
        var exponent = text[text.index(after: e)...]
        var sign = ""
        if exponent.first == "-" { sign = "-" }
        if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
        let digits = exponent.drop { $0 == "0" }
        return String(text[...e]) + sign + (digits.isEmpty ? "0" : String(digits))
    }

    private static func write(string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                text +=
                    "\\u00" + String(scalar.value >> 4, radix: 16, uppercase: true)
                    + String(scalar.value & 0xF, radix: 16, uppercase: true)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
