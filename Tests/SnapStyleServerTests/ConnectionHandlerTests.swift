import Logging
import NIOCore
import NIOEmbedded
import SnapStyleConfiguration
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleSystem
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

@testable import SnapStyleServer

/// The connection handler (line framing and answers) on an `EmbeddedChannel`, with a real dispatcher.
@Suite struct ConnectionHandlerTests {
    static let store: ThemeStore = {
        let store = ThemeStore(roots: [])
        store.reloadAll()
        return store
    }()

    func makeDaemon(maxLineBytes: Int = 1024) -> Daemon {
        var configuration = DaemonConfiguration()
        configuration.maxLineBytes = maxLineBytes
        return Daemon(
            configuration: configuration, store: Self.store, socketPath: "/nowhere",
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            notifier: SystemdNotifier(environment: [:]))
    }

    func makeChannel(maxLineBytes: Int = 1024) throws -> (EmbeddedChannel, Daemon) {
        let daemon = makeDaemon(maxLineBytes: maxLineBytes)
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ConnectionHandler(services: daemon.connectionServices))
        try channel.connect(to: SocketAddress(unixDomainSocketPath: "/nowhere")).wait()
        return (channel, daemon)
    }

    func write(_ channel: EmbeddedChannel, _ text: String) throws {
        try channel.writeInbound(channel.allocator.buffer(string: text))
        channel.pipeline.fireChannelReadComplete()
    }

    /// Every line written so far, in order.
    func lines(_ channel: EmbeddedChannel) throws -> [String] {
        var text = ""
        while var buffer = try channel.readOutbound(as: ByteBuffer.self) {
            text += buffer.readString(length: buffer.readableBytes) ?? ""
        }
        return text.split(separator: "\n").map(String.init)
    }

    func ids(_ lines: [String]) -> [JSONValue?] { lines.map { try? Jansson.parse($0)["id"] } }

    @Test func linesSplitAcrossReadsAndCRLFAreAnsweredInOrder() throws {
        let (channel, _) = try makeChannel()
        try write(channel, #"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\r\n" + #"{"jsonrpc":"2.0","id":2,"#)
        #expect(ids(try lines(channel)) == [1])
        try write(channel, #""method":"ping"}"# + "\n\n   \n" + #"{"jsonrpc":"2.0","id":3,"method":"ping"}"# + "\n")
        #expect(ids(try lines(channel)) == [2, 3], "blank lines are skipped")
        _ = try channel.finish()
    }

    /// A deferred answer comes from another thread, so this test's loop is the thread-safe testing loop.
    @Test func aDeferredAnswerHoldsTheNextLinesUntilItComes() async throws {
        let daemon = makeDaemon()
        let services = daemon.connectionServices
        let channel = try await NIOAsyncTestingChannel { channel in
            try channel.pipeline.syncOperations.addHandler(ConnectionHandler(services: services))
        }
        try await channel.connect(to: SocketAddress(unixDomainSocketPath: "/nowhere")).get()
        func write(_ text: String) async throws {
            try await channel.writeInbound(ByteBuffer(string: text))
            try await channel.testingEventLoop.executeInContext { channel.pipeline.fireChannelReadComplete() }
        }
        func lines() async throws -> [String] {
            var text = ""
            while let buffer = try await channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
            return text.split(separator: "\n").map(String.init)
        }
        // One read: the ping before the keys request is answered at once, the one after it waits.
        try await write(
            #"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"keys"}"# + "\n"
                + #"{"jsonrpc":"2.0","id":3,"method":"ping"}"# + "\n")
        #expect(ids(try await lines()) == [1], "the last ping waits for the keys answer")
        try await write(#"{"jsonrpc":"2.0","id":4,"method":"ping"}"# + "\n")
        #expect(try await lines().isEmpty, "a later read waits too")
        let worker = Task { await daemon.deferred.run() }
        defer { worker.cancel() }
        var answered: [String] = []
        try await eventually("three deferred answers, got \(answered)") {
            await channel.testingEventLoop.run()
            answered += try await lines()
            return answered.count >= 3
        }
        #expect(ids(answered) == [2, 3, 4])
        _ = try await channel.finish()
    }

    @Test func aLineOverTheLimitIsAnsweredThenClosed() throws {
        let (channel, _) = try makeChannel(maxLineBytes: 256)
        try write(channel, #"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n" + String(repeating: "x", count: 300))
        let answered = try lines(channel)
        #expect(ids(answered).first == 1)
        #expect(answered.last?.contains("-32005") == true)
        #expect(!channel.isActive)
    }

    @Test func theClientFinishingItsInputClosesOnceAnswered() throws {
        let (channel, _) = try makeChannel()
        try write(channel, #"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n")
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        channel.embeddedEventLoop.run()
        #expect(ids(try lines(channel)) == [1])
        #expect(!channel.isActive)
    }
}
