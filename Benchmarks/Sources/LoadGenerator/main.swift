import BenchmarkSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// The load generator of the daemon benchmarks (Benchmarks/daemon-bench.sh): the same code drives
// redis-server (GET over RESP) and snapstyled (resolve over JSON-RPC) on their Unix sockets.
//
//   LoadGenerator rate PROTOCOL SOCKET MODE CONNECTIONS REQUESTS   (MODE: pipelined | sequential)
//   LoadGenerator hold SOCKET CONNECTIONS SECONDS                  (opens idle connections, holds them)
//   LoadGenerator change-latency SOCKET THEMEDIR CHANGES           (rename → themeChanged, per change)

func connectUnix(_ path: String) -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
    }
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    precondition(result == 0, "connect \(path): \(String(cString: strerror(errno)))")
    return fd
}

func sendAll(_ fd: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        precondition(n > 0, "send failed")
        offset += n
    }
}

/// Counts complete responses in a byte stream.
struct ResponseCounter {
    let redis: Bool
    var state = 0  // redis: bytes left in the current response's known size; json: unused
    mutating func count(_ buffer: UnsafeRawBufferPointer) -> Int {
        var responses = 0
        for byte in buffer where byte == UInt8(ascii: "\n") {
            // redis bulk reply "$5\r\nvalue\r\n" holds two newlines; a JSON-RPC response line holds one.
            if redis {
                state += 1
                if state == 2 {
                    state = 0
                    responses += 1
                }
            } else {
                responses += 1
            }
        }
        return responses
    }
}

func request(_ redis: Bool, id: Int) -> [UInt8] {
    if redis { return Array("*2\r\n$3\r\nGET\r\n$3\r\nkey\r\n".utf8) }
    return Array(
        "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"resolve\",\"params\":{\"attribute\":\"font\",\"key\":\"title\",\"context\":{\"colorScheme\":\"dark\"}}}\n"
            .utf8)
}

/// One connection: `requests` requests, `window` in flight at most; returns per-request latencies (µs)
/// when `window` is 1.
func drive(_ path: String, redis: Bool, requests: Int, window: Int) -> [Double] {
    let fd = connectUnix(path)
    defer { close(fd) }
    var counter = ResponseCounter(redis: redis)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var sent = 0, received = 0
    var latencies: [Double] = []
    latencies.reserveCapacity(window == 1 ? requests : 0)
    var started = ContinuousClock.now
    while received < requests {
        if sent - received < window && sent < requests {
            var batch: [UInt8] = []
            while sent - received < window && sent < requests {
                batch += request(redis, id: sent)
                sent += 1
            }
            if window == 1 { started = ContinuousClock.now }
            sendAll(fd, batch)
        }
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        precondition(n > 0, "connection closed after \(received) responses")
        let got = buffer.withUnsafeBytes { counter.count(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        if window == 1, got > 0 {
            let elapsed = ContinuousClock.now - started
            latencies.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
        }
        received += got
    }
    return latencies
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "rate":
    let redis = arguments[1] == "redis"
    let path = arguments[2]
    let pipelined = arguments[3] == "pipelined"
    let connections = Int(arguments[4])!
    let requests = Int(arguments[5])!
    let lock = NSLock()
    var latencies: [Double] = []
    let start = ContinuousClock.now
    let done = DispatchGroup()
    for _ in 0..<connections {
        done.enter()
        Thread.detachNewThread {
            let own = drive(path, redis: redis, requests: requests, window: pipelined ? 256 : 1)
            lock.lock()
            latencies += own
            lock.unlock()
            done.leave()
        }
    }
    done.wait()
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let rate = Double(connections * requests) / seconds
    print(
        String(
            format: "%.0f req/s p50 %.1f µs p99 %.1f µs", rate, percentile(latencies, 0.5), percentile(latencies, 0.99))
    )
case "hold":
    let path = arguments[1]
    let count = Int(arguments[2])!
    let seconds = Double(arguments[3])!
    let fds = (0..<count).map { _ in connectUnix(path) }
    for fd in fds { sendAll(fd, request(false, id: 1)) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    for fd in fds { _ = recv(fd, &buffer, buffer.count, 0) }
    print("holding \(count) connections")
    fflush(stdout)
    Thread.sleep(forTimeInterval: seconds)
    for fd in fds { close(fd) }
case "change-latency", "token-change-latency", "studio-change-latency":
    // An editor's save, `changes` times: write a temporary file, then rename it over the theme file; the time
    // from the rename to the themeChanged line a subscriber reads.
    let path = arguments[1]
    let root = arguments[2]
    let changes = Int(arguments[3])!
    let settle = Double(arguments.count > 4 ? arguments[4] : "10")!
    let studio = arguments[0] == "studio-change-latency"
    let tokens = arguments[0] == "token-change-latency" || studio
    let theme = GeneratedTheme(root: root)
    let design = GeneratedTokens(root: root)
    let project = GeneratedStudioProject(root: root)
    let name = studio ? GeneratedStudioProject.theme : tokens ? GeneratedTokens.theme : "big"
    let fd = connectUnix(path)
    sendAll(
        fd,
        Array("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"subscribe\",\"params\":{\"themes\":[\"\(name)\"]}}\n".utf8))
    var pending: [UInt8] = []
    func nextLine() -> String {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let n = recv(fd, &buffer, buffer.count, 0)
            precondition(n > 0)
            pending += buffer[0..<n]
        }
    }
    _ = nextLine()
    var latencies: [Double] = []
    for change in 1...changes {
        let target = studio ? project.darkPath : tokens ? design.darkPath : theme.path(file: 0)
        let temporary = target + ".tmp"
        if studio {
            project.writeDark(variant: change, to: temporary)
        } else if tokens {
            design.writeDark(variant: change, to: temporary)
        } else {
            theme.write(file: 0, variant: change, to: temporary)
        }
        let start = ContinuousClock.now
        rename(temporary, target)
        while !nextLine().contains("\"themeChanged\"") {}
        let elapsed = ContinuousClock.now - start
        latencies.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        Thread.sleep(forTimeInterval: 0.02)
    }
    print(
        String(
            format: "rename → themeChanged over %d changes: p50 %.2f ms, p99 %.2f ms (settleMillis %.0f)",
            changes, percentile(latencies, 0.5), percentile(latencies, 0.99), settle))
case "generate-tokens":
    print(GeneratedTokens().root)
case "generate-studio":
    // `generate-studio dtcg`: the project in Tokens Studio's DTCG option.
    let syntax = arguments.count > 1 ? GeneratedStudioProject.Syntax(rawValue: arguments[1]) ?? .legacy : .legacy
    print(GeneratedStudioProject(syntax: syntax).root)
case "generate":
    let theme = GeneratedTheme()
    print(theme.root)
default:
    print("usage: LoadGenerator rate|hold|change-latency|token-change-latency|studio-change-latency|generate|generate-tokens|generate-studio ...")
}
