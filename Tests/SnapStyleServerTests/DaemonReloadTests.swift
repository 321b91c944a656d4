import Foundation
import Logging
import SnapStyleConfiguration
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleServer
import SnapStyleSystem
import SnapStyleThemes
import Synchronization
import Testing

/// The dispatcher in process: what is answered in place, what is deferred, and `reload` through the rescan queue.
@Suite struct DaemonReloadTests {
    final class Sink: EventSink {
        func send(line: [UInt8]) {}
    }

    func makeDaemon() -> Daemon {
        let store = ThemeStore(roots: [])
        store.reloadAll()
        return Daemon(
            configuration: DaemonConfiguration(), store: store, socketPath: "/nowhere", logger: Logger(label: "test"),
            notifier: SystemdNotifier(environment: [:]))
    }

    func reply(_ daemon: Daemon, _ line: String) -> Reply {
        Array(line.utf8).withUnsafeBytes {
            daemon.dispatcher.reply(to: $0, caller: Caller(connection: 1, sink: Sink()))
        }
    }

    func answer(_ daemon: Daemon, _ line: String) async -> String? {
        await daemon.dispatcher.answer(line: Array(line.utf8), caller: Caller(connection: 1, sink: Sink()))
            .map { String(decoding: $0, as: UTF8.self) }
    }

    func reloads(_ daemon: Daemon) async -> Int? {
        guard let line = await answer(daemon, #"{"jsonrpc":"2.0","id":1,"method":"status"}"#) else { return nil }
        return (try? Jansson.parse(line))?["result"]?["reloads"]?["count"]?.intValue
    }

    @Test func withoutTheWorkerReloadRescansByItself() async throws {
        let daemon = makeDaemon()
        #expect(reply(daemon, #"{"jsonrpc":"2.0","id":1,"method":"reload"}"#).isDeferred)
        let line = try #require(await answer(daemon, #"{"jsonrpc":"2.0","id":1,"method":"reload"}"#))
        #expect(try Jansson.parse(line)["result"]?["errors"] == [])
        #expect(await reloads(daemon) == 1)
    }

    /// What may take long (a batch, a whole-theme method, a reload, overrides, many queries) is deferred, so that
    /// the event loop keeps answering other connections; the rest in place.
    @Test(arguments: [
        #"{"jsonrpc":"2.0","id":1,"method":"keys"}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"explain","params":{"attribute":"font","key":"title"}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"resolve","params":{"attribute":"number","key":"x","overrides":{"number":{"x":1}}}}"#,
        #"[{"jsonrpc":"2.0","id":4,"method":"ping"}]"#,
        #"{"jsonrpc":"2.0","id":5,"method":"reload"}"#,
        #"{"jsonrpc":"2.0","id":6,"method":"themes"}"#,
    ])
    func longRequestsAreDeferred(line: String) async throws {
        let daemon = makeDaemon()
        #expect(reply(daemon, line).isDeferred)
        let answer = try #require(await answer(daemon, line))
        #expect(answer.contains("\"result\""))
    }

    @Test(arguments: [
        #"{"jsonrpc":"2.0","id":5,"method":"ping"}"#,
        #"{"jsonrpc":"2.0","id":6,"method":"resolve","params":{"attribute":"font","key":"title"}}"#,
        #"{"jsonrpc":"2.0","id":7,"method":"status"}"#,
        #"{"jsonrpc":"2.0","id":8,"method":"nope"}"#,
        #"not json"#,
    ])
    func quickRequestsAreAnsweredInPlace(line: String) {
        guard case .line = reply(makeDaemon(), line) else {
            Issue.record("\(line) was not answered in place")
            return
        }
    }

    /// Reloads that wait while the worker is busy share one rescan; a reload in a batch goes through the same queue.
    @Test func waitingReloadsShareARescan() async throws {
        let daemon = makeDaemon()
        let before = try #require(await reloads(daemon))
        let lines = [
            #"{"jsonrpc":"2.0","id":7,"method":"reload"}"#, #"{"jsonrpc":"2.0","method":"reload"}"#,
            #"{"jsonrpc":"2.0","id":"x","method":"reload"}"#, #"[{"jsonrpc":"2.0","id":8,"method":"reload"}]"#,
        ]
        let answers = await withTaskGroup(of: (Int, String?).self) { group in
            group.addTask {
                await daemon.rescans.serve()
                return (-1, nil)
            }
            for (index, line) in lines.enumerated() { group.addTask { (index, await answer(daemon, line)) } }
            var answers: [Int: String?] = [:]
            for await (index, answer) in group where index >= 0 {
                answers[index] = answer
                if answers.count == lines.count { group.cancelAll() }
            }
            return answers
        }
        #expect(answers[0]??.contains("\"id\":7") == true)
        #expect(answers[1] == .some(nil), "a notification is answered nothing")
        #expect(answers[2]??.contains("\"id\":\"x\"") == true)
        #expect(try Jansson.parse(try #require(answers[3] ?? nil)).arrayValue?.first?["id"] == 8)
        let rescans = try #require(await reloads(daemon)) - before
        #expect(rescans >= 1 && rescans < lines.count, "\(rescans) rescans for \(lines.count) requests")
    }
}

extension Reply {
    var isDeferred: Bool {
        if case .deferred = self { return true }
        return false
    }
}
