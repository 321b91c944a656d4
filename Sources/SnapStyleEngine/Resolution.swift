import SnapStyleJSON

/// A key of one attribute, for a resolution's own memo.
struct MemoKey: Hashable {
    var attribute: Attribute
    var key: String
}

/// One resolution in progress: a snapshot (plus overrides), a prepared context, and the definitions read so far.
struct Resolution {
    /// How many references deep one value may go (a key whose definition refers to a key whose definition
    /// refers to ...). Resolution recurses along references, so the depth is bounded; a deeper chain answers
    /// `StyleError.referenceDepth` and stores nothing in the cache.
    static let maximumDepth = Limits.referenceDepth

    let layers: [ThemeLayer]
    let generation: Int
    let context: StyleContext
    let derived: DerivedContext
    let contextID: UInt32
    let cache: StyleCache?
    /// Whether `transitive` collects what nested values read too (for `explain`, which runs without the cache).
    var collectsTransitively = false
    /// For `explain`: every definition consulted, in order (nil when not explaining).
    var trace: [ExplainStep]?
    /// With `collectsTransitively`: every node read by the value and everything it went through.
    private(set) var transitive = Set<NodeRef>()
    /// Values computed by a resolution without a cache, so that each key is computed once (a definition graph
    /// that reads the same keys along many paths would otherwise cost exponential time).
    private var memo: [MemoKey: (value: ResolvedValue?, height: Int)] = [:]
    /// The greatest height among the values the computation in progress has read (see `StyleCache.Entry`).
    private var childHeight = 0
    /// What the value being computed read directly: its own key, the keys its definitions referred to, and
    /// the components and containers that decided the stack. Invalidation drops an entry when any of these
    /// may have a new value, so the transitive part is the reference graph's business, not the entry's.
    private(set) var dependencies: [NodeRef] = []
    /// References being followed now.
    private var depth = 0
    /// Set once a chain went deeper than `maximumDepth`: the values computed since are incomplete.
    private(set) var exceededDepth = false

    /// Set once a token value grew past `Limits.valueParts` through its aliases: the values computed since are
    /// incomplete.
    private(set) var exceededParts = false

    /// Throws when the resolution was cut short by the depth limit or a value's size.
    func checkDepth() throws(StyleError) {
        if exceededDepth { throw .referenceDepth }
        if exceededParts { throw .valueParts }
    }

    mutating func record(_ node: NodeRef) {
        if !dependencies.contains(node) { dependencies.append(node) }
    }

    mutating func record(_ nodes: [NodeRef]) {
        for node in nodes { record(node) }
    }

    init(
        layers: [ThemeLayer], generation: Int, context: PreparedContext, cache: StyleCache?,
        collectsTransitively: Bool = false
    ) {
        self.collectsTransitively = collectsTransitively
        self.layers = layers
        self.generation = generation
        self.context = context.context
        self.derived = context.derived
        self.contextID = context.id
        self.cache = cache
    }

    /// The value of a key, from the top layer down (docs/theme-format.md), through the cache.
    mutating func value(_ attribute: Attribute, _ key: String) -> ResolvedValue? {
        record(.key(attribute, key))
        // Within one resolution each key is computed once (with or without a cache that stores it), so a graph
        // that reads the same keys along many paths costs linear time.
        let known =
            memo[MemoKey(attribute: attribute, key: key)]
            ?? cache?.lookupWithHeight(contextID, attribute, key, generation: generation)
        guard let known else { return computeAndStore(attribute, key) }
        // A value found ready still counts with its whole chain against the depth limit, so the answer does not
        // depend on what happens to be cached.
        guard depth + known.height <= Self.maximumDepth else {
            exceededDepth = true
            return nil
        }
        childHeight = max(childHeight, known.height)
        return known.value
    }

