#if canImport(Glibc)
import Glibc
#endif

/// A value behind a pthread mutex, for state shared between threads.
///
/// Like `Synchronization.Mutex`, but ThreadSanitizer can follow it: on Linux a contended `Mutex` is handed
/// over through a priority-inheritance futex that TSan does not see, so every contended `Mutex` was reported
/// as a race (`make test-sanitizers`).
///
/// The value lives behind a pointer rather than in a stored `var`: the mutex already makes every access exclusive,
/// and a class's stored `var` would be checked again at run time on each access (`swift_beginAccess`).
public final class Locked<Value: Sendable>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let value: UnsafeMutablePointer<Value>

    public init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value, alone. Inlinable, so that other modules' calls are specialized and inlined.
    @inlinable @inline(__always)
    public func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
