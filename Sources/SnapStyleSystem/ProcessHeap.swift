#if canImport(Glibc)
import Glibc
#endif

/// The process's malloc heap.
public enum ProcessHeap {
    /// glibc's `malloc_trim`, which the Glibc module does not export (it lives in `<malloc.h>`).
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// Gives the heap's free memory back to the system (`malloc_trim(0)`): glibc otherwise keeps what was freed
    /// for reuse. Returns whether any was given back. Trimming a large heap takes a while: not on an event loop.
    @discardableResult
    public static func trim() -> Bool { mallocTrim?(0) == 1 }
}