    /// Computes a key's value (its cache entry was missed) and stores it with what it read.
    mutating func computeAndStore(_ attribute: Attribute, _ key: String) -> ResolvedValue? {
        guard !exceededDepth, !exceededParts else { return nil }
        guard depth < Self.maximumDepth else {
            exceededDepth = true
            return nil
        }
        depth += 1
        defer { depth -= 1 }
        let outer = dependencies
        let outerHeight = childHeight
        dependencies = []
        childHeight = 0
        let value = compute(attribute, key)
        let height = childHeight + 1
        childHeight = max(outerHeight, height)
        if !exceededDepth, !exceededParts {
            memo[MemoKey(attribute: attribute, key: key)] = (value, height)
            cache?.insert(
                contextID, attribute, key, value: value, dependencies: dependencies, generation: generation,
                height: height)
        }
        if collectsTransitively { transitive.formUnion(dependencies) }
        dependencies = outer
        return value
    }

    /// Evaluates every layer's definition of a key, top first, without the cache for this key.
    mutating func compute(_ attribute: Attribute, _ key: String) -> ResolvedValue? {
        record(.key(attribute, key))
        for layer in layers.reversed() {
            guard let entry = layer.entry(attribute, key) else { continue }
            if trace != nil {
                if let value = traced(entry, layer: layer.name, attribute, key) { return value }
            } else if let value = evaluate(entry.definition, attribute) {
                return value
            }
        }
        return nil
    }

    mutating func evaluate(_ definition: Definition, _ attribute: Attribute) -> ResolvedValue? {
        switch definition {
        case .null:
            return nil
        case .value(.imported(let imported)):
            return self.imported(imported, attribute)
        case .value(let literal):
            return self.literal(literal)
        case .ref(let key, let adjustments):
            guard let value = value(attribute, key) else { return nil }
            guard !adjustments.isEmpty, case .surface(let surface) = value else { return value }
            return adjust(surface, adjustments).map(ResolvedValue.surface)
        case .when(let cases, let otherwise):
            if let index = matchingCase(cases), let value = evaluate(cases[index].then, attribute) {
                return value
            }
            return otherwise.flatMap { evaluate($0, attribute) }
        }
    }

    mutating func matchingCase(_ cases: [Definition.Case]) -> Int? {
        cases.firstIndex { matches($0.predicate) }
    }

    mutating func matches(_ predicate: Predicate) -> Bool {
        for test in predicate.tests where !test.matcher.matches(contextValue(test.member)) { return false }
        return true
    }

    /// A context value as predicates see it (nil: the context has none).
    mutating func contextValue(_ member: PredicateMember) -> Scalar? {
        if member.readsStack { record(derived.dependencies) }
        switch member {
        case .colorScheme: return .string(context.colorScheme.rawValue)
        case .contrast: return .string(context.contrast.rawValue)
        case .platform: return context.platform.map(Scalar.string)
        case .dynamicType: return .string(context.dynamicType.rawValue)
        case .scaleFactor: return .number(context.scaleFactor)
        case .fontDesign: return .string(context.fontDesign.rawValue)
        case .fontWidth: return .string(context.fontWidth.rawValue)
        case .elevation: return .number(Double(context.elevation))
        case .accent: return .string(derived.accent)
        case .accentBrightness:
            guard case .accent(let accent)? = value(.accent, derived.accent) else { return nil }
            return .string(accent.brightness.rawValue)
        case .component: return derived.component.map { .string($0.id) }
        case .componentHierarchy: return derived.componentHierarchy.map { .string($0.rawValue) }
        case .container: return derived.container.map(Scalar.string)
        case .containerParent: return derived.containerParent.map(Scalar.string)
        case .containerState: return .string(derived.containerState.rawValue)
        case .containerLevel: return .number(Double(derived.level))
        case .containerLevelOverall: return .number(Double(derived.levelOverall))
        case .elementType: return .string(context.element.type.rawValue)
        case .elementHierarchy: return .string(context.element.hierarchy.rawValue)
        case .variable(let name): return context.vars[name]
        case .modifier(let selector):
            if let chosen = context.vars[selector.name] { return .string(chosen.description) }
            for mapping in selector.mapping where matches(mapping.predicate) { return .string(mapping.context) }
            return .string(selector.fallback)
        }
    }

    // MARK: Literals

