import SnapStyleProtocol

/// A resolved font (named so as not to clash with SwiftUI's `Font` in the apps that link this library).
public typealias StyleFont = StyleValue.Font

/// A resolved color (`kind: color`); materials and gradients come as JSON through `ResolveRequest`.
public typealias StyleColor = StyleValue.Color

/// A resolved number: its scaled value and unscaled base.
public typealias StyleNumber = StyleValue.Number
