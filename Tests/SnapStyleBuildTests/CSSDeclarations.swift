import Foundation

/// The custom properties of a style sheet, each with the blocks around it: enough of CSS to compare two builds
/// declaration by declaration (comments dropped, at-rules and selectors kept as written, whitespace collapsed).
struct CSSDeclarations {
    struct Declaration: Equatable {
        /// The `@layer`s around it, outermost first, joined with `.` (`ds.theme.color-scheme.light`).
        var layer: String
        /// The other blocks around it (`@media …`, `@supports …`, selectors), outermost first.
        var blocks: [String]
        var name: String
        var value: String

        /// Where it applies: its blocks (the layer aside, since a layer orders but does not select).
        var place: String { blocks.joined(separator: " > ") }
    }

    var declarations: [Declaration] = []

    init(_ css: String) {
        var text = ""
        var rest = Substring(css)
        while let start = rest.range(of: "/*") {
            text += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "*/") else {
                rest = ""
                break
            }
            rest = rest[end.upperBound...]
        }
        text += rest
        var found: [Declaration] = []
        var stack: [String] = []
        var pending = ""
        func collapsed(_ text: String) -> String {
            text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
        }
        func flush() {
            let statement = collapsed(pending)
            pending = ""
            guard statement.hasPrefix("--"), let colon = statement.firstIndex(of: ":") else { return }
            let layers = stack.filter { $0.hasPrefix("@layer ") }.map { String($0.dropFirst(7)) }
            found.append(
                Declaration(
                    layer: layers.joined(separator: "."), blocks: stack.filter { !$0.hasPrefix("@layer ") },
                    name: String(statement[..<colon]),
                    value: statement[statement.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        for character in text {
            switch character {
            case "{":
                stack.append(collapsed(pending))
                pending = ""
            case "}":
                flush()
                _ = stack.popLast()
            case ";": flush()
            default: pending.append(character)
            }
        }
        declarations = found
    }
}
