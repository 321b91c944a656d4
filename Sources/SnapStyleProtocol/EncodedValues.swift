import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson

/// Resolved values as JSON text, encoded by jansson once per distinct value: a value's text never changes,
/// so answering the same value again costs a lookup instead of an encoding.
public final class EncodedValues: Sendable {
    let table = Locked<[ResolvedValue: [UInt8]]>([:])
    let limit: Int

    public init(limit: Int = 65_536) { self.limit = limit }

    /// The value's JSON encoding (`null` for no value), encoded once per distinct value.
    public func bytes(_ value: ResolvedValue?) -> [UInt8] {
        guard let value else { return Array("null".utf8) }
        if let known = table.withLock({ $0[value] }) { return known }
        var bytes: [UInt8] = []
        Jansson.encode(value.json, into: &bytes)
        table.withLock { table in
            if table.count >= limit { table.removeAll(keepingCapacity: true) }
            table[value] = bytes
        }
        return bytes
    }
}
