import NIOPosix

/// Synchronous work that may take a while (file reads, rebuilds, whole-theme methods, waiting for the change
/// lock) runs on NIO's thread pool: it holds neither an event loop nor a thread of the concurrency pool.
enum BlockingWork {
    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        if let value = try? await NIOThreadPool.singleton.runIfActive(body) { return value }
        return body()
    }
}
