import SnapStyleExport
import SnapStyleProtocol

// What a tool that links only the export module does: write a theme built in code (no daemon, no engine) in every
// format `export` and `build` write. The tests run it, and check with the binary's symbols and ldd that it carries
// neither the engine nor jansson.
let color = StyleValue.Color(hex: "#0A6CFFFF", rgba: [0.0392, 0.4235, 1, 1])
let theme = ResolvedTheme(
    context: [:], selector: ":root",
    values: [
        ("surface", [ExportedValue(key: "accent", value: .color(color))]),
        (
            "number",
            [
                ExportedValue(
                    key: "space.small",
                    value: .number(.init(value: 4, base: 4, dimension: .init(value: 4, unit: "px"))), type: "dimension")
            ]
        ),
    ])
print(ThemeExport.css([theme]), terminator: "")
print(ThemeExport.json([theme]))
print(ThemeExport.dtcg(theme), terminator: "")
for format in BuildOutput.Format.allCases {
    let output = BuildOutput(format: format, file: "tokens." + format.rawValue, theme: "probe")
    for file in BuildFormat.files(BuildInput(output: output, blocks: [theme], aliases: [[:]])) {
        print("== \(file.path)\n\(file.content)")
    }
}
