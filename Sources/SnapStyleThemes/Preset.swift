import SnapStyleEngine

/// The built-in theme `snap`: SnapStyle's preset, embedded in the binary (docs/theme-format.md).
public enum Preset {
    public static let name = "snap"

    /// The preset's files as (path, contents), in byte order of their paths.
    public static let files: [(path: String, bytes: [UInt8])] = [
        ("snap/accent.json", PackageResources.accent_json),
        ("snap/component.json", PackageResources.component_json),
        ("snap/composition.json", PackageResources.composition_json),
        ("snap/container.json", PackageResources.container_json),
        ("snap/font.json", PackageResources.font_json),
        ("snap/icon.json", PackageResources.icon_json),
        ("snap/number.json", PackageResources.number_json),
        ("snap/padding.json", PackageResources.padding_json),
        ("snap/shape.json", PackageResources.shape_json),
        ("snap/sheet.json", PackageResources.sheet_json),
        ("snap/surface.json", PackageResources.surface_json),
        ("snap/theme.json", PackageResources.theme_json),
    ]

    /// The preset as one layer: what a theme named `snap` in a root, which shadows the preset, is layered on
    /// when it extends `snap` (the default), since it cannot be layered on itself.
    public static let layer: ThemeLayer = ThemeAssembler.merge(name: name, files: parsedFiles()).0

    /// The preset's files, parsed.
    public static func parsedFiles() -> [ThemeFile] {
        files.map { ThemeFile.parse(path: $0.path, bytes: $0.bytes, themeName: name) }
    }
}
