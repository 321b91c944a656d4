import SnapStyleEngine

/// The nearest color that passes: same OKLCH hue and chroma, lightness moved as little as possible.
public enum ColorSuggestion {
    /// The color nearest to `color` in OKLCH lightness (hue, chroma and alpha kept; channels clipped to sRGB)
    /// whose `#RRGGBBAA` form passes `check`; nil when no lightness from 0 to 1 does.
    public static func nearest(to color: RGBA, step: Double = 0.0005, passes check: (RGBA) -> Bool) -> RGBA? {
        let start = OKLCH(color)
        let steps = Int((1 / step).rounded(.up))
        // Neighbouring lightnesses often round to the same written color: each is checked once.
        var failed = Set<RGBA>()
        for index in 0...steps {
            let delta = Double(index) * step
            for sign in index == 0 ? [1.0] : [1.0, -1.0] {
                let lightness = start.lightness + sign * delta
                guard lightness >= 0, lightness <= 1 else { continue }
                var candidate = start
                candidate.lightness = lightness
                // The hex is what a theme file gets, so the rounded color is what must pass.
                let written = Self.written(candidate.rgba.color)
                guard !failed.contains(written) else { continue }
                guard check(written) else {
                    failed.insert(written)
                    continue
                }
                return written
            }
        }
        return nil
    }

    /// A color as its `#RRGGBBAA` form reads back: each channel clamped and rounded to 8 bits.
    static func written(_ color: RGBA) -> RGBA {
        func channel(_ value: Double) -> Double { Double(Int((min(max(value, 0), 1) * 255).rounded())) / 255 }
        return RGBA(r: channel(color.r), g: channel(color.g), b: channel(color.b), a: channel(color.a))
    }
}
