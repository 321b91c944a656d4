import Foundation
import Logging
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleServer
import SnapStyleThemes
import Synchronization
import Testing

/// `reload` in process: answered in place without the reload worker, later (through the caller's sink) with it.
@Suite struct DaemonReloadTests {
    final class Sink: EventSink {
        let lines = Mutex<[String]>([])
        let resumed = Mutex<[String?]>([])
        func send(line: [UInt8]) { lines.withLock { $0.append(String(decoding: line, as: UTF8.self)) } }
        func resume(with line: [UInt8]?) {
            resumed.withLock { $0.append(line.map { String(decoding: $0, as: UTF8.self) }) }
        }
    }

    func makeDaemon() -> Daemon {
        let store = ThemeStore(roots: [])
        store.reloadAll()
        return Daemon(
            configuration: DaemonConfiguration(), store: store, socketPath: "/nowhere", logger: Logger(label: "test"),
            notifier: SystemdNotifier(environment: [:]))
    }

    func reply(_ daemon: Daemon, _ line: String, _ sink: Sink) -> Daemon.Reply {
        Array(line.utf8).withUnsafeBytes { daemon.reply(to: $0, caller: Caller(connection: 1, sink: sink)) }
    }

    @Test func withoutTheWorkerReloadIsAnsweredInPlace() throws {
        let daemon = makeDaemon()
        let sink = Sink()
        guard case .line(let line) = reply(daemon, #"{"jsonrpc":"2.0","id":1,"method":"reload"}"#, sink) else {
            Issue.record("expected an answer in place")
            return
        }
        #expect(try Jansson.parse(bytes: line)["result"]?["errors"] == [])
    }

    func waitForResumes(_ sink: Sink, _ count: Int) async throws -> [String?] {
        for _ in 0..<1000 where sink.resumed.withLock({ $0.count }) < count {
            try await Task.sleep(for: .milliseconds(5))
        }
        return sink.resumed.withLock { $0 }
    }

    func reloads(_ daemon: Daemon) -> Int? {
        guard case .line(let line) = reply(daemon, #"{"jsonrpc":"2.0","id":1,"method":"status"}"#, Sink()) else {
            return nil
        }
        return (try? Jansson.parse(bytes: line))?["result"]?["reloads"]?["count"]?.intValue
    }

    /// What may take long (a batch, a whole-theme method, overrides, many queries) is answered off the event
    /// loop through the sink, so that the loop keeps answering other connections; the rest in place.
    @Test func longRequestsAreAnsweredOffTheEventLoop() async throws {
        let daemon = makeDaemon()
        let sink = Sink()
        for line in [
            #"{"jsonrpc":"2.0","id":1,"method":"keys"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"explain","params":{"attribute":"font","key":"title"}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"resolve","params":{"attribute":"number","key":"x","overrides":{"number":{"x":1}}}}"#,
            #"[{"jsonrpc":"2.0","id":4,"method":"ping"}]"#,
        ] {
            #expect(reply(daemon, line, sink).isLater, "\(line)")
        }
        let resumed = try await waitForResumes(sink, 4)
        #expect(resumed.count == 4)
        #expect(resumed.allSatisfy { $0?.contains("\"result\"") == true })
        for line in [
            #"{"jsonrpc":"2.0","id":5,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"resolve","params":{"attribute":"font","key":"title"}}"#,
        ] {
            guard case .line = reply(daemon, line, sink) else {
                Issue.record("\(line) was not answered in place")
                continue
            }
        }
    }

    @Test func withTheWorkerReloadIsAnsweredLaterThroughTheSink() async throws {
        let daemon = makeDaemon()
        let sink = Sink()
        daemon.acceptReloadRequests()
        let before = try #require(reloads(daemon))
        // Queued before the worker runs: one rescan answers all three.
        #expect(reply(daemon, #"{"jsonrpc":"2.0","id":7,"method":"reload"}"#, sink).isLater)
        #expect(reply(daemon, #"{"jsonrpc":"2.0","method":"reload"}"#, sink).isLater)
        #expect(reply(daemon, #"{"jsonrpc":"2.0","id":"x","method":"reload"}"#, sink).isLater)
        // A batch is answered off the event loop, through the sink too; a reload inside it in place, in the
        // batch's array.
        #expect(reply(daemon, #"[{"jsonrpc":"2.0","id":8,"method":"reload"}]"#, sink).isLater)
        let worker = Task { await daemon.answerReloadRequests() }
        defer { worker.cancel() }
        var resumed = try await waitForResumes(sink, 4)
        let batch = try #require(resumed.firstIndex { $0?.hasPrefix("[") == true })
        #expect(try Jansson.parse(resumed[batch]!).arrayValue?.first?["id"] == 8)
        resumed.remove(at: batch)
        #expect(resumed.count == 3)
        #expect(resumed[0]?.contains("\"id\":7") == true && resumed[0]?.contains("\"result\"") == true)
        #expect(resumed[1] == nil, "a notification resumes the connection with no answer")
        #expect(resumed[2]?.contains("\"id\":\"x\"") == true)
        #expect(reloads(daemon) == before + 2, "one rescan for the batch, one for the three queued")
    }

    @Test func requestsStillQueuedWhenTheWorkerStopsAreAnsweredThenReloadIsAnsweredInPlace() async throws {
        let daemon = makeDaemon()
        let sink = Sink()
        daemon.acceptReloadRequests()
        #expect(reply(daemon, #"{"jsonrpc":"2.0","id":9,"method":"reload"}"#, sink).isLater)
        let worker = Task { await daemon.answerReloadRequests() }
        worker.cancel()
        await worker.value
        let resumed = try await waitForResumes(sink, 1)
        #expect(resumed.count == 1 && resumed[0]?.contains("\"id\":9") == true)
        guard case .line = reply(daemon, #"{"jsonrpc":"2.0","id":10,"method":"reload"}"#, sink) else {
            Issue.record("expected an answer in place once the worker stopped")
            return
        }
    }
}

extension Daemon.Reply {
    var isLater: Bool {
        if case .later = self { return true }
        return false
    }
}
