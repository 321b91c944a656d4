import RealModule
import SnapStyleJSON

/// A gradient's start or end: a unit point's name or `[x, y]`.
public enum GradientPoint: Hashable, Sendable {
    case named(String)
    case point(Double, Double)

    /// The CSS angle (degrees, 0 up, 90 right, in 0..<360, to a thousandth) of a gradient running from one unit
    /// point to another (y down).
    public static func cssDegrees(from start: (Double, Double), to end: (Double, Double)) -> Double {
        var degrees = Double.atan2(y: end.0 - start.0, x: start.1 - end.1) * 180 / .pi
        if degrees < 0 { degrees += 360 }
        return (degrees * 1000).rounded() / 1000
    }

    /// Where `count` gradient stops without positions stand: evenly from 0 to 1.
    public static func evenLocations(_ count: Int) -> [Double] {
        (0..<count).map { count > 1 ? Double($0) / Double(count - 1) : 0 }
    }

    /// A name as a string, a point as `[x, y]`.
    public var json: JSONValue {
        switch self {
        case .named(let name): .string(name)
        case .point(let x, let y): .array([.number(x), .number(y)])
        }
    }
}
