import Foundation
import Logging
import MCP

/// Wraps the transport the server reads: each message is screened (`MessageScreen`) before the SDK gets it, those
/// it refuses are answered here, and the session learns the protocol version `initialize` asks for. Used with the
/// stdio transport when serving and with the SDK's in-memory transport in the tests.
actor ScreenedTransport: Transport {
    nonisolated let logger: Logger
    private let inner: any Transport
    private let session: ClientSession

    init(_ inner: any Transport, session: ClientSession, logger: Logger) {
        self.inner = inner
        self.session = session
        self.logger = logger
    }

    func connect() async throws { try await inner.connect() }

    func disconnect() async { await inner.disconnect() }

    func send(_ data: Data) async throws { try await inner.send(data) }

    func receive() -> AsyncThrowingStream<Data, any Error> {
        let inner = self.inner
        let session = self.session
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await data in await inner.receive() {
                        switch data.withUnsafeBytes(MessageScreen.screen) {
                        case .pass(let rewritten, let message):
                            session.observe(message)
                            continuation.yield(rewritten.map { Data($0) } ?? data)
                        case .answer(let line):
                            try? await inner.send(Data(line.utf8))
                        case .split(let line, let rewritten, let message):
                            try? await inner.send(Data(line.utf8))
                            if let rewritten {
                                session.observe(message)
                                continuation.yield(Data(rewritten))
                            }
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
