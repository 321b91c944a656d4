import RealModule

extension StudioColor {
    /// The components of the space with a bounded range (sRGB and P3 channels 0...1, HSL's saturation and
    /// lightness 0...100); LCH is unbounded.
    static func ranges(_ space: Space) -> [ClosedRange<Double>?] {
        switch space {
        case .srgb, .p3: [0...1, 0...1, 0...1]
        case .hsl: [nil, 0...100, 0...100]
        case .lch, .oklch: [nil, nil, nil]
        }
    }

    /// Whether the color fits `space`'s gamut (HSL's is sRGB's; LCH has none), within `epsilon`.
    func isInGamut(of space: Space, epsilon: Double = 0.000075) -> Bool {
        let gamutSpace: Space = space == .hsl ? .srgb : space
        guard gamutSpace == .srgb || gamutSpace == .p3 else { return true }
        let c = to(space).to(gamutSpace).coords
        for i in 0..<3 where !c[i].isNaN {
            if c[i] < -epsilon || c[i] > 1 + epsilon { return false }
        }
        return true
    }

    /// The color brought into its own space's gamut as colorjs does by default (CSS Color 4's gamut mapping:
    /// chroma reduced in OKLCh until clipping changes the color by less than a just noticeable difference).
    func mappedToGamut() -> StudioColor {
        guard !isInGamut(of: space, epsilon: 0) else { return self }
        let space = self.space
        if space == .lch || space == .oklch { return self }
        let origin = to(.oklch)
        if origin.coords.x >= 1 || origin.coords.x <= 0 {
            let l: Double = origin.coords.x >= 1 ? 1 : 0
            var edge = StudioColor(.oklch, SIMD3(l, 0, .nan), alpha: alpha).to(space)
            edge.alpha = alpha
            return edge
        }
        if origin.isInGamut(of: space, epsilon: 0) { return origin.to(space) }
        let ranges = Self.ranges(space)
        func clip(_ color: StudioColor) -> StudioColor {
            var result = color.to(space)
            for i in 0..<3 {
                guard let range = ranges[i] else { continue }
                result.coords[i] = min(max(result.coords[i], range.lowerBound), range.upperBound)
            }
            return result
        }
        let jnd = 0.02, epsilon = 0.0001
        var low = 0.0, high = origin.coords.y
        var lowInGamut = true
        var current = origin
        var clipped = clip(current)
        var e = Self.deltaEOK(clipped, current)
        if e < jnd { return clipped }
        while high - low > epsilon {
            let chroma = (low + high) / 2
            current.coords.y = chroma
            if lowInGamut && current.isInGamut(of: space, epsilon: 0) {
                low = chroma
            } else {
                clipped = clip(current)
                e = Self.deltaEOK(clipped, current)
                if e < jnd {
                    if jnd - e < epsilon { break }
                    lowInGamut = false
                    low = chroma
                } else {
                    high = chroma
                }
            }
        }
        return clipped
    }

    /// The Euclidean distance of two colors in OKLab.
    static func deltaEOK(_ a: StudioColor, _ b: StudioColor) -> Double {
        func oklab(_ color: StudioColor) -> SIMD3<Double> {
            let c = color.to(.oklch).coords
            let h = c.z.isNaN ? 0 : c.z * .pi / 180
            return c.z.isNaN ? SIMD3(c.x, 0, 0) : SIMD3(c.x, c.y * Double.cos(h), c.y * Double.sin(h))
        }
        let d = oklab(a) - oklab(b)
        return (d * d).sum().squareRoot()
    }
}
