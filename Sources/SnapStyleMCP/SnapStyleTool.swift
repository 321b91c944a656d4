import MCP

/// The tools `snapstyle mcp` offers, by their MCP names.
enum SnapStyleTool: String, CaseIterable, Sendable {
    case listThemes = "list_themes"
    case searchKeys = "search_keys"
    case resolve
    case resolveComponent = "resolve_component"
    case explain
    case exportCSS = "export_css"
    case audit

    /// The attributes a key belongs to: the eight of the theme format and `token` (imported tokens of other types).
    static let attributes: [Value] = [
        "surface", "number", "font", "padding", "shape", "icon", "composition", "accent", "token",
    ]

    static let themeProperty: Value = [
        "type": "string",
        "description":
            "The theme's name, as list_themes gives it. Leave it out for the default theme (the server's --theme, else the daemon's default).",
    ]

    static let contextProperty: Value = [
        "type": "object",
        "description": """
        The context to resolve in; every member is optional and defaults as shown: colorScheme ("light" | \
        "dark"), contrast ("standard" | "high"), platform (e.g. "ios", "web"), dynamicType ("xSmall" ... \
        "large" ... "xxxLarge", "accessibility1" ... "accessibility5"; default "large"), scaleFactor (1), \
        fontDesign, fontWidth, elevation (0), accent ("primary"), stack (the view hierarchy, root first: \
        [{"component": ID, "state": STATE}, {"container": ID, "state": STATE}]), componentHierarchy, element \
        ({"type": "title", "hierarchy": "primary"} or "title.secondary"), vars ({NAME: value}; for a theme \
        of design tokens with modifiers, vars.MODIFIER picks the modifier's context, e.g. {"mode": "dark"}). \
        Example: {"colorScheme": "dark", "dynamicType": "xxLarge"}.
        """,
    ]

    static let attributeProperty: Value = [
        "type": "string", "enum": .array(attributes),
        "description":
            "The attribute of the key: surface (colors, gradients, materials), number, font, padding, shape, icon, composition (foreground/background/border surfaces), accent, or token (an imported design token of another type).",
    ]

