/// FNV-1a over a string's UTF-8: a cheap content hash for the short keys and ids that cache lookups hash on
/// every request (the standard library's seeded SipHash costs several times more for them). Collisions only
/// cost a comparison; the dictionaries still compare with `==`.
@inline(__always)
func fnv1a(_ string: String, _ seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    func run(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
    return string.utf8.withContiguousStorageIfAvailable { run($0) } ?? run(string.utf8)
}

/// The declaration index of a case of a one-byte enum (its tag), without building `allCases`.
@inline(__always)
func tag<T>(_ value: T) -> UInt64 {
    precondition(MemoryLayout<T>.size == 1)
    return UInt64(unsafeBitCast(value, to: UInt8.self))
}

/// A string key hashed with `fnv1a`.
struct FastKey: Hashable, Sendable {
    let string: String

    init(_ string: String) { self.string = string }

    static func == (a: Self, b: Self) -> Bool { a.string == b.string }

    func hash(into hasher: inout Hasher) { hasher.combine(fnv1a(string)) }
}

extension StyleContext {
    /// Hashes every member cheaply: enums packed into one word, strings through `fnv1a`, variables
    /// order-independently (as a dictionary's hash is).
    public func hash(into hasher: inout Hasher) {
        var packed = tag(colorScheme)
        packed |= tag(contrast) << 1
        packed |= tag(dynamicType) << 2
        packed |= tag(fontDesign) << 6
        packed |= tag(fontWidth) << 9
        packed |= tag(componentHierarchy) << 12
        packed |= tag(element.type) << 15
        packed |= tag(element.hierarchy) << 19
        packed |= UInt64(UInt32(bitPattern: Int32(truncatingIfNeeded: elevation))) << 22
        hasher.combine(packed)
        hasher.combine(scaleFactor.bitPattern)
        var strings = fnv1a(accent)
        strings = fnv1a(platform ?? "", strings ^ 0x9e37_79b9)
        for entry in stack {
            switch entry {
            case .component(let id, let state, let hierarchy):
                strings = fnv1a(id, strings ^ 0x51)
                strings ^= tag(state) << 3 | tag(hierarchy)
            case .container(let id, let state):
                strings = fnv1a(id, strings ^ 0xc3)
                strings ^= tag(state) << 3
            }
            strings &*= 0x0000_0100_0000_01b3
        }
        hasher.combine(strings)
        if !vars.isEmpty {
            var sum: UInt64 = 0
            for (name, value) in vars {
                var h = fnv1a(name)
                switch value {
                case .string(let s): h = fnv1a(s, h ^ 0x5)
                case .number(let n): h = (h ^ n.bitPattern) &* 0x0000_0100_0000_01b3
                }
                sum &+= h
            }
            hasher.combine(sum)
        }
    }
}
