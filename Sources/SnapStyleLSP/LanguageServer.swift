import Logging
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleThemes

/// What `snapstyle lsp` is given on its command line and by the CLI's configuration.
public struct LanguageServerOptions: Sendable {
    /// `--themes` roots, first.
    public var themes: [ThemeRoot]
    /// The roots the CLI reads offline, last.
    public var standardRoots: [ThemeRoot]
    /// The theme style sheets' names resolve against, when `--theme` or the configuration names one; nil: the
    /// workspace's one imported theme when it has exactly one, else `snap`.
    public var cssTheme: String?
    /// Where the preset's files lie for "go to definition" (nil: nowhere to go).
    public var presetDirectory: String?

    public init(themes: [ThemeRoot], standardRoots: [ThemeRoot], cssTheme: String?, presetDirectory: String?) {
        self.themes = themes
        self.standardRoots = standardRoots
        self.cssTheme = cssTheme
        self.presetDirectory = presetDirectory
    }
}

/// The language server: LSP 3.17 requests and notifications answered from themes loaded in-process. One loop
/// calls it, one message at a time (`StdioConnection`); it sends through `send`.
public final class LanguageServer {
    enum State { case starting, running, shutDown }

    /// An open document: its path, its language and its text.
    struct OpenDocument {
        var path: String
        var languageID: String
        var document: TextDocument
        var isStyleSheet: Bool
    }

    static let styleSheetLanguages: Set<String> = [
        "css", "scss", "less", "html", "javascript", "typescript", "javascriptreact", "typescriptreact", "vue",
        "svelte",
    ]

    let options: LanguageServerOptions
    let logger: Logger
    let send: (JSONValue) -> Void
    var state = State.starting
    var workspace: ThemeWorkspace?
    var open: [String: OpenDocument] = [:]
    var cssTable: CSSNameTable?
    /// The theme style sheets' names resolve against (chosen at `initialize`).
    var cssTheme = Preset.name
    /// The client's workspace folders (absolute paths): where style sheets on disk are looked for.
    var workspaceFolders: [String] = []
    /// What diagnostics were sent and which are due.
    var diagnostics = DiagnosticsLedger()
    /// The open themes' failing contrast pairs, audited once per generation.
    var contrast = ContrastWarnings()
    /// Set by `exit`: 0 after `shutdown`, 1 otherwise.
    public private(set) var exitCode: Int32?

    public init(options: LanguageServerOptions, logger: Logger, send: @escaping (JSONValue) -> Void) {
        self.options = options
        self.logger = logger
        self.send = send
    }

    /// Handles one frame from the client.
    public func handle(_ frame: LSPFramer.Frame) async {
        switch frame {
        case .invalid(let reason):
            logger.warning("unreadable message: \(reason)")
            respond(id: .null, error: LSPError(.parseError, reason))
        case .message(let bytes):
            guard let message = try? Jansson.parse(bytes: bytes) else {
                respond(id: .null, error: LSPError(.parseError, "the message is not JSON"))
                return
            }
            await handle(message)
        }
    }

    func handle(_ message: JSONValue) async {
        guard case .object(let object) = message, let name = object["method"]?.stringValue else {
            // A response to a request of ours carries no method; anything else is not a message.
            if message["id"] != nil, message["result"] != nil || message["error"] != nil { return }
            respond(id: message["id"] ?? .null, error: LSPError(.invalidRequest, "a message needs a method"))
            return
        }
        let id = object["id"]
        if let id, !Self.isValidID(id) {
            respond(id: .null, error: LSPError(.invalidRequest, "an id is a number or a string"))
            return
        }
        let params = object["params"]
        guard let method = LSPMethod(rawValue: name) else {
            if let id { respond(id: id, error: LSPError(.methodNotFound, "unknown method '\(name)'")) }
            return
        }
        do {
            let result = try await dispatch(method, params, isRequest: id != nil)
            if let id { respond(id: id, result: result ?? .null) }
        } catch let error as LSPError {
            if let id { respond(id: id, error: error) } else { logger.warning("\(name): \(error.message)") }
        } catch {
            logger.error("\(name): \(error)")
            if let id { respond(id: id, error: LSPError(.internalError, "internal error")) }
        }
    }

    static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .integer, .string: true
        default: false
        }
    }

    func dispatch(_ method: LSPMethod, _ params: JSONValue?, isRequest: Bool) async throws -> JSONValue? {
        switch (method, state) {
        case (.exit, _):
            exitCode = state == .shutDown ? 0 : 1
            return nil
        case (.initialize, .starting):
            return try initialize(params)
        case (.initialize, _):
            throw LSPError(.invalidRequest, "initialize was already received")
        case (_, .starting):
            if isRequest { throw LSPError(.serverNotInitialized, "the server is not initialized yet") }
            return nil
        case (_, .shutDown):
            if isRequest { throw LSPError(.invalidRequest, "the server is shut down") }
            return nil
        case (.shutdown, .running):
            state = .shutDown
            return .null
        default:
            return try await answer(method, params)
        }
    }

    func answer(_ method: LSPMethod, _ params: JSONValue?) async throws -> JSONValue? {
        switch method {
        case .initialized, .cancelRequest, .setTrace, .didChangeWorkspaceFolders:
            return nil
        case .didOpen: try didOpen(params)
        case .didChange: try didChange(params)
        case .didClose: try didClose(params)
        case .didSave: try didSave(params)
        case .didChangeWatchedFiles: didChangeWatchedFiles(params)
        case .hover: return try await hover(params)
        case .completion: return try await completion(params)
        case .definition: return try await definition(params)
        case .references: return try await references(params)
        case .prepareRename: return try prepareRename(params)
        case .rename: return try await rename(params)
        case .documentColor: return try documentColors(params)
        case .colorPresentation: return try colorPresentations(params)
        case .documentSymbol: return try documentSymbols(params)
        case .inlayHint: return try inlayHints(params)
        case .initialize, .shutdown, .exit, .publishDiagnostics: return nil
        }
        return nil
    }

    // MARK: Sending

    func respond(id: JSONValue, result: JSONValue) {
        send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    func respond(id: JSONValue, error: LSPError) {
        send(["jsonrpc": "2.0", "id": id, "error": error.json])
    }

    func notify(_ method: LSPMethod, _ params: JSONValue) {
        send(["jsonrpc": "2.0", "method": .string(method.rawValue), "params": params])
    }
}
