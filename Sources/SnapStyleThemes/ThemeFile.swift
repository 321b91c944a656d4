import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson

/// What one theme file contributes, parsed and checked on its own.
public struct ThemeFile: Sendable {
    /// Path relative to the theme root.
    public var path: String
    public var manifest: ThemeManifest?
    public var layer: ThemeLayer
    /// Errors found in this file alone (syntax, unknown members, bad values).
    public var errors: [ThemeError]
    /// A DTCG token file's or resolver's JSON (nil for native files, and when it is not valid JSON).
    public var document: LocatedJSON?
    /// What the file is: by its name, or for a `*.json` of another name by what it holds.
    public var role = ThemeDiscovery.FileRole.native
    /// Whether `document` was let go after a compile (a very large theme's token file): read the file again.
    public var isDocumentReleased = false
    /// Warnings (DTCG files only: what the format forbids but real exporters write).
    public var warnings: [ThemeError] = []
    /// The compiled tokens only: errors of tokens left out of the layer. Unlike `errors`, they do not refuse the
    /// build: the rest of an imported theme loads and serves.
    public var tokenErrors: [ThemeError] = []
    /// The compiled tokens only: the keys compiled anew since the last compile (the others are unchanged); nil
    /// when all of them were.
    public var recompiled: Set<String>?

    public init(path: String, manifest: ThemeManifest? = nil, layer: ThemeLayer, errors: [ThemeError] = []) {
        self.path = path
        self.manifest = manifest
        self.layer = layer
        self.errors = errors
    }
}

/// Which top-level members a file may have.
enum ThemeSection {
    static let attributeSections = Attribute.allCases.map(\.rawValue)
    static let all = ["theme"] + attributeSections + ["container", "component"]
}

extension ThemeFile {
    /// Parses a theme file's text. Never throws: every problem is an error of the result.
    public static func parse(path: String, text: String, themeName: String, allowManifest: Bool = true) -> ThemeFile {
        parse(path: path, bytes: Array(text.utf8), themeName: themeName, allowManifest: allowManifest)
    }

    /// Parses a theme file's bytes (invalid UTF-8 is an error of the result).
    public static func parse(path: String, bytes: [UInt8], themeName: String, allowManifest: Bool = true)
        -> ThemeFile
    {
        var file = ThemeFile(path: path, layer: ThemeLayer(name: themeName))
        var role = ThemeDiscovery.FileRole(path: path)
        let located: LocatedJSON
        do {
            located = try Jansson.parseLocated(bytes: bytes)
        } catch {
            var scanner = SourceScanner(bytes: bytes)
            if error.code == .duplicateKey, let duplicate = scanner.firstDuplicateKey() {
                file.errors.append(
                    ThemeError(
                        file: path, at: duplicate.second,
                        "'\(duplicate.key)' is defined twice in one object: here and at \(path):\(duplicate.first)"))
            } else {
                file.errors.append(ThemeError(file: path, at: error.position, jsonMessage(error)))
            }
            return file
        }
        if role == .native, let found = ThemeDiscovery.FileRole(content: located.value) {
            role = found
        } else if role == .native, case .object(let object) = located.value, !object.isEmpty {
            let unknown = object.members.first { !$0.key.hasPrefix("$") }?.key ?? ""
            let near = Suggestions(ThemeSection.all).closest(to: unknown).map { " (did you mean '\($0)'?)" } ?? ""
            file.errors.append(
                ThemeError(
                    file: path, at: located.node.child(0).memberPosition,
                    "this file is none of a theme's four kinds: native sections (theme, surface, number, ...), "
                        + "DTCG tokens (groups of tokens with $value), a DTCG resolver (resolutionOrder), or Tokens "
                        + "Studio metadata ($themes, $metadata); its member '\(unknown)' is none of them\(near)"))
            return file
        }
        file.role = role
        if role == .metadata {
            file.document = located
            return file
        }
        if role != .native {
            file.document = located
            // What an export keeps beside the tokens: native definitions for what DTCG has no type for.
            if role == .tokens, let native = located["$extensions"]?[SnapStyleHints.extensionName] {
                var parser = ThemeParser(file: path, themeName: themeName)
                parser.parseFile(native, allowManifest: false)
                file.layer = parser.layer
                file.errors = parser.errors
            }
            return file
        }
        var parser = ThemeParser(file: path, themeName: themeName)
        parser.parseFile(located, allowManifest: allowManifest)
        file.manifest = parser.manifest
        file.layer = parser.layer
        file.errors = parser.errors
        return file
    }

    static func jsonMessage(_ error: JSONParseError) -> String {
        switch error.code {
        case .invalidUTF8: "invalid UTF-8: \(error.message)"
        case .duplicateKey: "\(error.message) (a key may appear once per object)"
        default: "invalid JSON: \(error.message)"
        }
    }
}