    mutating func literal(_ literal: Literal) -> ResolvedValue? {
        switch literal {
        case .surface(let surface): return self.surface(surface).map(ResolvedValue.surface)
        case .number(let number): return self.number(number).map(ResolvedValue.number)
        case .font(let font):
            return .font(
                ResolvedFont(
                    size: font.scaled ? font.size * context.fontScale(font.textStyle) : font.size,
                    baseSize: font.size, weight: font.weight, width: font.width ?? context.fontWidth,
                    design: font.design ?? context.fontDesign, textStyle: font.textStyle, details: font.details))
        case .padding(let padding):
            return .padding(
                ResolvedPadding(
                    leading: edge(padding.leading), top: edge(padding.top), trailing: edge(padding.trailing),
                    bottom: edge(padding.bottom)))
        case .shape(.named(let name)):
            return .shape(.named(name))
        case .shape(.roundedRectangle(let radius)):
            guard let edge = edge(radius) else { return .shape(.named(.rectangle)) }
            return .shape(.roundedRectangle(radius: edge.number, key: edge.key))
        case .icon(let name):
            return .icon(name)
        case .composition(let c):
            return .composition(
                ResolvedComposition(
                    foreground: layer(c.foreground ?? c.any), background: layer(c.background ?? c.any),
                    backgroundOverlay: layer(c.backgroundOverlay ?? c.any), border: layer(c.border ?? c.any)))
        case .imported(let imported):
            return self.imported(imported, nil)
        case .accent(let a):
            guard let base = color(a.base), let onAccent = color(a.onAccent),
                let complementary = color(a.complementary), let contrast = color(a.contrast)
            else { return nil }
            return .accent(
                ResolvedAccent(
                    base: base, onAccent: onAccent, complementary: complementary, contrast: contrast,
                    brightness: a.brightness))
        }
    }

    mutating func surface(_ literal: SurfaceLiteral) -> ResolvedSurface? {
        switch literal {
        case .color(.ref(let key)):
            guard case .surface(let surface)? = value(.surface, key) else { return nil }
            return surface
        case .color(let spec):
            return color(spec).map(ResolvedSurface.color)
        case .material(let material):
            return .material(material)
        case .linearGradient(let specs, let start, let end, let locations):
            guard let colors = colors(specs) else { return nil }
            return .linearGradient(colors: colors, start: start, end: end, locations: locations)
        case .meshGradient(let width, let height, let points, let specs):
            guard let colors = colors(specs) else { return nil }
            return .meshGradient(width: width, height: height, points: points, colors: colors)
        }
    }

    mutating func colors(_ specs: [ColorSpec]) -> [RGBA]? {
        var colors: [RGBA] = []
        for spec in specs {
            guard let color = color(spec) else { return nil }
            colors.append(color)
        }
        return colors
    }

    /// A color: a literal, a surface key that resolves to a color, or an accent's variant.
    mutating func color(_ spec: ColorSpec) -> RGBA? {
        switch spec {
        case .rgba(let rgba):
            return rgba
        case .ref(let key):
            guard case .surface(.color(let rgba))? = value(.surface, key) else { return nil }
            return rgba
        case .modified(let base, let modifier):
            guard let (amount, other) = inputs(of: modifier) else { return nil }
            return modifier.apply(to: base, amount: amount, mixing: other).rgba
        case .accent(let variant, let key):
            let accentKey: String
            if let key {
                accentKey = key
            } else {
                record(derived.dependencies)
                accentKey = derived.accent
            }
            guard case .accent(let accent)? = value(.accent, accentKey) else { return nil }
            return accent.color(variant)
        }
    }

    mutating func adjust(_ surface: ResolvedSurface, _ adjustments: [Adjustment]) -> ResolvedSurface? {
        var surface = surface
        for adjustment in adjustments {
            switch adjustment {
            case .opacity(let factor):
                surface = surface.adjusted {
                    var c = $0; c.a = min(max(c.a * factor, 0), 1); return c
                }
            case .alpha(let value):
                surface = surface.adjusted {
                    var c = $0; c.a = min(max(value, 0), 1); return c
                }
            case .mix(let with, let amount, let space):
                guard let target = color(with) else { return nil }
                surface = surface.adjusted { $0.mixed(with: target, amount: amount, space: space) }
            case .studio(let modifier):
                guard let (amount, other) = inputs(of: modifier) else { return nil }
                surface = surface.adjusted { modifier.apply(to: $0, amount: amount, mixing: other).rgba }
            }
        }
        return surface
    }

