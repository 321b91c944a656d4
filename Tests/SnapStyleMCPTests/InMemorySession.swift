import Foundation
import Logging
import MCP
import SnapStyleClient
import SnapStyleJSON
import SnapStyleProtocol

@testable import SnapStyleMCP

/// The daemon as the tools see it, answering from fixed results: themes `brand` (native, default), `broken` (27
/// errors quoting long text) and `kit` (design tokens with a modifier named with a space). `calls` records what was
/// asked.
final class StandInDaemon: DaemonCalling, @unchecked Sendable {
    let socket: String? = "/stand-in.sock"
    private let lock = NSLock()
    private var asked: [(SnapStyleProtocol.Method, JSONObject)] = []
    /// The keys `keys` answers, by attribute.
    var keys: JSONObject = [
        "font": [["key": "title", "file": "brand.json", "line": 2]],
        "surface": [["key": "brandPrimary", "file": "brand.json", "line": 3]],
    ]
    /// The value `resolve` answers for any key.
    var value: JSONValue = [
        "size": 30, "baseSize": 30, "weight": "medium", "width": "standard", "design": "default",
        "textStyle": "body", "family": "Inter", "families": ["Inter", "sans-serif"], "lineHeight": 1.25,
        "letterSpacing": 0.5,
    ]

    /// How many failing pairs `audit` answers, each `title` of a component `card0`, `card1`, ...
    var auditFailing = 3

    var calls: [(SnapStyleProtocol.Method, JSONObject)] { lock.withLock { asked } }

    /// What `audit` answers as `apcaNotice` when asked for APCA.
    static let apcaNotice = "APCA is licensed for web content in support of WCAG only."

    /// An audit of `brand` in one context with `failing` pairs of white text on `#007AFF`.
    static func audit(failing: Int) -> AuditResult {
        let context: JSONValue = ["colorScheme": "light", "contrast": "standard", "dynamicType": "large"]
        let pairs = (0..<failing).map { index in
            AuditResult.Pair(
                name: "card\(index) title (normal)",
                subject: .element(
                    component: "card\(index)", element: "title", hierarchies: ["primary"], state: "normal"),
                role: "text", category: "normal text", passes: false,
                foreground: .init(
                    attribute: .surface, key: "onAccent", color: "#FFFFFFFF", file: "/t/brand.json", line: 4),
                background: .init(attribute: .surface, key: "accentBackground", color: "#007AFFFF"),
                backgroundLayers: ["accentBackground"], drawnForeground: "#FFFFFFFF", drawnBackground: "#007AFFFF",
                font: (17, 400), ratio: 4.01697578047891, required: 4.5, lightnessContrast: -72.03,
                requiredLightnessContrast: 90, contexts: [context],
                suggestion: .init(
                    attribute: .surface, key: "onAccent", member: nil, from: "#FFFFFFFF", to: "#161616FF", checked: 9))
        }
        return AuditResult(
            standard: "WCAG 2.2 AA", level: "AA", apca: false, failed: failing > 0,
            themes: [
                .init(
                    theme: "brand", generation: 1, contexts: [context], measured: 10 * failing + 10, failing: failing,
                    exempt: 0, unmeasured: 0, pairs: pairs)
            ], problems: [])
    }

    static func theme(_ name: String, state: String = "loaded", format: String = "native") -> JSONObject {
        [
            "name": .string(name), "root": "/themes", "source": "user", "extends": "snap", "state": .string(state),
            "generation": 1, "files": [], "errors": [], "shadowed": [], "format": .string(format), "warnings": [],
            "tokens": 0, "modifiers": [],
        ]
    }

    static let brokenErrorText = String(repeating: "calc(1 + ", count: 5_000)

    func call(_ method: SnapStyleProtocol.Method, _ params: JSONObject) async throws -> JSONValue {
        lock.withLock { asked.append((method, params)) }
        switch method {
        case .themes:
            var broken = Self.theme("broken", state: "error")
            broken["errors"] = .array(
                (1...27).map { line in
                    [
                        "file": "broken.json", "line": .integer(Int64(line)), "column": 3,
                        "message": .string("cannot read \(Self.brokenErrorText)"),
                    ]
                })
            var kit = Self.theme("kit", format: "dtcg")
            kit["modifiers"] = [
                [
                    "name": "Color scheme", "contexts": ["light", "dark"], "default": "light",
                    "mappedTo": ["light": ["colorScheme": "light"], "dark": ["colorScheme": "dark"]],
                ]
            ]
            return ["default": "brand", "themes": [.object(Self.theme("brand")), .object(broken), .object(kit)]]
        case .keys:
            return [
                "theme": .string(params["theme"]?.stringValue ?? "brand"), "generation": 1, "keys": .object(keys),
                "components": ["contentCard"], "containers": [],
            ]
        case .resolve:
            if let queries = params["queries"]?.arrayValue {
                return [
                    "theme": "brand", "generation": 1,
                    "results": .array(
                        queries.map { query in
                            ["attribute": query["attribute"] ?? .null, "key": query["key"] ?? .null, "value": value]
                        }),
                ]
            }
            return [
                "theme": "brand", "generation": 1, "attribute": params["attribute"] ?? .null,
                "key": params["key"] ?? .null, "value": value,
            ]
        case .audit:
            var result = Self.audit(failing: auditFailing)
            if params["apca"] == true {
                result.apca = true
                result.apcaNotice = Self.apcaNotice
            }
            return result.json
        default:
            throw SnapStyleClientError.server(code: -32601, message: "Method not found", data: nil)
        }
    }
}

