import Foundation
import SnapStyleTestSupport
import SnapStyleVocabulary
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `snapstyle preview` against half-sent requests (slowloris): they are closed after the head timeout, one client
/// address holds a bounded number of connections, and a normal request is answered promptly meanwhile.
@Suite(.serialized) struct PreviewConnectionBoundsTests {
    /// How many connections of `fds` the server has closed (a read finds the end).
    static func closedByServer(_ fds: [Int32]) -> Int {
        fds.filter { fd in
            var byte: UInt8 = 0
            return recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) == 0
        }.count
    }

    static func descriptors(of process: Process) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count) ?? -1
    }

    @Test func halfSentRequestsHoldNeitherTheServerNorItsDescriptors() throws {
        let daemon = try DaemonProcess()
        let preview = try PreviewProcess(socket: daemon.socket, arguments: ["--head-timeout", "3"])
        defer { preview.stop() }
        let before = Self.descriptors(of: preview.process)
        let count = Limits.previewConnectionsPerAddress + 344
        var fds: [Int32] = []
        defer { for fd in fds { close(fd) } }
        for _ in 0..<count {
            fds.append(
                try connectedTCPSocket(
                    port: preview.port,
                    sending: "GET /api/themes HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\nX-Slow: "))
        }
        let started = Date()
        let answer = try HTTPAnswer.request(preview.url + "api/themes", timeout: 5)
        let took = Date().timeIntervalSince(started)
        #expect(answer.status == 200, "\(answer.status) \(answer.body.prefix(200))")
        #expect(took < 2, "a normal request took \(took) s behind \(count) half-sent ones")
        // The oldest half-sent connections made room: the server holds at most its bound of them.
        let held = Self.descriptors(of: preview.process) - before
        #expect(held <= Limits.previewConnectionsPerAddress + 8, "\(held) more descriptors than before")
        #expect(Self.closedByServer(fds) >= count - Limits.previewConnectionsPerAddress - 1)
        // Past the head timeout every half-sent connection is closed.
        Thread.sleep(forTimeInterval: 4)
        #expect(Self.closedByServer(fds) == count, "half-sent connections still open after the head timeout")
        #expect(Self.descriptors(of: preview.process) <= before + 4)
    }

    @Test func aKeptAliveConnectionServesRequestsAndAnEventStreamIsNotTimedOut() throws {
        let daemon = try DaemonProcess()
        let preview = try PreviewProcess(socket: daemon.socket, arguments: ["--head-timeout", "1"])
        defer { preview.stop() }
        let streams = try RawEventStreams(count: 1, port: preview.port, path: "/events?theme=snap")
        // Two requests on one connection, the second after the first's answer: the head timeout is for a new
        // connection's first head; between requests the idle timeout (longer) applies.
        let fd = try connectedTCPSocket(
            port: preview.port, sending: "GET /api/themes HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\n\r\n")
        defer { close(fd) }
        Thread.sleep(forTimeInterval: 1.5)
        let request = Array("GET /api/themes HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\n\r\n".utf8)
        #expect(request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == request.count)
        Thread.sleep(forTimeInterval: 0.5)
        var text = ""
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard n > 0 else { break }
            text += String(decoding: chunk[0..<n], as: UTF8.self)
        }
        #expect(
            text.components(separatedBy: "HTTP/1.1 200").count == 3,
            "two answers on one connection: \(text.prefix(300))")
        // The event stream outlived the head timeout.
        #expect(Self.closedByServer(streams.descriptors) == 0)
    }
}
