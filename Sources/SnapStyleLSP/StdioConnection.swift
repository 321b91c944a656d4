import Foundation
import Logging
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleWatcher
import Synchronization

/// Runs a language server over stdin and stdout: a thread reads and frames stdin, one loop hands each message to
/// the server in order, and the theme roots are watched for changes made outside the editor. When no message is
/// waiting, the server applies what changed and sends diagnostics.
public enum StdioConnection {
    enum Inbound: Sendable {
        /// A message, and when the reader framed it.
        case frame(LSPFramer.Frame, arrived: ContinuousClock.Instant)
        case changed(Set<String>)
        case rescan
        /// The input has been quiet since the message that scheduled this flush (its ticket).
        case settled(Int)
        case end
    }

    /// How long the input must be quiet before the server works out what the messages changed: a burst of edits
    /// (a paste typed out, a client replaying changes) is read whole and analysed once. A message that came after
    /// the input had been quiet this long is no part of a burst: what it changed is worked out at once.
    static let settle = Duration.milliseconds(10)

    /// Serves until `exit` or the end of stdin; returns the exit status (0 only after `shutdown` then `exit`).
    public static func run(options: LanguageServerOptions, logger: Logger) async -> Int32 {
        let (stream, continuation) = AsyncStream<Inbound>.makeStream()
        let waiting = Atomic<Int>(0)
        let reader = Thread {
            var framer = LSPFramer(maximumLength: Limits.fileBytes)
            while true {
                let data = FileHandle.standardInput.availableData
                if data.isEmpty { break }
                framer.append(data)
                let arrived = ContinuousClock.now
                var frames: [LSPFramer.Frame] = []
                while let frame = framer.next() { frames.append(frame) }
                // Counted before any is handed on, so that the loop sees them all waiting.
                waiting.add(frames.count, ordering: .relaxed)
                for frame in frames { continuation.yield(.frame(frame, arrived: arrived)) }
            }
            continuation.yield(.end)
        }
        reader.start()
        let output = FileHandle.standardOutput
        let server = LanguageServer(options: options, logger: logger) { message in
            output.write(Data(LSPFramer.frame(Array(Jansson.encode(message).utf8))))
        }
        var watcher: ThemeWatcher?
        var schedule = FlushSchedule(settle: settle)
        // The settle timers are children of this group, so none outlives the loop.
        await withDiscardingTaskGroup { timers in
            loop: for await inbound in stream {
                switch inbound {
                case .frame(let frame, let arrived):
                    waiting.subtract(1, ordering: .relaxed)
                    schedule.message(arrived: arrived)
                    await server.handle(frame)
                case .changed(let paths):
                    schedule.otherInput()
                    server.filesChanged(paths)
                case .rescan:
                    schedule.otherInput()
                    server.rescan()
                case .settled(let settled):
                    if schedule.isDue(settled, waiting: waiting.load(ordering: .relaxed)) {
                        await server.flush()
                        schedule.flushed(at: .now)
                    }
                    continue loop
                case .end: break loop
                }
                if server.exitCode != nil { break }
                if watcher == nil, !server.watchedRoots.isEmpty {
                    let started = ThemeWatcher(roots: server.watchedRoots, logger: logger) { event in
                        switch event {
                        case .changed(let paths): continuation.yield(.changed(paths))
                        case .rescan: continuation.yield(.rescan)
                        }
                    }
                    do { try started.start() } catch { logger.warning("not watching the theme roots: \(error)") }
                    watcher = started
                }
                switch schedule.decide(waiting: waiting.load(ordering: .relaxed)) {
                case .flushNow:
                    await server.flush()
                    schedule.flushed(at: .now)
                case .settle(let ticket):
                    timers.addTask {
                        try? await Task.sleep(for: settle)
                        continuation.yield(.settled(ticket))
                    }
                case .wait: break
                }
            }
            timers.cancelAll()
        }
        watcher?.stop()
        return server.exitCode ?? 1
    }
}
