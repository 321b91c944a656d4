import SnapStyleEngine

/// What a foreground is: text, or the graphics of a user interface component (an icon, a border).
public enum PairRole: String, Sendable, Hashable, CaseIterable {
    case text, icon, border
}

/// The WCAG 2.2 conformance level an audit checks.
public enum WCAGLevel: String, Sendable, Hashable, CaseIterable {
    case AA, AAA
}

/// The font a text is drawn in, as the requirements read it.
public struct FontFacts: Sendable, Hashable {
    /// The resolved size in points (Dynamic Type applied).
    public var size: Double
    /// The CSS-style numeric weight, 100 (ultraLight) to 900 (black).
    public var weight: Int

    public init(size: Double, weight: Int) {
        self.size = size
        self.weight = weight
    }

    /// A resolved font's facts: `weightValue` when the theme gives one, else the named weight.
    public init(_ font: ResolvedFont) {
        size = font.size
        weight = font.details.weightValue.map { Int($0.rounded()) } ?? Int(font.weight.value)
    }

    /// WCAG's large text: at least 18 points, or at least 14 points and bold (700) or heavier.
    public var isLarge: Bool { size >= 18 || (size >= 14 && weight >= 700) }
}

/// The minimum contrast a pair needs.
public struct ContrastRequirement: Sendable, Hashable {
    /// The minimum WCAG contrast ratio; nil when WCAG asks none (the text of a disabled component).
    public var ratio: Double?
    /// Which rule set it: `normal text`, `large text`, `non-text` or `disabled: no WCAG minimum`.
    public var category: String
    /// The minimum absolute APCA Lc of the bronze level for this use.
    public var lightnessContrast: Double

    /// The requirement of a pair: WCAG 2.2 1.4.3 (AA 4.5:1, large text 3:1), 1.4.6 (AAA 7:1, large text 4.5:1)
    /// and 1.4.11 (3:1 for icons and borders at both levels); a disabled component is exempt from both. A text
    /// without a font is normal text.
    public init(role: PairRole, font: FontFacts?, level: WCAGLevel, disabled: Bool) {
        switch role {
        case _ where disabled:
            ratio = nil
            category = "disabled: no WCAG minimum"
        case .icon, .border:
            ratio = 3
            category = "non-text"
        case .text:
            let large = font?.isLarge ?? false
            category = large ? "large text" : "normal text"
            switch (level, large) {
            case (.AA, false): ratio = 4.5
            case (.AA, true): ratio = 3
            case (.AAA, false): ratio = 7
            case (.AAA, true): ratio = 4.5
            }
        }
        lightnessContrast =
            Self.bronzeLevel(role: role, font: font, disabled: disabled) + (level == .AAA ? 15 : 0)
    }

    /// APCA's bronze simple mode: Lc 90 for text smaller than 18/400 (down to 14/400), Lc 75 from 18/400, Lc 60
    /// from 24/400 or 16/700, Lc 45 from 36/400 or 24/700 and for icons (pictograms with fine details), Lc 30 for
    /// the text of a disabled component and for borders (solid semantic non-text), Lc 15 for a disabled component's
    /// icons and borders; sizes in points as CSS pixels.
    static func bronzeLevel(role: PairRole, font: FontFacts?, disabled: Bool) -> Double {
        switch role {
        case .icon, .border: return disabled ? 15 : role == .icon ? 45 : 30
        case .text:
            if disabled { return 30 }
            guard let font else { return 90 }
            let (size, weight) = (font.size, font.weight)
            if (size >= 36 && weight >= 400) || (size >= 24 && weight >= 700) { return 45 }
            if (size >= 24 && weight >= 400) || (size >= 16 && weight >= 700) { return 60 }
            if size >= 18 && weight >= 400 { return 75 }
            return 90
        }
    }

    /// Whether a measured pair meets this requirement (the APCA level only when `apca`).
    public func isMet(ratio measured: Double, lightnessContrast lc: Double, apca: Bool) -> Bool {
        if let ratio, measured < ratio { return false }
        if apca, abs(lc) < lightnessContrast { return false }
        return true
    }
}
