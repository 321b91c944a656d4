/// Dynamic Type categories, smallest first.
public enum DynamicTypeCategory: String, ClosedSet {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    var index: Int { Int(tag(self)) }
}

extension TextStyle {
    /// Point sizes per category, `xSmall` through `accessibility5` (Apple's Human Interface Guidelines, iOS).
    var pointSizes: [Double] { Self.table[index] }

    var index: Int { Int(tag(self)) }

    private static let table: [[Double]] = allCases.map(\.sizes)

    private var sizes: [Double] {
        switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }

    /// The point size of this style at a category.
    public func pointSize(at category: DynamicTypeCategory) -> Double { pointSizes[category.index] }

    /// How much a value of this style grows from `large` to `category`.
    public func scale(at category: DynamicTypeCategory) -> Double {
        pointSize(at: category) / pointSize(at: .large)
    }
}
