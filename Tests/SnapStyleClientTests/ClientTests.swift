import Foundation
import SnapStyleJSON
import SnapStyleTestSupport
import Testing

@testable import SnapStyleClient

/// The Swift client library against the real daemon.
@Suite(.serialized) struct ClientTests {
    @Test func typedRequests() async throws {
        let daemon = try DaemonProcess()
        let connection = try await SnapStyleConnection.connect(socket: daemon.socket)
        let font = try await connection.perform(FontRequest(key: "title", context: ["dynamicType": "xLarge"]))
        #expect(font.generation == 1)
        #expect(font.value?.baseSize == 22)
        #expect(abs((font.value?.size ?? 0) - 22.0 * 19 / 17) < 0.0001)
        let color = try await connection.perform(ColorRequest(key: "light0"))
        #expect(color.value?.hex == "#FFFFFFFF")
        let number = try await connection.perform(NumberRequest(key: "spacingGroups"))
        #expect(number.value?.value == 16)
        #expect(number.value?.base == 16)
        await #expect(throws: SnapStyleClientError.self) {
            _ = try await connection.perform(FontRequest(key: "nope"))
        }
        await connection.close()
    }

    @Test func unreachableDaemon() async throws {
        await #expect(throws: SnapStyleClientError.self) {
            _ = try await SnapStyleConnection.connect(socket: TemporaryDirectory().full("none.sock"))
        }
    }

    @Test func subscriptionsReconnectAndSayWhatWasMissed() async throws {
        let daemon = try DaemonProcess()
        daemon.write("brand.json", "{\"surface\": {\"tint\": \"#102030\"}}")
        try daemon.waitForTheme("brand")
        let events = subscribe(
            socket: daemon.socket,
            queries: [SubscribedQuery(id: "tint", attribute: .surface, key: "tint", theme: "brand")])
        var iterator = events.makeAsyncIterator()
        guard case .subscribed(let result)? = try await iterator.next() else {
            Issue.record("no subscription")
            return
        }
        #expect(!result.missed)
        #expect(result.values.first?.value["hex"] == "#102030FF")
        daemon.write("brand.json", "{\"surface\": {\"tint\": \"#405060\"}}")
        var sawValue = false
        while let event = try await iterator.next() {
            if case .theme(.valuesChanged(let change)) = event {
                #expect(change.values.first?.value["hex"] == "#405060FF")
                #expect(change.theme == "brand")
                #expect("\(event)".hasPrefix("valuesChanged brand generation "), "print(event) reads: \(event)")
                sawValue = true
                break
            }
        }
        #expect(sawValue)
        // The daemon restarts: the client reconnects and is told it missed events (another instance).
        daemon.stop()
        let restarted = Process()
        restarted.executableURL = URL(fileURLWithPath: DaemonProcess.binary)
        restarted.arguments = ["--socket", daemon.socket, "--themes", daemon.themes]
        restarted.environment = daemon.environment
        restarted.standardOutput = Pipe()
        restarted.standardError = Pipe()
        try restarted.run()
        defer {
            kill(restarted.processIdentifier, SIGTERM)
            restarted.waitUntilExit()
        }
        while let event = try await iterator.next() {
            if case .subscribed(let result) = event {
                #expect(result.missed)
                #expect(result.values.first?.value["hex"] == "#405060FF")
                break
            }
        }
    }
}

/// A call whose answer never comes.
@Suite(.serialized) struct ClientTimeoutTests {
    @Test func aCallThatTimesOutIsForgottenAndItsLateAnswerDropped() async throws {
        let daemon = try DaemonProcess()
        let connection = try await SnapStyleConnection.connect(socket: daemon.socket)
        #expect(try await connection.call(.ping) == "pong")
        daemon.signal(SIGSTOP)
        defer { daemon.signal(SIGCONT) }
        // Stopped for sure (state T in /proc), not merely signalled, before the call that must time out.
        let stat = "/proc/\(daemon.process.processIdentifier)/stat"
        let stopped = poll(timeout: 10) {
            let text = (try? String(contentsOfFile: stat, encoding: .utf8)) ?? ""
            return text.split(separator: ")").last?.split(separator: " ").first == "T"
        }
        #expect(stopped, "the daemon did not stop")
        let started = ContinuousClock.now
        await #expect {
            _ = try await connection.call(.ping, timeout: .milliseconds(300))
        } throws: { error in
            guard case SnapStyleClientError.timedOut = error else { return false }
            return true
        }
        // It fails rather than waits for good. On a loaded two-core machine the suite's blocking tests can hold the
        // threads that resume this task for many seconds, so the bound is a hang's, not the timeout's own.
        #expect(ContinuousClock.now - started < .seconds(60))
        #expect(try await connection.pendingCalls() == 0)
        // The daemon answers the forgotten call once it runs again; the connection stays usable.
        daemon.signal(SIGCONT)
        #expect(try await connection.call(.status, timeout: .seconds(5))["pid"] != nil)
        #expect(try await connection.pendingCalls() == 0)
        await connection.close()
    }
}
