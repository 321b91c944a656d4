import ServiceLifecycle
import SnapStyleThemes

/// Compiles very large themes off every lock (`ThemeStore.defersLargeCompiles`), one at a time, while other
/// themes' changes go on being applied; each compiled change is then put in place and announced like any other.
/// A change that left such a theme pending, or the start-up, kicks it.
public final class DeferredCompiles: Service, Sendable {
    let changes: ChangeCoordinator
    let kicks: AsyncStream<Void>
    let kick: AsyncStream<Void>.Continuation

    public init(changes: ChangeCoordinator) {
        self.changes = changes
        (kicks, kick) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        changes.onDeferred { [kick] in kick.yield() }
    }

    public func run() async {
        kick.yield()  // what the start-up left pending
        for await _ in kicks.cancelOnGracefulShutdown() {
            while let job = changes.store.takeDeferredCompile() { await changes.compileDeferred(job) }
        }
    }
}
