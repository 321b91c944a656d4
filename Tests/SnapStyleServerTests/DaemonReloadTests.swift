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

    @Test func withTheWorkerReloadIsAnsweredLaterThroughTheSink() async throws {
        let daemon = makeDaemon()
        let sink = Sink()
        let worker = Task { await daemon.answerReloadRequests() }
        defer { worker.cancel() }
        // The worker flags itself running as it starts.
        var reply = Daemon.Reply.none
        for _ in 0..<200 {
            reply = self.reply(daemon, #"{"jsonrpc":"2.0","id":7,"method":"reload"}"#, sink)
            if case .later = reply { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        guard case .later = reply else {
            Issue.record("expected the reload to be answered later")
            return
        }
        #expect(self.reply(daemon, #"{"jsonrpc":"2.0","method":"reload"}"#, sink).isLater)
        // A reload inside a batch is answered in place, in the batch's array.
        guard case .line(let batch) = self.reply(daemon, #"[{"jsonrpc":"2.0","id":8,"method":"reload"}]"#, sink) else {
            Issue.record("expected the batch answered in place")
            return
        }
        #expect(try Jansson.parse(bytes: batch).arrayValue?.first?["id"] == 8)
        for _ in 0..<400 where sink.resumed.withLock({ $0.count }) < 2 { try await Task.sleep(for: .milliseconds(5)) }
        let resumed = sink.resumed.withLock { $0 }
        #expect(resumed.count == 2)
        #expect(resumed.first??.contains("\"id\":7") == true)
        #expect(resumed.first??.contains("\"result\"") == true)
        #expect(resumed.last == .some(nil), "a notification resumes the connection with no answer")
    }
}

extension Daemon.Reply {
    var isLater: Bool {
        if case .later = self { return true }
        return false
    }
}
