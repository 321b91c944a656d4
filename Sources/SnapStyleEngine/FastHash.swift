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

extension StyleContext {
    /// An FNV-style digest of every member, for the cache's context table (see `fnv1a`): equal contexts have equal
    /// digests; `vars` are combined in an order-independent way, as a dictionary's order is not part of it.
    var digest: UInt64 {
        func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 { (hash ^ value) &* 0x0000_0100_0000_01b3 }
        // -0.0 == 0.0, so both must give the same bits.
        func bits(_ number: Double) -> UInt64 { number == 0 ? 0 : number.bitPattern }
        var hash =
            tag(colorScheme) | tag(contrast) << 8 | tag(dynamicType) << 16 | tag(fontDesign) << 24
            | tag(fontWidth) << 32 | tag(element.type) << 40 | tag(element.hierarchy) << 48
            | (componentHierarchy.map { tag($0) + 1 } ?? 0) << 56
        hash = mix(hash, bits(scaleFactor))
        hash = mix(hash, UInt64(bitPattern: Int64(elevation)))
        hash = fnv1a(accent, hash)
        if let platform { hash = fnv1a(platform, mix(hash, 1)) }
        for entry in stack {
            switch entry {
            case .component(let id, let state, let hierarchy):
                hash = fnv1a(id, mix(hash, 2 | tag(state) << 8 | (hierarchy.map { tag($0) + 1 } ?? 0) << 16))
            case .container(let id, let state):
                hash = fnv1a(id, mix(hash, 3 | tag(state) << 8))
            }
        }
        var vars: UInt64 = 0
        for (name, value) in self.vars {
            switch value {
            case .string(let s): vars &+= fnv1a(s, fnv1a(name))
            case .number(let n): vars &+= mix(fnv1a(name), bits(n))
            }
        }
        return mix(hash, vars)
    }
}
