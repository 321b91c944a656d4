/// Theme names: `[a-z0-9][a-z0-9._-]*`.
public enum ThemeName {
    /// Whether `name` is a valid theme name (`[a-z0-9][a-z0-9._-]*`).
    public static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) || ("0"..."9").contains(first)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-"
        }
    }
}
