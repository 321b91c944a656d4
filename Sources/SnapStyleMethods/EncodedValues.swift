import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleJansson
import SnapStyleSystem

/// Resolved values as JSON text, encoded by jansson once per distinct value: a value's text never changes,
/// so answering the same value again costs a lookup instead of an encoding. Bounded in bytes: large values
/// (a mesh gradient) are encoded each time, and past the budget the table starts over.
public final class EncodedValues: Sendable {
    struct Table: Sendable {
        var encodings: [ResolvedValue: [UInt8]] = [:]
        /// The same encodings under the serial number of the cache entry that held the value: a lookup by number
        /// costs far less than hashing a value.
        var byEntry: [UInt64: [UInt8]] = [:]
        /// The latest of them by the serial's low bits, in front of `byEntry`: an index instead of a hash.
        var recent = [Recent](repeating: Recent(), count: EncodedValues.recentSlots)
        var bytes = 0

        func known(_ entry: UInt64) -> [UInt8]? {
            let slot = recent[Int(entry & UInt64(EncodedValues.recentSlots - 1))]
            return slot.entry == entry ? slot.bytes : nil
        }

        mutating func noteRecent(_ bytes: [UInt8], entry: UInt64) {
            recent[Int(entry & UInt64(EncodedValues.recentSlots - 1))] = Recent(entry: entry, bytes: bytes)
        }
    }

    struct Recent: Sendable {
        /// 0: empty (serials start at 1).
        var entry: UInt64 = 0
        var bytes: [UInt8] = []
    }

    /// A power of two.
    static let recentSlots = 1024

    let table = Locked(Table())
    /// What the encodings may take together.
    let budget: Int
    /// A longer encoding is not kept.
    static let largestKept = 16_384

    public init(budget: Int = 4 << 20) { self.budget = budget }

    /// The value's JSON encoding (`null` for no value), encoded once per distinct value.
    public func bytes(_ value: ResolvedValue?) -> [UInt8] { bytes(value, entry: nil) }

    /// The encoding of a value from the cache, found by its entry's number when it has one.
    public func bytes(_ cached: CachedValue) -> [UInt8] {
        if let entry = cached.entry, let known = known(entry) { return known }
        return bytes(cached.value, entry: cached.entry)
    }

    /// The encoding kept under an entry's number.
    private func known(_ entry: UInt64) -> [UInt8]? {
        table.withLock { table in
            if let known = table.known(entry) { return known }
            guard let known = table.byEntry[entry] else { return nil }
            table.noteRecent(known, entry: entry)
            return known
        }
    }

    private func bytes(_ value: ResolvedValue?, entry: UInt64?) -> [UInt8] {
        guard let value else { return Array("null".utf8) }
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
            table.noteRecent(bytes, entry: entry)
        }
    }

    private static func startOver(_ table: inout Table) {
        table.encodings.removeAll(keepingCapacity: false)
        table.byEntry.removeAll(keepingCapacity: false)
        table.recent = [Recent](repeating: Recent(), count: recentSlots)
        table.bytes = 0
    }
}
