import NIOCore

/// How other threads reach a connection: subscription events and deferred answers hop onto its event loop.
final class ConnectionOutlet: EventSink {
    private let handler: NIOLoopBound<ConnectionHandler>
    private let eventLoop: any EventLoop

    /// Made on the connection's event loop.
    init(handler: ConnectionHandler, eventLoop: any EventLoop) {
        self.handler = NIOLoopBound(handler, eventLoop: eventLoop)
        self.eventLoop = eventLoop
    }

    func send(line: [UInt8]) {
        eventLoop.execute { [handler] in handler.value.send(event: line) }
    }

    func resume(with line: [UInt8]?) {
        eventLoop.execute { [handler] in handler.value.resume(with: line) }
    }
}
