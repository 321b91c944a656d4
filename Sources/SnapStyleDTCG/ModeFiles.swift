import SnapStyleEngine

/// Token files named for a mode, in a theme without a resolver: `tokens.dark.json`, `dark/colors.json`,
/// `tokens.hc.json`, `tokens.dark-hc.json`. Each applies on top of the other files in its mode only, through a
/// modifier mapped onto the context: `colorScheme` (light, dark), `contrast` (standard, high), and
/// `colorScheme-contrast` for the pairs (light-hc, dark-hc). Also: the mapping of resolver modifiers whose contexts
/// are named for a mode, when no manifest maps them.
enum ModeFiles {
    struct Mode: Hashable {
        var scheme: String?
        var highContrast: Bool
    }

    /// The mode a path names, if any: a word of its file name (parts between dots or dashes) or a directory name.
    /// `tokens_dark.json` names none: an underscore does not separate words in a file name.
    static func mode(of path: String) -> Mode? {
        var components = path.lowercased().split(separator: "/").map(String.init)
        var name = components.removeLast()
        for suffix in [".json", ".tokens"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        return mode(words: name, directories: components, separators: ["-"])
    }

    /// The mode a modifier's context names, if any. Tokens Studio's theme names are words: `Dark HC`,
    /// `Light_High_Contrast`.
    static func mode(ofContext context: String) -> Mode? {
        mode(words: context.lowercased(), directories: [], separators: ["-", " ", "_"])
    }

    private static func mode(words name: String, directories: [String], separators: Set<Character>) -> Mode? {
        var words = Set(directories)
        for part in name.split(separator: ".") {
            words.insert(String(part))
            for piece in part.split(whereSeparator: { separators.contains($0) }) { words.insert(String(piece)) }
        }
        let scheme = words.contains("dark") ? "dark" : words.contains("light") ? "light" : nil
        let contrast = !words.isDisjoint(with: ["hc", "high-contrast", "contrast"])
        guard scheme != nil || contrast else { return nil }
        return Mode(scheme: scheme, highContrast: contrast)
    }

    /// The modifiers mode files make, each context with the files that apply in it (in byte order).
    static func modifiers(_ paths: [String]) -> (base: [String], modifiers: [(ModifierSelector, [[String]])]) {
        var base: [String] = []
        var byMode: [Mode: [String]] = [:]
        for path in paths {
            if let mode = mode(of: path) { byMode[mode, default: []].append(path) } else { base.append(path) }
        }
        var result: [(ModifierSelector, [[String]])] = []
        func files(_ scheme: String?, _ high: Bool) -> [String] {
            byMode[Mode(scheme: scheme, highContrast: high)] ?? []
        }
        if byMode.keys.contains(where: { $0.scheme != nil && !$0.highContrast }) {
            result.append(
                (
                    ModifierSelector(
                        name: "colorScheme", contexts: ["light", "dark"], defaultContext: "light",
                        mapping: [
                            mapping("light", scheme: "light", pinsContrast: false),
                            mapping("dark", scheme: "dark", pinsContrast: false),
                        ]),
                    [files("light", false), files("dark", false)]
                ))
        }
        if byMode.keys.contains(where: { $0.scheme == nil && $0.highContrast }) {
            result.append(
                (
                    ModifierSelector(
                        name: "contrast", contexts: ["standard", "high"], defaultContext: "standard",
                        mapping: [mapping("high", high: true)]),
                    [[], files(nil, true)]
                ))
        }
        if byMode.keys.contains(where: { $0.scheme != nil && $0.highContrast }) {
            result.append(
                (
                    ModifierSelector(
                        name: "colorScheme-contrast", contexts: ["none", "light-hc", "dark-hc"], defaultContext: "none",
                        mapping: [
                            mapping("light-hc", scheme: "light", high: true),
                            mapping("dark-hc", scheme: "dark", high: true),
                        ]),
                    [[], files("light", true), files("dark", true)]
                ))
        }
        return (base, result)
    }

    /// For a resolver modifier no manifest maps: contexts named `light`/`dark` (any case) follow `colorScheme`, and
    /// those naming high contrast (`hc`, `high-contrast`, `contrast`) follow `contrast`. A modifier with no
    /// high-contrast context of its own follows the scheme alone, so that its dark context still applies at
    /// increased contrast (modes compose: another modifier may bring the contrast).
    static func automaticMapping(contexts: [String]) -> [ModifierSelector.Mapping] {
        let modes = contexts.map { mode(ofContext: $0) }
        let pinsContrast = modes.contains { $0?.highContrast == true }
        return zip(contexts, modes).compactMap { context, mode in
            guard let mode else { return nil }
            return mapping(context, scheme: mode.scheme, high: mode.highContrast, pinsContrast: pinsContrast)
        }
    }

    /// A context's predicate: its scheme, and its contrast (`high`, or `standard` when `pinsContrast`).
    static func mapping(
        _ context: String, scheme: String? = nil, high: Bool = false, pinsContrast: Bool = true
    ) -> ModifierSelector.Mapping {
        var tests: [Predicate.Test] = []
        if let scheme { tests.append(.init(member: .colorScheme, matcher: .equals(.string(scheme)))) }
        if high || pinsContrast {
            tests.append(.init(member: .contrast, matcher: .equals(.string(high ? "high" : "standard"))))
        }
        return ModifierSelector.Mapping(context: context, predicate: Predicate(tests: tests))
    }
}
