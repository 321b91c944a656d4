import SnapStyleEngine

/// What is drawn below a foreground: the opaque colors it may be (several below a gradient) and the keys of the
/// layers that made them, bottom first.
struct Backdrop: Hashable, Sendable {
    var colors: [RGBA]
    var keys: [String] = []
    /// False once a material (a blur of whatever is behind) is among the layers: no color can be measured.
    var measurable = true

    /// The canvas of a context: white in light mode, black in dark mode.
    init(canvas: RGBA) { colors = [canvas] }

    /// The colors a surface stands for; nil for a material.
    static func colors(of surface: ResolvedSurface) -> [RGBA]? {
        switch surface {
        case .color(let color): [color]
        case .material: nil
        case .linearGradient(let colors, _, _, _): colors
        case .meshGradient(_, _, _, let colors): colors
        }
    }

    /// This backdrop with a layer drawn over it (source over); a layer without a value draws nothing.
    func adding(_ layer: ResolvedLayer?) -> Backdrop {
        guard let layer, let value = layer.value else { return self }
        var result = self
        result.keys.append(layer.key)
        guard let top = Self.colors(of: value) else {
            result.measurable = false
            return result
        }
        var colors: [RGBA] = []
        for below in self.colors {
            for color in top {
                let drawn = color.composited(over: below)
                if !colors.contains(drawn) { colors.append(drawn) }
            }
        }
        result.colors = Array(colors.prefix(64))
        return result
    }

    /// This backdrop with a composition's background and background overlay drawn over it.
    func adding(_ composition: ResolvedComposition?) -> Backdrop {
        adding(composition?.background).adding(composition?.backgroundOverlay)
    }
}
