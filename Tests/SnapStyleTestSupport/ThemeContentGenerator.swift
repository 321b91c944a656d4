/// Random theme file texts for the live-state property tests: valid files whose keys refer to each other, to the
/// preset and across files (so unknown references, cycles and keys defined twice happen now and then), manifests
/// with `extends`, redefinitions of preset keys, and broken files.
public struct ThemeContentGenerator {
    public static let themeNames = ["snap", "ra", "rb", "rc"]
    static let tags = ["a", "b", "c", "t", "s"]
    static let presetSurfaces = ["dark1", "light0", "systemBlue", "none"]
    static let presetNumbers = ["spacingGroups", "spacingElements", "zero"]

    public init() {}

    /// A file's text; `tag` names the file's own keys (`sa0`, `na0`, ...).
    public func text(tag: String, manifest: Bool, using rng: inout SeededRandom) -> String {
        if rng.chance(0.12) { return broken(tag: tag, using: &rng) }
        var sections: [String] = []
        if manifest || rng.chance(0.08) {
            let extends = rng.pick(["\"snap\"", "\"snap\"", "\"snap\"", "null"] + Self.themeNames.map { "\"\($0)\"" })
            sections.append(#""theme": {"extends": \#(extends)}"#)
        }
        var surfaces: [String] = []
        for index in 0..<Int.random(in: 1...2, using: &rng) {
            surfaces.append(#""s\#(tag)\#(index)": \#(surface(using: &rng))"#)
        }
        if rng.chance(0.1) { surfaces.append(#""shared": \#(surface(using: &rng))"#) }
        if rng.chance(0.08) { surfaces.append(##""onlyHere": "#123456""##) }
        sections.append(#""surface": {\#(surfaces.joined(separator: ", "))}"#)
        if rng.chance(0.6) { sections.append(#""number": {"n\#(tag)0": \#(number(using: &rng))}"#) }
        if rng.chance(0.12) {
            sections.append(#""font": {"title": {"size": 30, "weight": "bold"}}"#)
        } else if rng.chance(0.4) {
            let font = rng.chance(0.5) ? #"{"ref": "content"}"# : #"{"size": \#(Int.random(in: 10...30, using: &rng))}"#
            sections.append(#""font": {"f\#(tag)": \#(font)}"#)
        }
        if rng.chance(0.15) {
            let flag = rng.chance(0.5)
            sections.append(#""container": {"box\#(tag)": {"extends": "card", "requiresSecondaryAccent": \#(flag)}}"#)
        }
        return "{" + sections.joined(separator: ", ") + "}\n"
    }

    func surfaceKey(using rng: inout SeededRandom) -> String {
        if rng.chance(0.4) { return rng.pick(Self.presetSurfaces) }
        return "s\(rng.pick(Self.tags))\(Int.random(in: 0...1, using: &rng))"
    }

    func hex(using rng: inout SeededRandom) -> String {
        "\"#" + (0..<3).map { _ in String(UInt8.random(in: 0...255, using: &rng), radix: 16).leftPadded() }.joined()
            + "\""
    }

    func surface(using rng: inout SeededRandom) -> String {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<4: return hex(using: &rng)
        case 4..<7: return #"{"ref": "\#(surfaceKey(using: &rng))"}"#
        case 7..<9:
            let otherwise = rng.chance(0.5) ? #", "else": {"ref": "\#(surfaceKey(using: &rng))"}"# : ""
            return #"{"when": [{"if": {"colorScheme": "dark"}, "then": \#(hex(using: &rng))}]\#(otherwise)}"#
        default: return "null"
        }
    }

    func number(using rng: inout SeededRandom) -> String {
        let other = rng.chance(0.5) ? rng.pick(Self.presetNumbers) : "n\(rng.pick(Self.tags))0"
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return #"{"calc": "{\#(other)} * 2 + 1"}"#
        case 1: return #"{"ref": "\#(other)"}"#
        default: return String(Int.random(in: 0...40, using: &rng))
        }
    }

    func broken(tag: String, using rng: inout SeededRandom) -> String {
        rng.pick([
            ##"{"surface": {"s\##(tag)0": "#12"##,
            ##"{"surfaces": {"s\##(tag)0": "#123456"}}"##,
            #"{"number": {"n\#(tag)0": "twelve"}}"#,
            #"{"surface": {"s\#(tag)0": {"ref": "doesNotExist"}}}"#,
            "",
        ])
    }
}

extension String {
    fileprivate func leftPadded() -> String { count == 1 ? "0" + self : self }
}
