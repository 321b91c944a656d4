import SnapStyleEngine
import SnapStyleJSON
import Testing

/// Resolving keys through hand-built layers (docs/theme-format.md).
@Suite struct ResolutionTests {
    // MARK: Layers

    @Test func theTopLayersValueWins() throws {
        var bottom = accentLayer("bottom")
        bottom.define(.surface, "fg", .color("#111111"))
        var top = ThemeLayer(name: "top")
        top.define(.surface, "fg", .color("#333333"))
        #expect(try makeTheme(bottom, top).session().resolve(.surface, "fg")?.asColor == rgba("#333333"))
    }

    @Test func aNullTopDefinitionFallsToTheLayerBelow() throws {
        var bottom = accentLayer("bottom")
        bottom.define(.surface, "fg", .color("#111111"))
        var top = ThemeLayer(name: "top")
        top.define(.surface, "fg", .null)
        #expect(try makeTheme(bottom, top).session().resolve(.surface, "fg")?.asColor == rgba("#111111"))
    }

    @Test func aWhenWithNothingMatchingAndNoElseFallsThrough() throws {
        var bottom = accentLayer("bottom")
        bottom.define(.surface, "fg", .color("#111111"))
        var top = ThemeLayer(name: "top")
        top.define(.surface, "fg", .branches([(.equals(.colorScheme, "dark"), .color("#222222"))]))
        let session = makeTheme(bottom, top).session()
        #expect(try session.resolve(.surface, "fg")?.asColor == rgba("#111111"))
        let dark = makeContext { $0.colorScheme = .dark }
        #expect(try session.resolve(.surface, "fg", context: dark)?.asColor == rgba("#222222"))
    }

    @Test func aReferenceResolvesAgainFromTheTopLayer() throws {
        // The bottom layer's `fg` names `brand`; the top layer redefines `brand`, and that is what `fg` gets.
        var bottom = accentLayer("bottom")
        bottom.define(.surface, "fg", .reference("brand"))
        bottom.define(.surface, "brand", .color("#000001"))
        var top = ThemeLayer(name: "top")
        top.define(.surface, "brand", .color("#0000FF"))
        #expect(try makeTheme(bottom, top).session().resolve(.surface, "fg")?.asColor == rgba("#0000FF"))
    }

    @Test func aReferenceToAKeyWithNoValueFallsThrough() throws {
        var bottom = accentLayer("bottom")
        bottom.define(.surface, "fg", .color("#AAAAAA"))
        bottom.define(.surface, "nothing", .null)
        var top = ThemeLayer(name: "top")
        top.define(.surface, "fg", .reference("nothing"))
        let session = makeTheme(bottom, top).session()
        #expect(try session.resolve(.surface, "fg")?.asColor == rgba("#AAAAAA"))
        #expect(try session.resolve(.surface, "nothing") == nil)
    }

    // MARK: when / else

    @Test func theFirstMatchingCaseWins() throws {
        var layer = accentLayer()
        layer.define(
            .surface, "fg",
            .branches(
                [(.equals(.colorScheme, "dark"), .color("#000001")), (.always, .color("#000002"))],
                else: .color("#000003")))
        let session = makeTheme(layer).session()
        #expect(try session.resolve(.surface, "fg")?.asColor == rgba("#000002"))
        let dark = makeContext { $0.colorScheme = .dark }
        #expect(try session.resolve(.surface, "fg", context: dark)?.asColor == rgba("#000001"))
    }

    @Test func aMatchingCaseWithNoValueGivesElse() throws {
        var layer = accentLayer()
        layer.define(.surface, "nothing", .null)
        // The first case matches with no value: the result is `else`, although a later case would match too.
        layer.define(
            .surface, "a", .branches([(.always, .null), (.always, .color("#000002"))], else: .color("#000003")))
        layer.define(.surface, "b", .branches([(.always, .reference("nothing"))], else: .color("#000004")))
        // No `else`: no value.
        layer.define(.surface, "c", .branches([(.always, .null)]))
        layer.define(.surface, "d", .branches([(.equals(.colorScheme, "dark"), .color("#000001"))]))
        let session = makeTheme(layer).session()
        #expect(try session.resolve(.surface, "a")?.asColor == rgba("#000003"))
        #expect(try session.resolve(.surface, "b")?.asColor == rgba("#000004"))
        #expect(try session.resolve(.surface, "c") == nil)
        #expect(try session.resolve(.surface, "d") == nil)
    }

