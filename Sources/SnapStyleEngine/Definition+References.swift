/// A node of the reference graph: a definition, or a context value that theme data decides.
public enum GraphNode: Hashable, Sendable {
    case node(NodeRef)
    /// The stack's meaning: current component and container, levels (decided by containers and components).
    case stack
    /// The accent in effect (decided by the context, the stack and every accent).
    case accentInEffect
}

extension ColorSpec {
    var references: [GraphNode] {
        switch self {
        case .rgba: []
        case .ref(let key): [.node(.key(.surface, key))]
        case .accent(_, let key?): [.node(.key(.accent, key))]
        case .accent(_, nil): [.accentInEffect]
        case .modified(_, let modifier): modifier.references
        }
    }
}

extension StudioModifier {
    /// The color it mixes with and the numbers its amount reads.
    var references: [GraphNode] {
        (color?.references ?? []) + amount.keys.map { .node(.key(.number, $0)) }
    }
}

extension NumberSpec {
    var references: [GraphNode] {
        if case .key(let key) = self { return [.node(.key(.number, key))] }
        return []
    }
}

extension Predicate {
    var references: [GraphNode] {
        var refs: [GraphNode] = []
        for test in tests {
            switch test.member {
            case .accent, .accentBrightness: refs.append(.accentInEffect)
            case .modifier(let selector): refs += selector.mapping.flatMap(\.predicate.references)
            case let member where member.readsStack: refs.append(.stack)
            default: break
            }
        }
        return refs
    }
}

extension Literal {
    var references: [GraphNode] {
        switch self {
        case .surface(.color(let spec)): return spec.references
        case .surface(.material): return []
        case .surface(.linearGradient(let colors, _, _, _)), .surface(.meshGradient(_, _, _, let colors)):
            return colors.flatMap(\.references)
        case .number(.constant), .number(.dimension): return []
        case .number(.calc(let expression, _)):
            return expression.keys.map { .node(.key(.number, $0)) } + (expression.readsStack ? [.stack] : [])
        case .font, .icon: return []
        case .padding(let p): return [p.leading, p.top, p.trailing, p.bottom].flatMap(\.references)
        case .shape(.named): return []
        case .shape(.roundedRectangle(let radius)): return radius.references
        case .composition(let c):
            return [c.foreground, c.background, c.backgroundOverlay, c.border, c.any].compactMap { $0 }
                .map { .node(.key(.surface, $0)) }
        case .accent(let a): return [a.base, a.onAccent, a.complementary, a.contrast].flatMap(\.references)
        case .imported(let imported): return imported.value.aliases.map { .node(.key($0.attribute, $0.key)) }
        }
    }
}

extension Definition {
    /// Everything the definition may read, in any context, for an attribute.
    public func references(_ attribute: Attribute) -> [GraphNode] {
        switch self {
        case .null: return []
        case .value(let literal): return literal.references
        case .ref(let key, let adjustments):
            var refs: [GraphNode] = [.node(.key(attribute, key))]
            for adjustment in adjustments {
                switch adjustment {
                case .mix(let with, _, _): refs += with.references
                case .studio(let modifier): refs += modifier.references
                case .opacity, .alpha: break
                }
            }
            return refs
        case .when(let cases, let otherwise):
            var refs: [GraphNode] = []
            for c in cases { refs += c.predicate.references + c.then.references(attribute) }
            if let otherwise { refs += otherwise.references(attribute) }
            return refs
        }
    }
}