/// `snapstyle mcp`'s server in-process on the SDK's `InMemoryTransport`, wrapped in `ScreenedTransport` as standard
/// I/O is when serving: the test writes raw lines and reads the raw answers.
final class InMemorySession: @unchecked Sendable {
    let daemon: StandInDaemon
    let server: Server
    let watch: ResourceWatch
    private let client: InMemoryTransport
    private let messages: Messages

    /// What the server sent, read off the transport as it comes.
    private final class Messages: @unchecked Sendable {
        private let lock = NSLock()
        private var queue: [Data] = []
        private var ended = false
        private var pump: Task<Void, Never>?

        init(_ stream: AsyncThrowingStream<Data, any Error>) {
            pump = Task { [weak self] in
                do { for try await data in stream { self?.lock.withLock { self?.queue.append(data) } } } catch {}
                self?.lock.withLock { self?.ended = true }
            }
        }

        deinit { pump?.cancel() }

        /// The next message, nil when the stream ended, or a failure after `seconds`.
        func next(within seconds: Double) async throws -> Data? {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while ContinuousClock.now < deadline {
                let next: Data?? = lock.withLock {
                    if !queue.isEmpty { return .some(queue.removeFirst()) }
                    return ended ? .some(nil) : nil
                }
                if let next { return next }
                try await Task.sleep(for: .milliseconds(2))
            }
            throw TestFailure("no message within \(seconds) s")
        }
    }

    init(daemon: StandInDaemon = StandInDaemon(), maxSubscriptions: Int = 1000, version: String = "2025-06-18")
        async throws
    {
        self.daemon = daemon
        let session = ClientSession()
        watch = ResourceWatch(socket: nil, logger: Logger(label: "test"), maxSubscriptions: maxSubscriptions)
        server = await MCPServer.server(daemon: daemon, theme: nil, session: session, watch: watch)
        let (client, serverSide) = await InMemoryTransport.createConnectedPair()
        self.client = client
        try await server.start(
            transport: ScreenedTransport(serverSide, session: session, logger: Logger(label: "test")))
        try await client.connect()
        messages = Messages(await client.receive())
        let initialized = try await request(
            1_000_000, "initialize",
            ["protocolVersion": .string(version), "capabilities": [:], "clientInfo": ["name": "test", "version": "1"]])
        guard initialized["result"] != nil else { throw TestFailure("initialize: \(initialized)") }
        try await send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    }

    func stop() async { await server.stop() }

    func send(_ line: String) async throws { try await client.send(Data(line.utf8)) }

    /// The next message from the server, within `seconds`.
    func next(within seconds: Double = 30) async throws -> JSONValue {
        guard let data = try await messages.next(within: seconds) else {
            throw TestFailure("the server closed the session")
        }
        return try JSONText.parse(String(decoding: data, as: UTF8.self))
    }

    /// Sends a request and returns its answer (messages before it are skipped).
    func request(_ id: Int64, _ method: String, _ params: JSONValue) async throws -> JSONValue {
        let line: JSONValue = ["jsonrpc": "2.0", "id": .integer(id), "method": .string(method), "params": params]
        try await send(JSONText.encode(line))
        while true {
            let message = try await next()
            if message["id"] == .integer(id) { return message }
        }
    }

    /// A tool call's result: its text, whether it is an error, its structured content.
    func tool(_ name: String, _ arguments: JSONValue, id: Int64 = 7) async throws -> (
        text: String, isError: Bool, structured: JSONValue?
    ) {
        let answer = try await request(id, "tools/call", ["name": .string(name), "arguments": arguments])
        guard let result = answer["result"] else { throw TestFailure("\(name): \(answer)") }
        let text = (result["content"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }.joined(separator: "\n")
        return (text, result["isError"]?.boolValue ?? false, result["structuredContent"])
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