    /// A Tokens Studio modifier's amount and the color it mixes with, read in this context.
    mutating func inputs(of modifier: StudioModifier) -> (Double, RGBA?)? {
        guard let amount = calculate(modifier.amount).map(modifier.amount(evaluated:)) else { return nil }
        guard let spec = modifier.color else { return (amount, nil) }
        guard let other = color(spec) else { return nil }
        return (amount, other)
    }

    mutating func number(_ literal: NumberLiteral) -> ResolvedNumber? {
        switch literal {
        case .constant(let n):
            return ResolvedNumber(base: n, value: n * context.numberScale)
        case .dimension(let d):
            return ResolvedNumber(base: d.points, value: d.points * context.numberScale, dimension: d)
        case .calc(let expression, let scaled):
            let base = calculate(expression)
            guard let base else { return nil }
            return ResolvedNumber(base: base, value: scaled ? base * context.numberScale : base)
        }
    }

    /// An expression over number keys and context variables, each key read (and recorded) as a number.
    mutating func calculate(_ expression: CalcExpression) -> Double? {
        if expression.readsStack { record(derived.dependencies) }
        var lookups: [String: Double?] = [:]
        for key in expression.keys where lookups[key] == nil {
            if case .number(let n)? = value(.number, key) {
                lookups[key] = n.base
            } else {
                lookups[key] = .some(nil)
            }
        }
        let derived = self.derived
        let context = self.context
        return expression.evaluate(
            key: { lookups[$0] ?? nil },
            variable: { variable in
                switch variable {
                case .scaleFactor: context.scaleFactor
                case .elevation: Double(context.elevation)
                case .containerLevel: Double(derived.level)
                case .containerLevelOverall: Double(derived.levelOverall)
                case .vars(let name):
                    if case .number(let n)? = context.vars[name] { n } else { nil }
                }
            })
    }

    mutating func edge(_ spec: NumberSpec) -> ResolvedEdge? {
        switch spec {
        case .none: return nil
        case .constant(let n):
            return ResolvedEdge(number: ResolvedNumber(base: n, value: n * context.numberScale), key: nil)
        case .key(let key):
            guard case .number(let number)? = value(.number, key) else { return nil }
            return ResolvedEdge(number: number, key: key)
        }
    }

    mutating func layer(_ key: String?) -> ResolvedLayer? {
        guard let key else { return nil }
        guard case .surface(let surface)? = value(.surface, key) else { return ResolvedLayer(key: key, value: nil) }
        return ResolvedLayer(key: key, value: surface)
    }
}

extension Resolution {
    /// An imported value with aliases inside: resolves each alias, then reads the value as its DTCG type. In the
    /// `token` attribute (or when the value cannot be read as its type) it is a token value.
    mutating func imported(_ imported: ImportedLiteral, _ attribute: Attribute?) -> ResolvedValue? {
        guard let json = tokenJSON(imported.value) else { return nil }
        // The compiler refuses a token that expands past the bound; this holds whatever layers are stacked.
        guard json.parts(upTo: Limits.valueParts + 1) <= Limits.valueParts else {
            exceededParts = true
            return nil
        }
        if attribute != .token,
            let converted = try? DTCGValue.convert(imported.type, json, remBase: imported.remBase),
            converted.attribute != .token
        {
            return literal(converted.literal)
        }
        return .token(ResolvedToken(type: imported.type, value: json))
    }

    /// A token value with every alias replaced by its target's value in DTCG form (nil if one has none).
    mutating func tokenJSON(_ value: TokenValue) -> JSONValue? {
        switch value {
        case .json(let json):
            return json
        case .object(let members):
            var object = JSONObject()
            for member in members {
                guard let json = tokenJSON(member.value) else { return nil }
                object.append(member.name, json)
            }
            return .object(object)
        case .array(let elements):
            var array: [JSONValue] = []
            for element in elements {
                guard let json = tokenJSON(element) else { return nil }
                array.append(json)
            }
            return .array(array)
        case .calc(let expression, let isLength):
            guard let value = calculate(expression) else { return nil }
            return isLength ? .object(["value": .number(value), "unit": "px"]) : .number(value)
        case .alias(let alias):
            return self.value(alias.attribute, alias.key)?.dtcgValue(as: alias.type)?.at(alias.path)
        }
    }
}
