/// Cache entries by key, in order of use: a lookup makes an entry the most recently used, and the least recently
/// used goes first when room is needed. Entries live in slots of one array linked newest to oldest, so a hit
/// costs one hash lookup and a few array writes. A pure data structure: the cache's lock guards it.
struct EntryTable<Key: Hashable, Value> {
    struct Slot {
        var key: Key
        /// nil in a free slot, so that a removed value is released at once.
        var value: Value?
        var cost: Int
        /// Neighbours in order of use (-1: none).
        var newer: Int32
        var older: Int32
    }

    private var slots: [Slot] = []
    private var index: [Key: Int32] = [:]
    private var freeSlots: [Int32] = []
    private var newest: Int32 = -1
    private var oldest: Int32 = -1
    /// The sum of the entries' costs.
    private(set) var cost = 0

    var count: Int { index.count }
    var isEmpty: Bool { index.isEmpty }

    /// The value of a key without changing the order of use.
    func peek(_ key: Key) -> Value? { index[key].flatMap { slots[Int($0)].value } }

    /// The value of a key, which becomes the most recently used.
    mutating func use(_ key: Key) -> Value? { use(key) { $0 } }

    /// Reads an entry in place (nothing copied but what `read` returns) and marks it the most recently used. The
    /// most recently used entry is compared before any hashing: runs of lookups of one key (a screen's keys
    /// resolved in one context) cost a comparison each.
    mutating func use<R>(_ key: Key, _ read: (Value) -> R) -> R? {
        if newest >= 0, withSlot(newest, { $0.pointee.key == key }) {
            return withSlot(newest) { $0.pointee.value.map(read) }
        }
        guard let position = index[key] else { return nil }
        if position != newest {
            unlink(position)
            linkAsNewest(position)
        }
        return withSlot(position) { $0.pointee.value.map(read) }
    }

    /// Reads a slot in place (the array's subscript would copy the whole slot, key and value).
    private func withSlot<R>(_ position: Int32, _ body: (UnsafePointer<Slot>) -> R) -> R {
        slots.withUnsafeBufferPointer { body($0.baseAddress! + Int(position)) }
    }

    /// Adds or replaces an entry, as the most recently used.
    mutating func insert(_ key: Key, _ value: Value, cost: Int) {
        if let position = index[key] {
            self.cost += cost - slots[Int(position)].cost
            slots[Int(position)].value = value
            slots[Int(position)].cost = cost
            unlink(position)
            linkAsNewest(position)
            return
        }
        let slot = Slot(key: key, value: value, cost: cost, newer: -1, older: -1)
        let position: Int32
        if let free = freeSlots.popLast() {
            position = free
            slots[Int(position)] = slot
        } else {
            position = Int32(slots.count)
            slots.append(slot)
        }
        index[key] = position
        self.cost += cost
        linkAsNewest(position)
    }

    /// Removes an entry; its value and cost, if it was there.
    @discardableResult
    mutating func remove(_ key: Key) -> (value: Value, cost: Int)? {
        guard let position = index.removeValue(forKey: key) else { return nil }
        unlink(position)
        let slot = slots[Int(position)]
        cost -= slot.cost
        freeSlots.append(position)
        slots[Int(position)].value = nil
        return slot.value.map { ($0, slot.cost) }
    }

    /// Removes the least recently used entry.
    mutating func removeOldest() -> (key: Key, value: Value, cost: Int)? {
        guard oldest >= 0 else { return nil }
        let key = slots[Int(oldest)].key
        guard let (value, cost) = remove(key) else { return nil }
        return (key, value, cost)
    }

    mutating func removeAll() {
        slots.removeAll()
        index.removeAll()
        freeSlots.removeAll()
        newest = -1
        oldest = -1
        cost = 0
    }

    /// Keys from the most to the least recently used (for tests).
    var keysByUse: [Key] {
        var keys: [Key] = []
        var position = newest
        while position >= 0 {
            keys.append(slots[Int(position)].key)
            position = slots[Int(position)].older
        }
        return keys
    }

    /// How many slots the table holds, free ones included (for tests: it never exceeds the most entries held).
    var capacity: Int { slots.count }

    private mutating func unlink(_ position: Int32) {
        let slot = slots[Int(position)]
        if slot.newer >= 0 { slots[Int(slot.newer)].older = slot.older } else { newest = slot.older }
        if slot.older >= 0 { slots[Int(slot.older)].newer = slot.newer } else { oldest = slot.newer }
        slots[Int(position)].newer = -1
        slots[Int(position)].older = -1
    }

    private mutating func linkAsNewest(_ position: Int32) {
        slots[Int(position)].older = newest
        slots[Int(position)].newer = -1
        if newest >= 0 { slots[Int(newest)].newer = position }
        newest = position
        if oldest < 0 { oldest = position }
    }
}

extension EntryTable: Sendable where Key: Sendable, Value: Sendable {}
extension EntryTable.Slot: Sendable where Key: Sendable, Value: Sendable {}
