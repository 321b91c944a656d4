import Foundation
import SnapStyleClient
import SnapStyleJSON
import SnapStyleTestSupport
import Testing

/// The client library against a server that misbehaves: every line it cannot read fails the waiting call and closes
/// the connection, and a long burst of lines is read in linear time.
@Suite struct ClientFramingTests {
    /// A one-connection Unix socket server on a thread: it reads the client's first line, then writes `answer(id)`.
    final class FakeDaemon: @unchecked Sendable {
        let directory = TemporaryDirectory(prefix: "snapstyle-fake")
        var path: String { directory.full("snapstyled.sock") }
        let listener: Int32

        init(answer: @escaping @Sendable (String) -> [UInt8]) throws {
            listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            let fd = listener
            guard withUnixAddress(path, { bind(fd, $0, $1) }) == 0, listen(fd, 1) == 0 else {
                throw DaemonError("bind \(path): \(String(cString: strerror(errno)))")
            }
            Thread.detachNewThread {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                var line: [UInt8] = []
                var byte: UInt8 = 0
                while recv(client, &byte, 1, 0) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
                let request = String(decoding: line, as: UTF8.self)
                let id =
                    request.range(of: #""id":(\d+)"#, options: .regularExpression).map {
                        String(request[$0].dropFirst(5))
                    } ?? "1"
                let bytes = answer(id)
                var offset = 0
                while offset < bytes.count {
                    let n = bytes[offset...].withUnsafeBytes {
                        send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                    }
                    if n <= 0 { break }
                    offset += n
                }
                // Held open: only the client may decide to close.
                Thread.sleep(forTimeInterval: 5)
                close(client)
            }
        }

        deinit { close(listener) }
    }

    @Test func aLineThatIsNotJSONFailsTheWaitingCallAndClosesTheConnection() async throws {
        let fake = try FakeDaemon { _ in Array("this is not json\n".utf8) }
        let connection = try await SnapStyleConnection.connect(socket: fake.path)
        do {
            _ = try await connection.call(.ping)
            Issue.record("the call was answered")
        } catch SnapStyleClientError.malformedLine(let what) {
            #expect(what.contains("not JSON"))
        }
        // Closed: a further call fails at once instead of waiting.
        await #expect(throws: SnapStyleClientError.self) { _ = try await connection.call(.ping) }
    }

    @Test func aLineOverTheLimitFailsTheWaitingCall() async throws {
        let fake = try FakeDaemon { _ in Array(String(repeating: "x", count: 100_000).utf8) }
        let connection = try await SnapStyleConnection.connect(socket: fake.path, maxLineBytes: 4096)
        do {
            _ = try await connection.call(.ping)
            Issue.record("the call was answered")
        } catch SnapStyleClientError.malformedLine(let what) {
            #expect(what.contains("longer than 4096 bytes"))
        }
    }

    @Test func aBurstOf20000NotificationsAndTheAnswerAfterThemArrive() async throws {
        let fake = try FakeDaemon { id in
            let event = #"{"jsonrpc":"2.0","method":"themeAdded","params":{"subscription":"s","theme":"t"}}"# + "\n"
            return Array(
                (String(repeating: event, count: 20_000) + #"{"jsonrpc":"2.0","id":\#(id),"result":"pong"}"#
                    + "\n").utf8)
        }
        let connection = try await SnapStyleConnection.connect(socket: fake.path)
        #expect(try await connection.call(.ping) == "pong")
    }
}
