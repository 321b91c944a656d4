#if canImport(Glibc)
import Glibc
#endif

/// Byte searches and comparisons in raw memory, through the C library's vectorized `memchr` and `memcmp`.
/// Inlinable: a call costs what calling the C function directly costs (the request path reads every line
/// through `firstIndex`).
public enum RawMemory {
    /// Where `byte` first occurs in the `count` bytes at `start`, or nil (`memchr`).
    @inlinable @inline(__always)
    public static func firstIndex(of byte: UInt8, in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
        memchr(start, Int32(byte), count).map { UnsafeRawPointer($0) }
    }

    /// Whether the `count` bytes at `first` and at `second` are the same (`memcmp`).
    @inlinable @inline(__always)
    public static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(first, second, count) == 0
    }
}