    var definition: Tool {
        switch self {
        case .listThemes:
            Tool(
                name: rawValue, title: "List themes",
                description: """
                    Lists the design system's themes: for each its name, state (loaded, error, loading), \
                    generation, kind (native, dtcg, tokens studio), where its files are, its errors (counted, the \
                    first 20 listed), and for a theme of design tokens its modifiers with their contexts and the \
                    context to pass to pick one (e.g. {"vars": {"mode": "dark"}}). Start here to learn the theme \
                    names the other tools take. \
                    Colors are keys of the attribute surface (e.g. surface background), not of "color".
                    """,
                inputSchema: ["type": "object", "properties": [:], "additionalProperties": false],
                annotations: .init(readOnlyHint: true, openWorldHint: false))
        case .searchKeys:
            Tool(
                name: rawValue, title: "Search keys",
                description: """
                    Finds the semantic keys (e.g. font title, surface background, number spacingElements) and \
                    imported token paths (e.g. color.brand.500) whose name, path, attribute or description \
                    contains every word of the query, with each one's value in the default context. Use it to \
                    find the right key before resolving it in a context. \
                    Colors are keys of the attribute surface (e.g. surface background), not of "color".
                    """,
                inputSchema: [
                    "type": "object",
                    "properties": [
                        "theme": Self.themeProperty,
                        "query": [
                            "type": "string",
                            "description":
                                "Words to look for, e.g. \"title\", \"brand 500\", \"card padding\"; empty lists every key.",
                        ],
                        "attribute": Self.attributeProperty,
                        "limit": [
                            "type": "integer", "minimum": 1, "maximum": 500,
                            "description": "At most this many keys (default 25).",
                        ],
                    ],
                    "required": ["query"], "additionalProperties": false,
                ],
                annotations: .init(readOnlyHint: true, openWorldHint: false))
        case .resolve:
            Tool(
                name: rawValue, title: "Resolve a key",
                description: """
                    Resolves one key of the design system in a context, e.g. font title in dark mode at \
                    Dynamic Type xxLarge → 22pt semibold; surface background → #FFFFFFFF. The structured result \
                    carries the full value (a color's hex and rgba, a font's size, weight, design, ...). \
                    Colors are keys of the attribute surface (e.g. surface background), not of "color".
                    """,
                inputSchema: [
                    "type": "object",
                    "properties": [
                        "theme": Self.themeProperty, "attribute": Self.attributeProperty,
                        "key": ["type": "string", "description": "The key, e.g. title, background, color.brand.500."],
                        "context": Self.contextProperty,
                    ],
                    "required": ["attribute", "key"], "additionalProperties": false,
                ],
                annotations: .init(readOnlyHint: true, openWorldHint: false))
        case .resolveComponent:
            Tool(
                name: rawValue, title: "Resolve a component",
                description: """
                    Resolves a component (e.g. contentCard, button, button.secondary) as a whole in a context: \
                    its container's surface, composition, shape and padding, and for every element type and \
                    hierarchy it maps (title, label, icon, value, accessory, separator, footnote, any) the font, \
                    composition, padding and shape. This is how to build a view that looks like the design \
                    system's component. \
                    Colors are keys of the attribute surface (e.g. surface background), not of "color".
                    """,
                inputSchema: [
                    "type": "object",
                    "properties": [
                        "theme": Self.themeProperty,
                        "component": [
                            "type": "string", "description": "The component id, as search_keys lists components.",
                        ],
                        "state": [
                            "type": "string", "enum": ["disabled", "inactive", "normal", "highlighted", "selected"],
                            "description": "The state of the component's container (default normal).",
                        ],
                        "context": Self.contextProperty,
                    ],
                    "required": ["component"], "additionalProperties": false,
                ],
                annotations: .init(readOnlyHint: true, openWorldHint: false))
        case .explain:
            Tool(
                name: rawValue, title: "Explain a value",
                description: """
                    Explains why a key has its value in a context: every definition consulted, top layer first, \
                    each with the file:line that wrote it, the case of a conditional that matched, and the keys \
                    the value depends on. Use it to find which theme file to edit. \
                    Colors are keys of the attribute surface (e.g. surface background), not of "color".
                    """,
                inputSchema: [
                    "type": "object",
                    "properties": [
                        "theme": Self.themeProperty, "attribute": Self.attributeProperty,
                        "key": ["type": "string", "description": "The key to explain."],
                        "context": Self.contextProperty,
                    ],
                    "required": ["attribute", "key"], "additionalProperties": false,
                ],
                annotations: .init(readOnlyHint: true, openWorldHint: false))
        case .exportCSS:
            Tool(
                name: rawValue, title: "Export CSS custom properties",
                description: """
                    Writes a theme's values in a context as CSS custom properties (--font-title-font-size: 22px; \
                    --surface-background: #ffffff; ...) in one block under a selector, ready for a web \
                    stylesheet. \
                    Colors are keys of the attribute surface (e.g. surface background), not of "color".
                    """,
                inputSchema: [
                    "type": "object",
                    "properties": [
                        "theme": Self.themeProperty, "context": Self.contextProperty,
                        "selector": [
                            "type": "string",
                            "description": "The block's CSS selector (default :root), e.g. [data-theme=dark].",
                        ],
                    ],
                    "additionalProperties": false,
                ],
                annotations: .init(readOnlyHint: true, openWorldHint: false))
        case .audit:
            Tool(
                name: rawValue, title: "Audit contrast",
                description: """
                    Measures text and UI contrast of themes in every context (light and dark, standard and high \
                    contrast, Dynamic Type large, xxxLarge and accessibility3, and each design-token modifier): \
                    every component's elements over their container's background in each state, borders, each \
                    accent's onAccent over its base, and for imported themes the declared and conventionally named \
                    pairs (on-X over X, ...). Lists the pairs below WCAG 2.2 (4.5:1 for normal text, 3:1 for large \
                    text and UI; AAA 7:1 and 4.5:1), each with its component, element and state, both keys with \
                    file:line, the ratio, the contexts and a suggested color for the foreground key. As \
                    `snapstyle audit --format json`. \
                    Colors are keys of the attribute surface (e.g. surface background), not of "color".
                    """,
                inputSchema: [
                    "type": "object",
                    "properties": [
                        "theme": [
                            "type": "string",
                            "description":
                                "A theme to audit, as list_themes names it. Leave theme and themes out for every theme of the daemon's roots (the built-in snap when there is none).",
                        ],
                        "themes": [
                            "type": "array", "items": ["type": "string"], "maxItems": 50,
                            "description": "Several themes to audit (instead of theme).",
                        ],
                        "level": [
                            "type": "string", "enum": ["AA", "AAA"], "description": "The WCAG 2.2 level (default AA).",
                        ],
                        "apca": [
                            "type": "boolean",
                            "description":
                                "Also require APCA's bronze-level lightness contrast (Lc); default false. The answer then carries apcaNotice, the terms APCA is licensed under.",
                        ],
                    ],
                    "additionalProperties": false,
                ],
                annotations: .init(readOnlyHint: true, openWorldHint: false))
        }
    }
}
