import SnapStyleEngine

/// One context an audit measures in: color scheme, contrast, a Dynamic Type size, and the contexts chosen for an
/// imported theme's modifiers that follow no built-in context (as `vars`).
public struct AuditContext: Hashable, Sendable {
    public var colorScheme: ColorScheme
    public var contrast: Contrast
    public var dynamicType: DynamicTypeCategory
    /// Modifier name and context, sorted by name.
    public var variables: [Variable]

    public struct Variable: Hashable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(
        colorScheme: ColorScheme, contrast: Contrast, dynamicType: DynamicTypeCategory = .large,
        variables: [Variable] = []
    ) {
        self.colorScheme = colorScheme
        self.contrast = contrast
        self.dynamicType = dynamicType
        self.variables = variables
    }

    /// The Dynamic Type sizes an audit measures text at: the default, the largest standard and a large
    /// accessibility size (the sizes `diff` compares fonts at).
    public static let dynamicTypeSizes: [DynamicTypeCategory] = [.large, .xxxLarge, .accessibility3]

    /// Every context of a theme: color scheme × contrast × Dynamic Type size × each unmapped modifier's contexts.
    public static func space(modifiers: [ModifierSelector]) -> [AuditContext] {
        var variableSets: [[Variable]] = [[]]
        for modifier in modifiers.sorted(by: { $0.name < $1.name }) where modifier.mapping.isEmpty {
            guard modifier.contexts.count > 1 else { continue }
            variableSets = variableSets.flatMap { set in
                modifier.contexts.map { set + [Variable(name: modifier.name, value: $0)] }
            }
        }
        var contexts: [AuditContext] = []
        for variables in variableSets {
            for scheme in ColorScheme.allCases {
                for contrast in Contrast.allCases {
                    for size in dynamicTypeSizes {
                        contexts.append(
                            AuditContext(
                                colorScheme: scheme, contrast: contrast, dynamicType: size, variables: variables))
                    }
                }
            }
        }
        return contexts
    }

    /// The context as the engine takes it, with a stack.
    public func styleContext(stack: [StyleContext.StackEntry] = []) -> StyleContext {
        var context = StyleContext()
        context.colorScheme = colorScheme
        context.contrast = contrast
        context.dynamicType = dynamicType
        for variable in variables { context.vars[variable.name] = .string(variable.value) }
        context.stack = stack
        return context
    }

    /// `dark high contrast`, `light xxxLarge`, `light mode=brand`: the parts that differ from the defaults.
    public var name: String {
        var parts = [colorScheme.rawValue]
        if contrast == .high { parts.append("high contrast") }
        if dynamicType != .large { parts.append(dynamicType.rawValue) }
        parts += variables.map { "\($0.name)=\($0.value)" }
        return parts.joined(separator: " ")
    }

    /// The color drawn below everything: white in light mode, black in dark mode.
    var canvas: RGBA { colorScheme == .light ? RGBA(r: 1, g: 1, b: 1) : RGBA(r: 0, g: 0, b: 0) }

    /// Names for a list of contexts, shorter where they cover every Dynamic Type size: `light`, `dark high
    /// contrast`, `light (xxxLarge, accessibility3)`.
    public static func names(_ contexts: [AuditContext]) -> [String] {
        var groups: [(base: AuditContext, sizes: [DynamicTypeCategory])] = []
        for context in contexts {
            var base = context
            base.dynamicType = .large
            if let index = groups.firstIndex(where: { $0.base == base }) {
                groups[index].sizes.append(context.dynamicType)
            } else {
                groups.append((base, [context.dynamicType]))
            }
        }
        return groups.map { base, sizes in
            Set(sizes) == Set(dynamicTypeSizes)
                ? base.name : base.name + " (" + sizes.map(\.rawValue).joined(separator: ", ") + ")"
        }
    }
}
