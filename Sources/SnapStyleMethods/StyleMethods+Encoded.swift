import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol

extension StyleMethods {
    /// A single-key `resolve` answered as JSON text: the result object around the value's cached encoding
    /// (theme names and keys are checked identifiers, so they need no escaping). nil when the params are
    /// not of that form; errors as `handle` throws them.
    public func resolveEncoded(_ value: JSONValue?) throws(RPCError) -> [UInt8]? {
        guard case .object(let object)? = value,
            object.members.allSatisfy({ Self.isSingleResolveMember($0.key) })
        else { return nil }
        let params = try Params(value, allowed: Self.singleResolveParams)
        let (name, theme) = try self.theme(params)
        let attribute = try params.attribute()
        let key = try params.key()
        let context = try params.context()
        let session = theme.session()
        let resolved: ResolvedValue?
        do { resolved = try session.resolve(attribute, key, context: context) } catch { throw .style(error) }
        let value = encoded.bytes(resolved)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + name.utf8.count + key.utf8.count + value.count)
        bytes += Self.themePrefix
        Self.append(name, to: &bytes)
        bytes += Self.generationPrefix
        Self.append(String(session.generation), to: &bytes)
        bytes += Self.attributePrefix
        Self.append(attribute.rawValue, to: &bytes)
        bytes += Self.keyPrefix
        Self.append(key, to: &bytes)
        bytes += Self.valuePrefix
        bytes += value
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    static let singleResolveParams = ["theme", "context", "attribute", "key"]
    static func isSingleResolveMember(_ name: String) -> Bool {
        switch name {
        case "theme", "context", "attribute", "key": true
        default: false
        }
    }

    static let themePrefix = Array("{\"theme\":\"".utf8)
    static let generationPrefix = Array("\",\"generation\":".utf8)
    static let attributePrefix = Array(",\"attribute\":\"".utf8)
    static let keyPrefix = Array("\",\"key\":\"".utf8)
    static let valuePrefix = Array("\",\"value\":".utf8)

    /// Appends a string's UTF-8 (names and keys need no escaping: the key syntax and theme names exclude it).
    static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }
}
