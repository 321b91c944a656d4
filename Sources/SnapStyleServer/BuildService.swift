import Foundation
import Logging
import ServiceLifecycle
import SnapStyleBuild
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleSystem
import SnapStyleThemes

/// Keeps the outputs of the daemon's `builds` fresh: every output once at start, then, after each applied change,
/// the outputs of the themes it touched, each file written atomically and only when its content changed. A theme
/// in error keeps serving its last good version, so its outputs keep their last good files; the log says why. Each
/// build's config file is read again when its content changes: a config that loads replaces the build's and its
/// outputs are built again; a broken one is logged at its place and the last good config keeps running.
public final class BuildService: Service, Sendable {
    /// Where the service stands.
    public enum State: Sendable, Equatable {
        /// Not yet run: the outputs have not been built.
        case starting
        /// Every output was built once; waiting for changes.
        case keeping
        /// Shut down: changes are no longer followed.
        case stopped
    }

    let changes: ChangeCoordinator
    let projects: [BuildProject]
    /// Reports of applied changes not yet followed, taken by `run`.
    let pending = Locked<[ReloadReport]>([])
    /// The builds whose config files changed, not yet read again.
    let editedConfigs = Locked(Set<Int>())
    /// How often the config files are read to see whether they changed.
    let configPoll: Duration
    let kicks: AsyncStream<Void>
    let kick: AsyncStream<Void>.Continuation
    let current = Locked(State.starting)
    /// Each build's outputs' states (config order), as of the last refresh.
    let outputs: Locked<[[BuildKeeper.OutputState]]>

    public init(daemon: Daemon, projects: [BuildProject], configPoll: Duration = .milliseconds(200)) {
        self.configPoll = configPoll
        changes = daemon.changes
        self.projects = projects
        outputs = Locked(projects.map { Array(repeating: .pending, count: $0.configuration.outputs.count) })
        (kicks, kick) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        changes.onChange { [pending, kick] report in
            pending.withLock { $0.append(report) }
            kick.yield()
        }
    }

    public var state: State { current.withLock { $0 } }

    /// Each build's outputs' states, in the order of the configs and their outputs.
    public var outputStates: [[BuildKeeper.OutputState]] { outputs.withLock { $0 } }

    public func run() async throws {
        let methods = changes.methods
        let logger = changes.logger
        let call: BuildCall = { method, params in
            try await BlockingWork.run {
                Result { () throws(RPCError) -> JSONValue in
                    guard let answer = try methods.answer(method, .object(params)) else {
                        throw RPCError.methodNotFound(method.rawValue)
                    }
                    return answer
                }
            }.get()
        }
        let source = BuildSource(call: call, methods: methods)
        var keepers = projects.map(BuildKeeper.init)
        for index in keepers.indices {
            log(await keepers[index].refreshAll(source: source), keepers[index])
        }
        publish(keepers, .keeping)
        let poll = pollConfigs()
        defer { poll.cancel() }
        await withGracefulShutdownHandler {
            for await _ in kicks.cancelOnGracefulShutdown() {
                let reports = pending.withLock { reports in
                    defer { reports = [] }
                    return reports
                }
                let edited = editedConfigs.withLock { edited in
                    defer { edited = [] }
                    return edited
                }
                for index in edited.sorted() {
                    let file = keepers[index].project.configuration.file
                    do throws(BuildError) {
                        let project = try await keepers[index].project.reloaded(source: source)
                        keepers[index] = BuildKeeper(project: project)
                        logger.info("build \(file): config reloaded")
                        log(await keepers[index].refreshAll(source: source), keepers[index])
                    } catch {
                        logger.error("build \(error.description)")
                    }
                }
                for report in reports {
                    let start = ContinuousClock.now
                    defer { logger.debug("builds refreshed in \(ContinuousClock.now - start)") }
                    for index in keepers.indices {
                        log(await keepers[index].refresh(after: report, source: source), keepers[index])
                    }
                }
                publish(keepers, .keeping)
            }
        } onGracefulShutdown: { [kick] in
            kick.finish()
        }
        publish(keepers, .stopped)
    }

    /// Reads each build's config file every `configPoll` and marks those whose content changed.
    func pollConfigs() -> Task<Void, Never> {
        let files = projects.map(\.configuration.file)
        return Task { [editedConfigs, kick, configPoll] in
            var last = files.map { FileManager.default.contents(atPath: $0) }
            while !Task.isCancelled {
                try? await Task.sleep(for: configPoll)
                for (index, file) in files.enumerated() {
                    let now = FileManager.default.contents(atPath: file)
                    guard now != last[index] else { continue }
                    last[index] = now
                    editedConfigs.withLock { _ = $0.insert(index) }
                    kick.yield()
                }
            }
        }
    }

    func publish(_ keepers: [BuildKeeper], _ state: State) {
        outputs.withLock { $0 = keepers.map(\.states) }
        current.withLock { $0 = state }
    }

    func log(_ refresh: BuildKeeper.Refresh, _ keeper: BuildKeeper) {
        let logger = changes.logger
        let file = keeper.project.configuration.file
        for path in refresh.written { logger.info("build \(file): wrote \(path)") }
        for problem in refresh.problems { logger.warning("build \(file): \(problem)") }
    }
}