    @Test func predicateMatchers() throws {
        var layer = accentLayer()
        let accessibility = Matcher.oneOf([.string("accessibility1"), .string("accessibility2")])
        layer.define(
            .surface, "p",
            .branches(
                [
                    (.test(.elevation, .range(min: 1, max: 2)), .color("#000001")),
                    (.test(.dynamicType, accessibility), .color("#000002")),
                    (.test(.platform, .not(.equals(.string("ios")))), .color("#000003")),
                ], else: .color("#000004")))
        layer.define(
            .surface, "q", .branches([(.equals(.platform, "ios"), .color("#000005"))], else: .color("#000006")))
        let session = makeTheme(layer).session()
        func color(
            _ key: String, elevation: Int = 0, dynamicType: DynamicTypeCategory = .large, platform: String? = nil
        ) throws -> RGBA? {
            var context = StyleContext()
            context.elevation = elevation
            context.dynamicType = dynamicType
            context.platform = platform
            return try session.resolve(.surface, key, context: context)?.asColor
        }
        // Ranges include both bounds.
        #expect(try color("p", elevation: 1, platform: "ios") == rgba("#000001"))
        #expect(try color("p", elevation: 2, platform: "ios") == rgba("#000001"))
        #expect(try color("p", elevation: 3, platform: "ios") == rgba("#000004"))
        #expect(try color("p", dynamicType: .accessibility2, platform: "ios") == rgba("#000002"))
        #expect(try color("p", dynamicType: .accessibility3, platform: "ios") == rgba("#000004"))
        // An absent platform matches only `not` tests (docs/theme-format.md).
        #expect(try color("p") == rgba("#000003"))
        #expect(try color("p", platform: "macos") == rgba("#000003"))
        #expect(try color("p", platform: "ios") == rgba("#000004"))
        #expect(try color("q") == rgba("#000006"))
        #expect(try color("q", platform: "ios") == rgba("#000005"))
    }

    @Test func variablePredicates() throws {
        var layer = accentLayer()
        layer.define(
            .surface, "v",
            .branches(
                [
                    (.equals(.variable("mode"), "compact"), .color("#000001")),
                    (.test(.variable("width"), .range(min: 600, max: nil)), .color("#000002")),
                ], else: .color("#000003")))
        let session = makeTheme(layer).session()
        func color(_ vars: [String: Scalar]) throws -> RGBA? {
            try session.resolve(.surface, "v", context: makeContext { $0.vars = vars })?.asColor
        }
        #expect(try color(["mode": .string("compact")]) == rgba("#000001"))
        #expect(try color(["mode": .string("regular"), "width": .number(800)]) == rgba("#000002"))
        #expect(try color(["width": .number(600)]) == rgba("#000002"))
        #expect(try color(["width": .number(599)]) == rgba("#000003"))
        #expect(try color(["width": .string("800")]) == rgba("#000003"))
        #expect(try color([:]) == rgba("#000003"))
    }

    // MARK: Surfaces and adjustments

    @Test func opacityMultipliesAlpha() throws {
        var layer = accentLayer()
        layer.define(.surface, "solid", .color("#33669980"))
        layer.define(.surface, "faded", .reference("solid", adjust: [.opacity(0.5)]))
        let value = try makeTheme(layer).session().resolve(.surface, "faded")
        let faded = try #require(value?.asColor)
        #expect(faded.hex == "#33669940")  // 0x80 × 0.5 = 0x40
        #expect(faded.r == 0x33 / 255.0)
        #expect(approx(faded.a, 64.0 / 255))
    }

    @Test func mixAdjustmentsApplyInOrder() throws {
        var layer = accentLayer()
        layer.define(.surface, "black", .color("#000000"))
        layer.define(.surface, "white", .color("#FFFFFF"))
        layer.define(
            .surface, "gray", .reference("black", adjust: [.mix(with: .ref("white"), amount: 0.25, space: .srgb)]))
        // Opacity first (alpha 0.5), then halfway to opaque white: rgb 0.5, alpha 0.75.
        layer.define(
            .surface, "veiled",
            .reference(
                "black", adjust: [.opacity(0.5), .mix(with: colorSpec("#FFFFFF"), amount: 0.5, space: .srgb)]))
        layer.define(
            .surface, "mid", .reference("black", adjust: [.mix(with: .ref("white"), amount: 0.5, space: .perceptual)]))
        let session = makeTheme(layer).session()
        #expect(try session.resolve(.surface, "gray")?.asColor == RGBA(r: 0.25, g: 0.25, b: 0.25, a: 1))
        #expect(try session.resolve(.surface, "veiled")?.asColor == RGBA(r: 0.5, g: 0.5, b: 0.5, a: 0.75))
        // OKLab halfway between black and white: L = 0.5 → linear 0.125 → sRGB 0.388573 (ColorTests).
        let mid = try #require(try session.resolve(.surface, "mid")?.asColor)
        #expect(approx(mid.r, 0.388573, tolerance: 1e-5))
        #expect(approx(mid.b, 0.388573, tolerance: 1e-5))
    }

