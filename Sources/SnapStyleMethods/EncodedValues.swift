import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleJansson

/// Resolved values as JSON text, encoded by jansson once per distinct value: a value's text never changes,
/// so answering the same value again costs a lookup instead of an encoding. Bounded in bytes: large values
/// (a mesh gradient) are encoded each time, and past the budget the table starts over.
public final class EncodedValues: Sendable {
    struct Table: Sendable {
        var encodings: [ResolvedValue: [UInt8]] = [:]
        /// The same encodings under the serial number of the cache entry that held the value: a lookup by number
        /// costs far less than hashing a value.
        var byEntry: [UInt64: [UInt8]] = [:]
        var bytes = 0
    }

    let table = Locked(Table())
    /// What the encodings may take together.
    let budget: Int
    /// A longer encoding is not kept.
    static let largestKept = 16_384

    public init(budget: Int = 4 << 20) { self.budget = budget }

    /// The value's JSON encoding (`null` for no value), encoded once per distinct value.
    public func bytes(_ value: ResolvedValue?) -> [UInt8] { bytes(value, entry: nil) }

    /// The encoding of a value from the cache, found by its entry's number when it has one.
    public func bytes(_ cached: CachedValue) -> [UInt8] { bytes(cached.value, entry: cached.entry) }

    private func bytes(_ value: ResolvedValue?, entry: UInt64?) -> [UInt8] {
        guard let value else { return Array("null".utf8) }
        if let entry, let known = table.withLock({ $0.byEntry[entry] }) { return known }
        if let known = table.withLock({ $0.encodings[value] }) {
            if let entry { remember(known, entry: entry) }
            return known
        }
        var bytes: [UInt8] = []
        Jansson.encode(value.json, into: &bytes)
        guard bytes.count <= Self.largestKept else { return bytes }
        table.withLock { table in
            if table.bytes + bytes.count > budget { Self.startOver(&table) }
            if table.encodings.updateValue(bytes, forKey: value) == nil { table.bytes += bytes.count + 64 }
        }
        if let entry { remember(bytes, entry: entry) }
        return bytes
    }

    private func remember(_ bytes: [UInt8], entry: UInt64) {
        table.withLock { table in
            if table.bytes + 48 > budget { Self.startOver(&table) }
            if table.byEntry.updateValue(bytes, forKey: entry) == nil { table.bytes += 48 }
        }
    }

    private static func startOver(_ table: inout Table) {
        table.encodings.removeAll(keepingCapacity: false)
        table.byEntry.removeAll(keepingCapacity: false)
        table.bytes = 0
    }
}
