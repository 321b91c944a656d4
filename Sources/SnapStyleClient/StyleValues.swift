import SnapStyleProtocol
import SnapStyleJSON

/// A resolved font (named so as not to clash with SwiftUI's `Font` in the apps that link this library).
public struct StyleFont: Sendable, Equatable {
    public var size: Double
    public var baseSize: Double
    public var weight: String
    public var width: String
    public var design: String
    public var textStyle: String

    init?(json v: JSONValue) {
        guard case .font(let font) = StyleValue(json: v, attribute: .font) else { return nil }
        size = font.size
        baseSize = font.baseSize
        weight = font.weight
        width = font.width
        design = font.design
        textStyle = font.textStyle
    }
}

/// A resolved color (`kind: color`); materials and gradients come as JSON through `ResolveRequest`.
public struct StyleColor: Sendable, Equatable {
    public var hex: String
    public var rgba: [Double]

    init?(json v: JSONValue) {
        guard case .color(let color) = StyleValue(json: v, attribute: .surface) else { return nil }
        hex = color.hex
        rgba = color.rgba
    }
}

/// A resolved number: its scaled value and unscaled base.
public struct StyleNumber: Sendable, Equatable {
    public var value: Double
    public var base: Double

    init?(json v: JSONValue) {
        guard case .number(let value, let base) = StyleValue(json: v, attribute: .number) else { return nil }
        self.value = value
        self.base = base
    }
}