    @Test func adjustingAMaterialIsANoOpAndAGradientAdjustsEachColor() throws {
        var layer = accentLayer()
        layer.define(.surface, "white", .color("#FFFFFF"))
        layer.define(.surface, "glass", .value(.surface(.material(.thin))))
        layer.define(.surface, "fadedGlass", .reference("glass", adjust: [.opacity(0.5)]))
        let ramp = SurfaceLiteral.linearGradient(
            colors: [colorSpec("#000000"), .ref("white")], start: .named("top"), end: .point(0.5, 1))
        layer.define(.surface, "ramp", .value(.surface(ramp)))
        layer.define(.surface, "fadedRamp", .reference("ramp", adjust: [.opacity(0.5)]))
        let session = makeTheme(layer).session()
        #expect(try session.resolve(.surface, "fadedGlass")?.asSurface == .material(.thin))
        let faded = try session.resolve(.surface, "fadedRamp")?.asSurface
        #expect(
            faded
                == .linearGradient(
                    colors: [RGBA(r: 0, g: 0, b: 0, a: 0.5), RGBA(r: 1, g: 1, b: 1, a: 0.5)], start: .named("top"),
                    end: .point(0.5, 1)))
    }

    // MARK: Numbers and fonts (sections 4.2, 4.3, 5.3)

    /// A text style (body for numbers), a category and a scale factor, and what a size of 10 (numbers) or 20
    /// (fonts) scales to there.
    struct Scaling: Sendable, CustomStringConvertible {
        var style: TextStyle
        var category: DynamicTypeCategory
        var factor: Double
        var expected: Double

        init(_ style: TextStyle, _ category: DynamicTypeCategory, _ factor: Double, _ expected: Double) {
            self.style = style
            self.category = category
            self.factor = factor
            self.expected = expected
        }

        var description: String { "\(style) at \(category) × \(factor)" }

        var context: StyleContext {
            makeContext {
                $0.dynamicType = category
                $0.scaleFactor = factor
            }
        }
    }

    /// Numbers scale by scaleFactor × size(body, C) / size(body, large).
    static let numberScales: [Scaling] = [
        Scaling(.body, .large, 1, 10),
        Scaling(.body, .large, 2, 20),
        Scaling(.body, .accessibility5, 1, 10 * 53.0 / 17),
        Scaling(.body, .xSmall, 1, 10 * 14.0 / 17),
        Scaling(.body, .xxxLarge, 0.5, 10 * 0.5 * 23 / 17),
    ]

    @Test(arguments: ResolutionTests.numberScales)
    func numbersScaleWithBodyTextAndTheScaleFactor(_ scaling: Scaling) throws {
        var layer = accentLayer()
        layer.define(.number, "gap", .constant(10))
        let value = try makeTheme(layer).session().resolve(.number, "gap", context: scaling.context)
        let number = try #require(value?.asNumber)
        #expect(number.base == 10)
        #expect(approx(number.value, scaling.expected))
    }

    @Test func calcNumbersAreScaledUnlessScaledIsFalse() throws {
        var layer = accentLayer()
        layer.define(.number, "gap", .constant(10))
        layer.define(.number, "wide", .calc("{gap} + 2"))
        layer.define(.number, "detent", .calc("$vars.height * 0.5", scaled: false))
        let context = makeContext {
            $0.dynamicType = .xxxLarge
            $0.scaleFactor = 2
            $0.vars = ["height": .number(800)]
        }
        let session = makeTheme(layer).session()
        let wide = try #require(try session.resolve(.number, "wide", context: context)?.asNumber)
        #expect(wide.base == 12)  // {gap} is gap's unscaled 10
        #expect(approx(wide.value, 12 * 2 * 23.0 / 17))
        let detent = try #require(try session.resolve(.number, "detent", context: context)?.asNumber)
        #expect(detent.base == 400)
        #expect(detent.value == 400)
    }

    /// Fonts scale by scaleFactor × size(T, C) / size(T, large), T their own text style.
    static let fontScales: [Scaling] = [
        Scaling(.body, .accessibility5, 1, 20 * 53.0 / 17),
        Scaling(.body, .large, 2, 40),
        Scaling(.largeTitle, .accessibility5, 1, 20 * 60.0 / 34),
        Scaling(.largeTitle, .xSmall, 1, 20 * 31.0 / 34),
        Scaling(.caption2, .xSmall, 1.5, 30),  // caption2 is 11 pt at both xSmall and large
        Scaling(.footnote, .xxxLarge, 2, 20 * 2 * 19.0 / 13),
    ]

    @Test(arguments: ResolutionTests.fontScales)
    func fontsScaleByTheirTextStyle(_ scaling: Scaling) throws {
        var layer = accentLayer()
        layer.define(.font, "f", .value(.font(FontLiteral(size: 20, weight: .bold, textStyle: scaling.style))))
        let value = try makeTheme(layer).session().resolve(.font, "f", context: scaling.context)
        let font = try #require(value?.asFont)
        #expect(approx(font.size, scaling.expected))
        #expect(font.baseSize == 20)
        #expect(font.weight == .bold)
        #expect(font.textStyle == scaling.style)
    }

    @Test func fontWidthAndDesignFallBackToTheContext() throws {
        var layer = accentLayer()
        layer.define(.font, "plain", .value(.font(FontLiteral(size: 17))))
        layer.define(.font, "serif", .value(.font(FontLiteral(size: 17, width: .compressed, design: .serif))))
        let session = makeTheme(layer).session()
        let context = makeContext {
            $0.fontWidth = .expanded
            $0.fontDesign = .rounded
        }
        let plain = try #require(try session.resolve(.font, "plain", context: context)?.asFont)
        #expect(plain.weight == .regular)
        #expect(plain.textStyle == .body)
        #expect(plain.width == .expanded)
        #expect(plain.design == .rounded)
        let serif = try #require(try session.resolve(.font, "serif", context: context)?.asFont)
        #expect(serif.width == .compressed)
        #expect(serif.design == .serif)
        let defaults = try #require(try session.resolve(.font, "plain")?.asFont)
        #expect(defaults.width == .standard)
        #expect(defaults.design == .default)
    }

    // MARK: Padding, shape, composition (sections 4.4, 4.5, 4.7)

    @Test func paddingEdgesResolveTheirNumbers() throws {
        var layer = accentLayer()
        layer.define(.number, "s", .constant(16))
        layer.define(.number, "gone", .null)
        let padding = PaddingLiteral(leading: .key("s"), top: .constant(4), trailing: .key("gone"), bottom: .none)
        layer.define(.padding, "p", .value(.padding(padding)))
        let value = try makeTheme(layer).session().resolve(.padding, "p", context: makeContext { $0.scaleFactor = 2 })
        let resolved = try #require(value?.asPadding)
        #expect(resolved.leading?.key == "s")
        #expect(resolved.leading?.number.base == 16)
        #expect(resolved.leading?.number.value == 32)
        #expect(resolved.top?.key == nil)
        #expect(resolved.top?.number.base == 4)
        #expect(resolved.top?.number.value == 8)
        #expect(resolved.trailing == nil)
        #expect(resolved.bottom == nil)
    }

    @Test func shapes() throws {
        var layer = accentLayer()
        layer.define(.number, "r", .constant(12))
        layer.define(.number, "gone", .null)
        layer.define(.shape, "rounded", .value(.shape(.roundedRectangle(.key("r")))))
        layer.define(.shape, "fixed", .value(.shape(.roundedRectangle(.constant(8)))))
        layer.define(.shape, "noRadius", .value(.shape(.roundedRectangle(.key("gone")))))
        layer.define(.shape, "pill", .value(.shape(.named(.capsule))))
        let session = makeTheme(layer).session()
        let double = makeContext { $0.scaleFactor = 2 }
        let rounded = try session.resolve(.shape, "rounded", context: double)
        guard case .roundedRectangle(let radius, let key)? = rounded?.asShape else {
            Issue.record("rounded is not a rounded rectangle")
            return
        }
        #expect(key == "r")
        #expect(radius.base == 12)
        #expect(radius.value == 24)
        let fixedShape = try session.resolve(.shape, "fixed", context: double)
        guard case .roundedRectangle(let fixed, let fixedKey)? = fixedShape?.asShape else {
            Issue.record("fixed is not a rounded rectangle")
            return
        }
        #expect(fixedKey == nil)
        #expect(fixed.value == 16)
        // A radius with no value makes a plain rectangle (docs/theme-format.md).
        #expect(try session.resolve(.shape, "noRadius")?.asShape == .named(.rectangle))
        #expect(try session.resolve(.shape, "pill")?.asShape == .named(.capsule))
    }

    @Test func compositionLayersFallBackToAny() throws {
        var layer = accentLayer()
        layer.define(.surface, "fg", .color("#111111"))
        layer.define(.surface, "bg", .color("#222222"))
        layer.define(.surface, "empty", .null)
        layer.define(.composition, "c", .value(.composition(CompositionLiteral(foreground: "fg", any: "bg"))))
        layer.define(.composition, "d", .value(.composition(CompositionLiteral(background: "empty"))))
        let session = makeTheme(layer).session()
        let c = try #require(try session.resolve(.composition, "c")?.asComposition)
        #expect(c.foreground?.key == "fg")
        #expect(c.foreground?.value == .color(rgba("#111111")))
        #expect(c.background?.key == "bg")
        #expect(c.background?.value == .color(rgba("#222222")))
        #expect(c.backgroundOverlay?.key == "bg")
        #expect(c.border?.key == "bg")
        let d = try #require(try session.resolve(.composition, "d")?.asComposition)
        #expect(d.foreground == nil)
        #expect(d.background?.key == "empty")
        #expect(d.background?.value == nil)
        #expect(d.backgroundOverlay == nil)
        #expect(d.border == nil)
    }

    // MARK: Accents (sections 4.1, 5.2)

    static func accentTheme() -> StyleTheme {
        var layer = accentLayer()
        layer.define(.surface, "tint", .value(.surface(.color(.accent(.base, key: nil)))))
        layer.define(.surface, "complement", .value(.surface(.color(.accent(.complementary, key: nil)))))
        layer.define(.surface, "alwaysSunny", .value(.surface(.color(.accent(.base, key: "sunny")))))
        layer.define(
            .surface, "text",
            .branches([(.equals(.accentBrightness, "light"), .color("#000000"))], else: .color("#FFFFFF")))
        layer.define(
            .surface, "named", .branches([(.equals(.accent, "secondary"), .color("#000001"))], else: .color("#000002")))
        return makeTheme(layer)
    }

    @Test func anAccentLiteralUsesTheAccentInEffect() throws {
        let session = Self.accentTheme().session()
        #expect(try session.resolve(.surface, "tint")?.asColor == rgba(Accents.primary))
        #expect(try session.resolve(.surface, "complement")?.asColor == rgba("#00FF00"))
        #expect(try session.resolve(.surface, "alwaysSunny")?.asColor == rgba(Accents.sunny))
        #expect(try session.resolve(.surface, "named")?.asColor == rgba("#000002"))
        let secondary = makeContext { $0.accent = "secondary" }
        #expect(try session.resolve(.surface, "tint", context: secondary)?.asColor == rgba(Accents.secondary))
        #expect(try session.resolve(.surface, "alwaysSunny", context: secondary)?.asColor == rgba(Accents.sunny))
        #expect(try session.resolve(.surface, "named", context: secondary)?.asColor == rgba("#000001"))
    }

    @Test func accentBrightnessPredicate() throws {
        let session = Self.accentTheme().session()
        #expect(try session.resolve(.surface, "text")?.asColor == rgba("#FFFFFF"))  // primary is dark
        let sunny = makeContext { $0.accent = "sunny" }
        #expect(try session.resolve(.surface, "text", context: sunny)?.asColor == rgba("#000000"))
    }

    @Test func anUnknownAccentInTheContextIsAnInvalidContext() throws {
        let session = Self.accentTheme().session()
        let unknown = makeContext { $0.accent = "nope" }
        guard case .invalidContext(let error)? = session.resolveError(.surface, "tint", context: unknown) else {
            Issue.record("expected an invalid context")
            return
        }
        #expect(error.field == "accent")
        #expect(error.allowed == ["primary", "secondary", "sunny"])
    }

    // MARK: Containers (sections 5.2, 7)

    /// Containers `card` (shape `cardShape`, rounded by `radius` 12), `list` (surface `listBackground`),
    /// `accentCard` (extends `card`, surface `tint`, requires the secondary accent), `plain` (surface `tint`) and
    /// `buttonContainer` (ignores the bottom safe area); a component `button` pushing `buttonContainer`; a surface
    /// `probe` that tells the container predicates apart.
    static func containerLayer() -> ThemeLayer {
        var layer = accentLayer()
        layer.define(.number, "radius", .constant(12))
        layer.define(.shape, "cardShape", .value(.shape(.roundedRectangle(.key("radius")))))
        layer.define(.surface, "tint", .value(.surface(.color(.accent(.base, key: nil)))))
        layer.define(.surface, "listBackground", .color("#EEEEEE"))
        layer.define(
            .surface, "probe",
            .branches(
                [
                    (.equals(.containerParent, "card"), .color("#0000AA")),
                    (.equals(.containerState, "highlighted"), .color("#0000BB")),
                    (.test(.containerLevel, .range(min: 2, max: nil)), .color("#0000CC")),
                    (.test(.containerLevelOverall, .equals(.number(-1))), .color("#0000DD")),
                ], else: .color("#0000EE")))
        var card = ContainerDefinition()
        card.shape = .set("cardShape")
        layer.defineContainer("card", card)
        var list = ContainerDefinition()
        list.surface = .set("listBackground")
        layer.defineContainer("list", list)
        var accentCard = ContainerDefinition(extends: "card")
        accentCard.surface = .set("tint")
        accentCard.requiresSecondaryAccent = .set(true)
        layer.defineContainer("accentCard", accentCard)
        var plain = ContainerDefinition()
        plain.surface = .set("tint")
        layer.defineContainer("plain", plain)
        var buttonContainer = ContainerDefinition()
        buttonContainer.ignoresSafeAreaEdges = .set([.bottom])
        layer.defineContainer("buttonContainer", buttonContainer)
        var button = ComponentDefinition()
        button.container = .set("buttonContainer")
        layer.defineComponent("button", button)
        return layer
    }

    static func stack(_ ids: String...) -> [StyleContext.StackEntry] { ids.map { .container($0, state: .normal) } }

    @Test func requiresSecondaryAccentSwitchesTheAccentForEverythingInside() throws {
        let session = makeTheme(Self.containerLayer()).session()
        func tint(_ stack: [StyleContext.StackEntry]) throws -> RGBA? {
            try session.resolve(.surface, "tint", context: makeContext { $0.stack = stack })?.asColor
        }
        #expect(try tint([]) == rgba(Accents.primary))
        #expect(try tint(Self.stack("plain")) == rgba(Accents.primary))
        #expect(try tint(Self.stack("accentCard")) == rgba(Accents.secondary))
        #expect(try tint(Self.stack("accentCard", "plain")) == rgba(Accents.secondary))
        #expect(try tint(Self.stack("accentCard", "plain", "list")) == rgba(Accents.secondary))
    }

    @Test func aContainersOwnPropertiesUseTheAccentAroundIt() throws {
        let session = makeTheme(Self.containerLayer()).session()
        let accentCard = try session.resolveContainer(context: makeContext { $0.stack = Self.stack("accentCard") })
        #expect(accentCard.container == "accentCard")
        #expect(accentCard.requiresSecondaryAccent)
        #expect(accentCard.surface.key == "tint")
        #expect(accentCard.surface.value?.asColor == rgba(Accents.primary))
        // `extends: card`: the shape is card's, resolved.
        #expect(accentCard.shape.key == "cardShape")
        guard case .roundedRectangle(let radius, let radiusKey)? = accentCard.shape.value?.asShape else {
            Issue.record("accentCard's shape is not a rounded rectangle")
            return
        }
        #expect(radiusKey == "radius")
        #expect(radius.value == 12)
        // A container inside it gets the secondary accent.
        let nested = try session.resolveContainer(context: makeContext { $0.stack = Self.stack("accentCard", "plain") })
        #expect(nested.container == "plain")
        #expect(!nested.requiresSecondaryAccent)
        #expect(nested.surface.value?.asColor == rgba(Accents.secondary))
        // Around the card the context's own accent applies, while its content gets `secondary`.
        let sunny = makeContext {
            $0.accent = "sunny"
            $0.stack = Self.stack("accentCard")
        }
        #expect(try session.resolveContainer(context: sunny).surface.value?.asColor == rgba(Accents.sunny))
        #expect(try session.resolve(.surface, "tint", context: sunny)?.asColor == rgba(Accents.secondary))
    }

    @Test func containerLevels() throws {
        let session = makeTheme(Self.containerLayer()).session()
        func container(_ stack: [StyleContext.StackEntry]) throws -> ContainerResolution {
            try session.resolveContainer(context: makeContext { $0.stack = stack })
        }
        let empty = try container([])
        #expect(empty.container == nil)
        #expect(empty.state == .normal)
        #expect(empty.level == 1)
        #expect(empty.levelOverall == -1)
        #expect(empty.surface.key == nil)
        #expect(empty.surface.value == nil)
        let repeated = try container([.container("card", state: .normal), .container("card", state: .selected)])
        #expect(repeated.container == "card")
        #expect(repeated.state == .selected)
        #expect(repeated.level == 2)
        #expect(repeated.levelOverall == 1)
        let interrupted = try container(Self.stack("card", "list", "card"))
        #expect(interrupted.level == 1)
        #expect(interrupted.levelOverall == 2)
        let run = try container(Self.stack("list", "card", "card", "card"))
        #expect(run.level == 3)
        #expect(run.levelOverall == 3)
    }

    @Test func withAnEmptyStackTheCurrentContainerIsBase() throws {
        var layer = Self.containerLayer()
        var base = ContainerDefinition()
        base.surface = .set("listBackground")
        layer.defineContainer("base", base)
        let resolution = try makeTheme(layer).session().resolveContainer()
        #expect(resolution.container == "base")
        #expect(resolution.state == .normal)
        #expect(resolution.level == 1)
        #expect(resolution.levelOverall == -1)
        #expect(resolution.surface.value?.asColor == rgba("#EEEEEE"))
    }

    @Test func containerPredicates() throws {
        let session = makeTheme(Self.containerLayer()).session()
        func probe(_ stack: [StyleContext.StackEntry]) throws -> RGBA? {
            try session.resolve(.surface, "probe", context: makeContext { $0.stack = stack })?.asColor
        }
        #expect(try probe(Self.stack("card", "list")) == rgba("#0000AA"))  // parent card
        #expect(try probe([.container("list", state: .highlighted)]) == rgba("#0000BB"))
        #expect(try probe(Self.stack("list", "list")) == rgba("#0000CC"))  // level 2
        #expect(try probe([]) == rgba("#0000DD"))  // levelOverall -1
        #expect(try probe(Self.stack("list")) == rgba("#0000EE"))
        // The parent is the container right below the current one.
        #expect(try probe(Self.stack("card", "list", "plain")) == rgba("#0000EE"))
    }

    @Test func aComponentPushesItsContainerWithTheEntrysState() throws {
        let session = makeTheme(Self.containerLayer()).session()
        let context = makeContext {
            $0.stack = [.container("card", state: .normal), .component("button", state: .disabled, hierarchy: nil)]
        }
        let resolution = try session.resolveContainer(context: context)
        #expect(resolution.container == "buttonContainer")
        #expect(resolution.state == .disabled)
        #expect(resolution.level == 1)
        #expect(resolution.levelOverall == 1)
        #expect(resolution.ignoresSafeAreaEdges == [.bottom])
        #expect(!resolution.requiresSecondaryAccent)
    }

    @Test func anUnknownComponentOrContainerOnTheStackIsAnInvalidContext() throws {
        let session = makeTheme(Self.containerLayer()).session()
        let component = makeContext {
            $0.stack = [.container("card", state: .normal), .component("nope", state: .normal, hierarchy: nil)]
        }
        guard case .invalidContext(let error)? = session.resolveError(.surface, "tint", context: component) else {
            Issue.record("expected an invalid context")
            return
        }
        #expect(error.field == "stack.1.component")
        #expect(error.allowed == ["button"])
        let container = makeContext { $0.stack = Self.stack("cards") }
        guard case .invalidContext(let containerError)? = session.resolveError(.surface, "tint", context: container)
        else {
            Issue.record("expected an invalid context")
            return
        }
        #expect(containerError.field == "stack.0.container")
        #expect(containerError.allowed == ["accentCard", "buttonContainer", "card", "list", "plain"])
    }

    // MARK: Elements

    /// Fonts `titleFont` (20, or 24 for a secondary component), `bodyFont` 15, `bigFont` 30; a shape `round`;
    /// a component `card` mapping title → titleFont, any → bodyFont, icon → null (fonts) and title → round
    /// (shapes), and `card.secondary` extending it with hierarchy secondary and fonts title → bigFont only.
    static func elementLayer() -> ThemeLayer {
        var layer = accentLayer()
        layer.define(
            .font, "titleFont",
            .branches(
                [(.equals(.componentHierarchy, "secondary"), .value(.font(FontLiteral(size: 24, weight: .bold))))],
                else: .value(.font(FontLiteral(size: 20, weight: .bold)))))
        layer.define(.font, "bodyFont", .value(.font(FontLiteral(size: 15))))
        layer.define(.font, "bigFont", .value(.font(FontLiteral(size: 30))))
        layer.define(.shape, "round", .value(.shape(.named(.capsule))))
        var card = ComponentDefinition()
        let fonts: ElementMapping = [.title: "titleFont", .any: "bodyFont", .icon: nil]
        card.mappings[.font] = .set(fonts)
        card.mappings[.shape] = .set([.title: "round"])
        layer.defineComponent("card", card)
        var secondary = ComponentDefinition(extends: "card")
        secondary.hierarchy = .set(.secondary)
        secondary.mappings[.font] = .set([.title: "bigFont"])
        layer.defineComponent("card.secondary", secondary)
        return layer
    }

    static let inCard = makeContext { $0.stack = [.component("card", state: .normal, hierarchy: nil)] }
    static let title = Element(type: .title, hierarchy: .primary)
    static let icon = Element(type: .icon, hierarchy: .primary)

    @Test func anElementResolvesThroughTheCurrentComponentsMapping() throws {
        let session = makeTheme(Self.elementLayer()).session()
        let title = try session.resolveElement(Self.title, context: Self.inCard)
        #expect(title.component == "card")
        #expect(title.element == Self.title)
        #expect(title.values[.font]?.key == "titleFont")
        #expect(title.values[.font]?.value?.asFont?.size == 20)
        #expect(title.values[.shape]?.key == "round")
        #expect(title.values[.shape]?.value?.asShape == .named(.capsule))
        #expect(title.values[.composition]?.key == nil)
        #expect(title.values[.padding]?.key == nil)
        // An element type the component does not map has no key, although `any` is mapped (docs/theme-format.md).
        let label = try session.resolveElement(Element(type: .label, hierarchy: .primary), context: Self.inCard)
        #expect(label.values[.font]?.key == nil)
        #expect(label.values[.font]?.value == nil)
        let anyElement = try session.resolveElement(.any, context: Self.inCard)
        #expect(anyElement.values[.font]?.key == "bodyFont")
        #expect(anyElement.values[.font]?.value?.asFont?.size == 15)
        // Mapped to null: no key.
        #expect(try session.resolveElement(Self.icon, context: Self.inCard).values[.font]?.key == nil)
        // Without an element argument, the context's element is used.
        var titled = Self.inCard
        titled.element = Self.title
        #expect(try session.resolveElement(nil, context: titled).values[.font]?.key == "titleFont")
    }

    @Test func aVariantReplacesAnElementMappingAsAWhole() throws {
        let session = makeTheme(Self.elementLayer()).session()
        let context = makeContext { $0.stack = [.component("card.secondary", state: .normal, hierarchy: nil)] }
        let title = try session.resolveElement(Self.title, context: context)
        #expect(title.component == "card.secondary")
        #expect(title.values[.font]?.key == "bigFont")
        #expect(title.values[.font]?.value?.asFont?.size == 30)
        // card's `any` went with the replaced font mapping; the shape mapping is inherited.
        #expect(try session.resolveElement(.any, context: context).values[.font]?.key == nil)
        #expect(title.values[.shape]?.key == "round")
    }

    @Test func defineTakesPrecedenceOverTheComponent() throws {
        let session = makeTheme(Self.elementLayer()).session()
        let define: [ElementAttribute: [ElementType: String]] = [.font: [.icon: "bigFont"]]
        let icon = try session.resolveElement(Self.icon, define: define, context: Self.inCard)
        #expect(icon.values[.font]?.key == "bigFont")
        #expect(icon.values[.font]?.value?.asFont?.size == 30)
        // `define` is per element type: a title keeps the component's key.
        let title = try session.resolveElement(Self.title, define: define, context: Self.inCard)
        #expect(title.values[.font]?.key == "titleFont")
        // No component at all (and no `base`): `define` alone gives the key.
        let bare = try session.resolveElement(Self.icon, define: define)
        #expect(bare.component == nil)
        #expect(bare.values[.font]?.key == "bigFont")
        #expect(bare.values[.shape]?.key == nil)
    }

    @Test func defineWithAnUnknownKeyIsAnUnknownKey() {
        let session = makeTheme(Self.elementLayer()).session()
        do {
            _ = try session.resolveElement(Self.icon, define: [.font: [.icon: "hugeFont"]], context: Self.inCard)
            Issue.record("expected an unknown key")
        } catch {
            guard case .unknownKey(let attribute, let key, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(attribute == .font)
            #expect(key == "hugeFont")
        }
    }

    @Test func withoutAComponentOnTheStackTheBaseComponentApplies() throws {
        var layer = Self.elementLayer()
        var base = ComponentDefinition()
        base.mappings[.font] = .set([.title: "bodyFont"])
        layer.defineComponent("base", base)
        let title = try makeTheme(layer).session().resolveElement(Self.title)
        #expect(title.component == "base")
        #expect(title.values[.font]?.key == "bodyFont")
    }

    @Test func componentHierarchyPrecedence() throws {
        // The context's componentHierarchy, else the stack entry's hierarchy, else the component's own (5.2).
        let session = makeTheme(Self.elementLayer()).session()
        func size(_ entry: StyleContext.StackEntry, hierarchy: Hierarchy? = nil) throws -> Double? {
            let context = makeContext {
                $0.stack = [entry]
                $0.componentHierarchy = hierarchy
            }
            return try session.resolve(.font, "titleFont", context: context)?.asFont?.size
        }
        #expect(try size(.component("card", state: .normal, hierarchy: nil)) == 20)
        #expect(try size(.component("card.secondary", state: .normal, hierarchy: nil)) == 24)
        #expect(try size(.component("card.secondary", state: .normal, hierarchy: .primary)) == 20)
        #expect(try size(.component("card", state: .normal, hierarchy: nil), hierarchy: .secondary) == 24)
        let overridden = StyleContext.StackEntry.component("card.secondary", state: .normal, hierarchy: .primary)
        #expect(try size(overridden, hierarchy: .secondary) == 24)
    }

    // MARK: Unknown keys

    @Test func anUnknownKeyIsAnErrorWithSuggestions() throws {
        var layer = accentLayer()
        for key in ["spacingGroups", "spacingElements", "cornerRadius"] { layer.define(.number, key, .constant(8)) }
        layer.define(.surface, "spacingGroup", .color("#000000"))  // the name, but of another attribute
        layer.define(.surface, "foreground", .color("#000000"))
        layer.define(.surface, "foreground.secondary", .color("#111111"))
        let session = makeTheme(layer).session()
        let error = session.resolveError(.number, "spacingGroup")
        guard case .unknownKey(let attribute, let key, let suggestions)? = error else {
            Issue.record("expected an unknown key")
            return
        }
        #expect(attribute == .number)
        #expect(key == "spacingGroup")
        #expect(suggestions.first == "spacingGroups")
        #expect(!suggestions.contains("cornerRadius"))
        #expect(suggestions.count <= 5)
        // A dotted path no layer defines is an unknown key too (docs/theme-format.md).
        let dotted = session.resolveError(.surface, "foreground.secondary.secondary")
        guard case .unknownKey(_, _, let near)? = dotted else {
            Issue.record("expected an unknown key")
            return
        }
        #expect(near.contains("foreground.secondary"))
    }
}
