import SnapStyleSystem

/// The cases of a string enum found by their UTF-8 bytes, for names read off a request's tape without making a
/// `String` first.
struct NameTable<Name: RawRepresentable & CaseIterable & Sendable>: Sendable where Name.RawValue == String {
    private let entries: [(bytes: [UInt8], name: Name)]

    init() { entries = Name.allCases.map { (Array($0.rawValue.utf8), $0) } }

    /// The case spelled by `count` bytes at `pointer`, if any.
    func name(_ pointer: UnsafePointer<CChar>?, count: Int) -> Name? {
        position(pointer, count: count).map { entries[$0].name }
    }

    /// The case spelled by `count` bytes at `pointer` and its position in `allCases`, if any.
    func position(_ pointer: UnsafePointer<CChar>?, count: Int) -> Int? {
        guard let pointer else { return nil }
        for (position, entry) in entries.enumerated()
        where entry.bytes.count == count && RawMemory.equal(pointer, entry.bytes, count: count) {
            return position
        }
        return nil
    }

    /// The case at a position `position(_:count:)` gave.
    subscript(position: Int) -> Name { entries[position].name }
}
