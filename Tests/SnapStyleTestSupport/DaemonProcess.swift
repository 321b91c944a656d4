import Foundation
import SnapStyleJSON
import SnapStyleJansson
#if canImport(Glibc)
import Glibc
#endif

/// The real `snapstyled` binary, started on a temporary socket with temporary roots (never the user's).
public final class DaemonProcess: @unchecked Sendable {
    public static let root = URL(fileURLWithPath: Checkout.root)
    public static let binary = BuiltProducts.daemon
    public static let cli = BuiltProducts.cli

    /// The daemon's own temporary directory: its socket's, its log, and unless it shares another's, its roots.
    public let directory: String
    private let temporary = TemporaryDirectory(prefix: "snapstyled-e2e")
    public let socket: String
    public let themes: String
    public let process = Process()
    public let stdout = Pipe()
    public let stderrFile: String
    public var environment: [String: String]

    /// `launcher` runs the daemon through another program (`unshare ... sh -c 'exec "$0" "$@"'`), which
    /// must exec it so that its pid stays the daemon's.
    /// `sharing` starts a second daemon on the same theme roots (and configuration) as another one; with
    /// `sameSocket` it also listens where that one did (a restart).
    public init(
        config: String? = nil, extraArguments: [String] = [], launcher: [String] = [], start: Bool = true,
        sharing: DaemonProcess? = nil, sameSocket: Bool = false
    ) throws {
        directory = temporary.path
        socket = sameSocket ? sharing?.socket ?? "" : directory + "/run/snapstyle/snapstyled.sock"
        let home = sharing?.directory ?? directory
        themes = home + "/themes"
        stderrFile = directory + "/stderr.log"
        try FileManager.default.createDirectory(atPath: themes, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/run", withIntermediateDirectories: true)
        chmod(directory + "/run", 0o700)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home + "/home"
        environment["XDG_CONFIG_HOME"] = home + "/config"
        environment["XDG_DATA_DIRS"] = home + "/data"
        environment["XDG_CONFIG_DIRS"] = home + "/etc"
        environment["XDG_RUNTIME_DIR"] = directory + "/run"
        environment.removeValue(forKey: "NOTIFY_SOCKET")
        self.environment = environment
        var arguments = ["--socket", socket, "--themes", themes] + extraArguments
        if let config {
            try config.write(toFile: directory + "/snapstyled.json", atomically: false, encoding: .utf8)
            arguments += ["--config", directory + "/snapstyled.json"]
        }
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = launcher.dropFirst() + [Self.binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: Self.binary)
            process.arguments = arguments
        }
        process.environment = environment
        process.standardOutput = stdout
        _ = FileManager.default.createFile(atPath: stderrFile, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: stderrFile)
        if start { try self.start() }
    }

    public func start() throws {
        try process.run()
        // Ready once it printed the socket path.
        let line = readLine(stdout.fileHandleForReading)
        guard line.contains("listening on") else {
            throw DaemonError("snapstyled did not start: \(line) \(log)")
        }
    }

    public var log: String { (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? "" }

    /// The user's theme root (`$XDG_CONFIG_HOME/snapstyle/themes`), which the daemon creates.
    public var userRoot: String { environment["XDG_CONFIG_HOME"]! + "/snapstyle/themes" }

    public func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// SIGTERM and wait; the exit status.
    @discardableResult
    public func stop() -> Int32 {
        process.end(with: SIGTERM)
        return process.terminationStatus
    }

    deinit { process.end(with: SIGKILL) }

    /// Writes a theme file in place (open, write, close: create/modify events, not a rename).
    public func write(_ relative: String, _ text: String) { writeInPlace(themes + "/" + relative, text) }

    /// An editor's atomic save: a temporary file renamed over the original.
    public func atomicWrite(_ relative: String, _ text: String) {
        let path = themes + "/" + relative
        let temporary = (path as NSString).deletingLastPathComponent + "/.\((path as NSString).lastPathComponent).swp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
        rename(temporary, path)
    }

    public func remove(_ relative: String) { unlink(themes + "/" + relative) }

    /// The daemon's `status` result, asked on a connection of its own.
    public func status() throws -> JSONValue {
        let client = try LineSocket(socket)
        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"status\"}\n")
        guard let line = client.readLine(), let result = try Jansson.parse(line)["result"] else {
            throw DaemonError("no status answer: \(log)")
        }
        return result
    }

    /// Waits until a theme serves at least `generation`.
    public func waitForTheme(_ name: String, generation: Int = 1, timeout: Double = 10) throws {
        let served = try poll(timeout: timeout) {
            let client = try LineSocket(socket)
            client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"themes\"}\n")
            guard let line = client.readLine(), let range = line.range(of: "\"name\":\"\(name)\"") else { return false }
            let rest = line[range.upperBound...]
            guard let g = rest.range(of: "\"generation\":"),
                let value = Int(rest[g.upperBound...].prefix(while: { $0.isNumber }))
            else { return false }
            return value >= generation
        }
        if served { return }
        throw DaemonError("theme \(name) did not reach generation \(generation)")
    }
}

public struct DaemonError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

public func readLine(_ handle: FileHandle) -> String {
    var bytes: [UInt8] = []
    while true {
        let data = handle.readData(ofLength: 1)
        guard let byte = data.first else { break }
        if byte == UInt8(ascii: "\n") { break }
        bytes.append(byte)
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Writes a file in place (open, write, close: create/modify events, not a rename), creating its directories.
public func writeInPlace(_ path: String, _ text: String) {
    try? FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress, $0.count - 1) }
    close(fd)
}
