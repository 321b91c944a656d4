import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `snapstyle preview` on a free port, talking to a test daemon's socket.
public final class PreviewProcess: @unchecked Sendable {
    public let process = Process()
    public let stdout = Pipe()
    public let stderr = Pipe()
    /// `http://127.0.0.1:PORT/`.
    public private(set) var url = ""

    public init(socket: String, arguments: [String] = [], environment: [String: String]? = nil) throws {
        process.executableURL = URL(fileURLWithPath: BuiltProducts.cli)
        process.arguments = ["preview", "--socket", socket, "--port", "0"] + arguments
        if let environment { process.environment = environment }
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let line = readLine(stdout.fileHandleForReading)
        guard line.hasPrefix("preview: http://") else {
            throw DaemonError("snapstyle preview did not start: '\(line)'")
        }
        url = String(line.dropFirst("preview: ".count))
    }

    public var port: Int { Int(url.split(separator: ":").last?.filter(\.isNumber) ?? "") ?? 0 }

    /// SIGINT and wait; the exit status.
    @discardableResult
    public func stop() -> Int32 {
        process.end(with: SIGINT)
        return process.terminationStatus
    }

    deinit { process.end(with: SIGKILL) }
}

/// An HTTP exchange made with curl: the status, the headers (lowercased names) and the body.
public struct HTTPAnswer {
    public var status: Int
    public var headers: [String: String]
    public var body: String

    public var json: Any? { try? JSONSerialization.jsonObject(with: Data(body.utf8)) }
    public var error: [String: Any]? { (json as? [String: Any])?["error"] as? [String: Any] }

    /// `curl -i` on `url`: `method`, extra `headers` (`Host: x`).
    public static func request(_ url: String, method: String = "GET", headers: [String] = [], timeout: Double = 10)
        throws -> HTTPAnswer
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        var arguments = ["-sS", "-i", "--max-time", String(timeout)]
        arguments += method == "HEAD" ? ["-I"] : ["-X", method]
        for header in headers { arguments += ["-H", header] }
        process.arguments = arguments + [url]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw DaemonError("no HTTP answer from \(url): \(text)") }
        let head = text[..<split.lowerBound].split(separator: "\r\n")
        let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPAnswer(status: status, headers: fields, body: String(text[split.upperBound...]))
    }
}

/// An event stream read with `curl -N`, line by line, as events arrive.
public final class EventStreamReader: @unchecked Sendable {
    public let process = Process()
    public let output = Pipe()
    private var buffer = ""

    public init(_ url: String, headers: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-sS", "-N"] + headers.flatMap { ["-H", $0] } + [url]
        process.standardOutput = output
        try process.run()
    }

    /// The next event (its `event`, `data` and `id` fields; comments skipped), or nil after `timeout` seconds.
    public func next(timeout: Double = 10) -> (event: String?, data: String, id: String?)? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            while let end = buffer.range(of: "\n\n") {
                let block = buffer[..<end.lowerBound]
                buffer.removeSubrange(..<end.upperBound)
                var event: String?, id: String?, data: [String] = []
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
                    if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
                }
                if event != nil || id != nil { return (event, data.joined(separator: "\n"), id) }
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var poller = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(remaining * 1000)) > 0 else { return nil }
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { return nil }
            buffer += String(decoding: data, as: UTF8.self)
        }
    }

    /// Events until one named `name` arrives (nil on timeout).
    public func next(named name: String, timeout: Double = 10) -> (event: String?, data: String, id: String?)? {
        let deadline = Date().addingTimeInterval(timeout)
        while let event = next(timeout: max(0, deadline.timeIntervalSinceNow)) {
            if event.event == name { return event }
        }
        return nil
    }

    // SIGKILL: curl inherits the test runner's blocked signals, SIGTERM among them.
    deinit { process.end(with: SIGKILL) }
}

/// An HTTP request written on a raw TCP socket as it is (duplicate headers, absolute-form targets, odd framing):
/// the status and body of the first answer; with `untilClosed`, also whether the server closed the connection within
/// `timeout`.
public struct RawHTTPExchange {
    public var status: Int
    public var body: String
    public var closed: Bool

    public static func send(_ request: String, port: Int, untilClosed: Bool = false, timeout: Double = 5) throws
        -> RawHTTPExchange
    {
        let fd = try connectedTCPSocket(port: port, sending: request)
        defer { close(fd) }
        var received: [UInt8] = []
        var closed = false
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { break }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 {
                closed = true
                break
            }
            received += chunk[0..<n]
            if !untilClosed, let answer = parse(received), answer.complete {
                return RawHTTPExchange(status: answer.status, body: answer.body, closed: false)
            }
        }
        guard let answer = parse(received) else {
            throw DaemonError("no HTTP answer: \(String(decoding: received, as: UTF8.self))")
        }
        return RawHTTPExchange(status: answer.status, body: answer.body, closed: closed)
    }

    public var error: [String: Any]? {
        let json = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
        return json?["error"] as? [String: Any]
    }

    /// The first answer's status and body (by its Content-Length), when its head has arrived.
    private static func parse(_ bytes: [UInt8]) -> (status: Int, body: String, complete: Bool)? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        let head = text[..<split.lowerBound].split(separator: "\r\n")
        let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        let length =
            head.first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        let body = Array(text[split.upperBound...].utf8)
        return (status, String(decoding: body.prefix(length), as: UTF8.self), body.count >= length)
    }
}

/// A TCP socket connected to 127.0.0.1:`port`, with `request` sent on it.
public func connectedTCPSocket(port: Int, sending request: String) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    let bytes = Array(request.utf8)
    guard connected == 0,
        bytes.withUnsafeBytes({ Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count
    else {
        close(fd)
        throw DaemonError("connect or send to 127.0.0.1:\(port) failed: \(String(cString: strerror(errno)))")
    }
    return fd
}

/// Many event streams on raw sockets (a curl for each would be hundreds of processes): what each has received.
public final class RawEventStreams {
    public private(set) var descriptors: [Int32] = []
    public private(set) var texts: [String] = []

    public init(count: Int, port: Int, path: String) throws {
        for _ in 0..<count {
            descriptors.append(
                try connectedTCPSocket(port: port, sending: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"))
            texts.append("")
        }
    }

    /// Reads until every stream has received `text` or `timeout` passes; how many have.
    public func waitUntilEach(received text: String, timeout: Double = 20) -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        var pending = Set(descriptors.indices.filter { !texts[$0].contains(text) })
        while !pending.isEmpty, deadline.timeIntervalSinceNow > 0 {
            var polled = pending.map { pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0) }
            let indices = Array(pending)
            guard poll(&polled, nfds_t(polled.count), 100) >= 0 else { break }
            for (slot, index) in indices.enumerated() where polled[slot].revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 65536)
                let n = chunk.withUnsafeMutableBytes { recv(descriptors[index], $0.baseAddress, $0.count, 0) }
                if n <= 0 {
                    pending.remove(index)
                    continue
                }
                texts[index] += String(decoding: chunk[0..<n], as: UTF8.self)
                if texts[index].contains(text) { pending.remove(index) }
            }
        }
        return descriptors.indices.filter { texts[$0].contains(text) }.count
    }

    public func closeAll() {
        for fd in descriptors { close(fd) }
        descriptors = []
    }

    deinit { closeAll() }
}
