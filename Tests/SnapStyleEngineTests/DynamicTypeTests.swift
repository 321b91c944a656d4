import SnapStyleEngine
import Testing

/// The iOS Dynamic Type point-size table and the scale factors built on it (docs/theme-format.md).
@Suite struct DynamicTypeTests {
    /// A text style's point size at a category: Apple's Human Interface Guidelines, iOS Dynamic Type sizes.
    struct Size: Sendable, CustomStringConvertible {
        var style: TextStyle
        var category: DynamicTypeCategory
        var points: Double

        init(_ style: TextStyle, _ category: DynamicTypeCategory, _ points: Double) {
            self.style = style
            self.category = category
            self.points = points
        }

        var description: String { "\(style) at \(category)" }
    }

    static let sizes: [Size] = [
        Size(.body, .large, 17),
        Size(.body, .accessibility5, 53),
        Size(.body, .xSmall, 14),
        Size(.body, .xxxLarge, 23),
        Size(.body, .accessibility1, 28),
        Size(.largeTitle, .large, 34),
        Size(.largeTitle, .xSmall, 31),
        Size(.largeTitle, .accessibility5, 60),
        Size(.title, .large, 28),
        Size(.title2, .large, 22),
        Size(.title3, .large, 20),
        Size(.headline, .large, 17),
        Size(.callout, .large, 16),
        Size(.subheadline, .large, 15),
        Size(.footnote, .large, 13),
        Size(.caption, .large, 12),
        Size(.caption2, .large, 11),
        Size(.caption2, .xSmall, 11),
        Size(.caption2, .accessibility5, 40),
        Size(.footnote, .xSmall, 12),
    ]

    @Test(arguments: DynamicTypeTests.sizes)
    func pointSize(_ size: Size) {
        #expect(size.style.pointSize(at: size.category) == size.points)
    }

    @Test func categoriesInOrder() {
        #expect(
            DynamicTypeCategory.allowed == [
                "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "accessibility1",
                "accessibility2", "accessibility3", "accessibility4", "accessibility5",
            ])
        #expect(
            TextStyle.allowed == [
                "largeTitle", "title", "title2", "title3", "headline", "body", "callout", "subheadline", "footnote",
                "caption", "caption2",
            ])
    }

    @Test(arguments: TextStyle.allCases)
    func sizesNeverShrinkAsTheCategoryGrows(_ style: TextStyle) {
        let sizes = DynamicTypeCategory.allCases.map { style.pointSize(at: $0) }
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(style): \(sizes)")
        #expect(style.scale(at: .large) == 1)
    }

    @Test func scaleIsRelativeToLarge() {
        #expect(TextStyle.body.scale(at: .xxxLarge) == 23.0 / 17)
        #expect(TextStyle.body.scale(at: .accessibility5) == 53.0 / 17)
        #expect(TextStyle.largeTitle.scale(at: .xSmall) == 31.0 / 34)
        #expect(TextStyle.caption2.scale(at: .xSmall) == 1)
    }

    @Test func numbersScaleWithBodyAndTheScaleFactor() {
        // Theme format 5.3: scaleFactor × size(body, C) / size(body, large).
        #expect(StyleContext().numberScale == 1)
        let context = makeContext {
            $0.scaleFactor = 2
            $0.dynamicType = .accessibility5
        }
        #expect(approx(context.numberScale, 2 * 53.0 / 17))
        let half = makeContext { $0.scaleFactor = 0.5 }
        #expect(approx(half.numberScale, 0.5))
    }

    @Test func fontsScaleWithTheirOwnTextStyle() {
        // scaleFactor × size(T, C) / size(T, large).
        let context = makeContext {
            $0.scaleFactor = 1.5
            $0.dynamicType = .xSmall
        }
        #expect(approx(context.fontScale(.largeTitle), 1.5 * 31 / 34))
        #expect(approx(context.fontScale(.caption2), 1.5))
        #expect(approx(context.fontScale(.body), 1.5 * 14 / 17))
    }
}
