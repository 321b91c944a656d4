extension ResolvedValue {
    /// About how many bytes the value takes in memory (and, roughly, as JSON): for the cache's budget and the
    /// bound on what one request may compute.
    public var estimatedBytes: Int {
        switch self {
        case .surface(let surface): surface.estimatedBytes
        case .number: 24
        case .font: 64
        case .padding: 192
        case .shape: 48
        case .icon(let name): 32 + name.utf8.count
        case .composition(let c):
            [c.foreground, c.background, c.backgroundOverlay, c.border].reduce(32) {
                $0 + 40 + ($1?.key.utf8.count ?? 0) + ($1?.value?.estimatedBytes ?? 0)
            }
        case .accent: 224
        }
    }
}

extension ResolvedSurface {
    var estimatedBytes: Int {
        switch self {
        case .color: 48
        case .material: 16
        case .linearGradient(let colors, _, _): 96 + 40 * colors.count
        case .meshGradient(_, _, let points, let colors): 96 + 40 * colors.count + 56 * points.count
        }
    }
}
