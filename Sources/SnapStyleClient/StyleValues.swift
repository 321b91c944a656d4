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
        guard let size = v["size"]?.doubleValue, let baseSize = v["baseSize"]?.doubleValue else { return nil }
        self.size = size
        self.baseSize = baseSize
        weight = v["weight"]?.stringValue ?? "regular"
        width = v["width"]?.stringValue ?? "standard"
        design = v["design"]?.stringValue ?? "default"
        textStyle = v["textStyle"]?.stringValue ?? "body"
    }
}

/// A resolved color (`kind: color`); materials and gradients come as JSON through `ResolveRequest`.
public struct StyleColor: Sendable, Equatable {
    public var hex: String
    public var rgba: [Double]

    init?(json v: JSONValue) {
        guard v["kind"] == "color", let hex = v["hex"]?.stringValue else { return nil }
        self.hex = hex
        rgba = v["rgba"]?.arrayValue?.compactMap(\.doubleValue) ?? []
    }
}

/// A resolved number: its scaled value and unscaled base.
public struct StyleNumber: Sendable, Equatable {
    public var value: Double
    public var base: Double

    init?(json v: JSONValue) {
        guard let value = v["value"]?.doubleValue, let base = v["base"]?.doubleValue else { return nil }
        self.value = value
        self.base = base
    }
}
