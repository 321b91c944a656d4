import SnapStyleJSON
import SnapStyleVocabulary

/// What a token's `$extensions."org.snapstyle"` adds to its `$value`: the facts of a native value that DTCG has no
/// member for. One type reads them (the importer) and writes them (`snapstyle export --format dtcg`), so that
/// importing an export gives back the same values. Other tools ignore them; a designer's edit of `$value` still
/// counts (a hint that no longer fits the value is dropped).
public struct SnapStyleHints: Hashable, Sendable {
    public static let extensionName = "org.snapstyle"
    /// The order `implicit` is written in.
    static let implicitOrder = ["fontFamily", "lineHeight", "letterSpacing", "position"]

    /// The key the token becomes instead of its path.
    public var key: String?
    /// Fonts: the native descriptors.
    public var textStyle: TextStyle?
    public var weight: FontWeight?
    public var width: FontWidth?
    public var design: FontDesign?
    /// Numbers and fonts: whether Dynamic Type scales the value (numbers: present only for native numbers).
    public var scaled: Bool?
    /// Members written only because the format requires them (`fontFamily`, `lineHeight`, `letterSpacing`, and
    /// `position` for evenly spaced gradient stops): the import leaves them unset while they hold the stand-in
    /// value the export wrote (`FontDetails.standIn`).
    public var implicit: Set<String> = []
    /// Dimensions in `rem`: the size of a rem in points where the exported theme's was not the default.
    public var remBase: Double?
    /// Gradients: where the gradient runs.
    public var startPoint: GradientPoint?
    public var endPoint: GradientPoint?

    /// No hints.
    public init() {}

    /// Reads the hints of a token's `$extensions`; nil when it has none. Unknown or malformed members are skipped.
    public init?(extensions: JSONValue?) {
        guard case .object(let object)? = extensions?[Self.extensionName] else { return nil }
        key = object["key"]?.stringValue.flatMap { KeySyntax.isValidReference($0) ? $0 : nil }
        textStyle = object["textStyle"]?.stringValue.flatMap(TextStyle.init(rawValue:))
        weight = object["weight"]?.stringValue.flatMap(FontWeight.init(rawValue:))
        width = object["width"]?.stringValue.flatMap(FontWidth.init(rawValue:))
        design = object["design"]?.stringValue.flatMap(FontDesign.init(rawValue:))
        if case .bool(let flag)? = object["scaled"] { scaled = flag }
        remBase = object["remBase"]?.doubleValue.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        implicit = Set((object["implicit"]?.arrayValue ?? []).compactMap(\.stringValue))
        startPoint = object["startPoint"].flatMap(Self.point)
        endPoint = object["endPoint"].flatMap(Self.point)
    }

    /// Whether there is nothing to write.
    public var isEmpty: Bool { self == SnapStyleHints() }

    /// The hints as `$extensions."org.snapstyle"` holds them, members in a fixed order: `key`, the font
    /// descriptors, `scaled`, `implicit`, `remBase`, `startPoint`, `endPoint`.
    public var json: JSONValue {
        var object = JSONObject()
        if let key { object["key"] = .string(key) }
        if let textStyle { object["textStyle"] = .string(textStyle.rawValue) }
        if let weight { object["weight"] = .string(weight.rawValue) }
        if let width { object["width"] = .string(width.rawValue) }
        if let design { object["design"] = .string(design.rawValue) }
        if let scaled { object["scaled"] = .bool(scaled) }
        if !implicit.isEmpty {
            object["implicit"] = .array(Self.implicitOrder.filter(implicit.contains).map(JSONValue.string))
        }
        if let remBase { object["remBase"] = .number(remBase) }
        if let startPoint { object["startPoint"] = startPoint.json }
        if let endPoint { object["endPoint"] = endPoint.json }
        return .object(object)
    }

    /// `$extensions` holding the hints, nil when there are none.
    public var extensions: JSONValue? { isEmpty ? nil : .object([Self.extensionName: json]) }

    /// A gradient point as written: a name, or `[x, y]`.
    public static func point(_ json: JSONValue) -> GradientPoint? {
        if let name = json.stringValue { return .named(name) }
        guard let xy = json.arrayValue, xy.count == 2, let x = xy[0].doubleValue, let y = xy[1].doubleValue else {
            return nil
        }
        return .point(x, y)
    }
}
