import SnapStyleJSON

extension ResolvedValue {
    /// About how many bytes the value takes in memory (and, roughly, as JSON): for the cache's budget and the
    /// bound on what one request may compute.
    public var estimatedBytes: Int {
        switch self {
        case .surface(let surface): surface.estimatedBytes
        case .number: 24
        case .font(let f): 112 + (f.details.families?.reduce(0) { $0 + 24 + $1.utf8.count } ?? 0)
        case .padding: 192
        case .shape: 48
        case .icon(let name): 32 + name.utf8.count
        case .composition(let c):
            [c.foreground, c.background, c.backgroundOverlay, c.border].reduce(32) {
                $0 + 40 + ($1?.key.utf8.count ?? 0) + ($1?.value?.estimatedBytes ?? 0)
            }
        case .accent: 224
        case .token(let t): 48 + t.type.utf8.count + t.value.estimatedBytes
        }
    }
}

extension JSONValue {
    /// About how many bytes the value takes in memory.
    var estimatedBytes: Int {
        switch self {
        case .string(let s): 24 + s.utf8.count
        case .array(let a): a.reduce(32) { $0 + $1.estimatedBytes }
        case .object(let o): o.members.reduce(32) { $0 + 24 + $1.key.utf8.count + $1.value.estimatedBytes }
        default: 16
        }
    }
}

extension ResolvedSurface {
    var estimatedBytes: Int {
        switch self {
        case .color: 48
        case .material: 16
        case .linearGradient(let colors, _, _, _): 96 + 40 * colors.count
        case .meshGradient(_, _, let points, let colors): 96 + 40 * colors.count + 56 * points.count
        }
    }
}
