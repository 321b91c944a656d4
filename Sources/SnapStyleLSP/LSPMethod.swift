import SnapStyleJSON

/// The LSP methods the server answers or sends.
public enum LSPMethod: String, Sendable, CaseIterable {
    case initialize, initialized, shutdown, exit
    case didOpen = "textDocument/didOpen"
    case didChange = "textDocument/didChange"
    case didClose = "textDocument/didClose"
    case didSave = "textDocument/didSave"
    case didChangeWatchedFiles = "workspace/didChangeWatchedFiles"
    case didChangeWorkspaceFolders = "workspace/didChangeWorkspaceFolders"
    case hover = "textDocument/hover"
    case completion = "textDocument/completion"
    case definition = "textDocument/definition"
    case references = "textDocument/references"
    case prepareRename = "textDocument/prepareRename"
    case rename = "textDocument/rename"
    case documentColor = "textDocument/documentColor"
    case colorPresentation = "textDocument/colorPresentation"
    case documentSymbol = "textDocument/documentSymbol"
    case inlayHint = "textDocument/inlayHint"
    case publishDiagnostics = "textDocument/publishDiagnostics"
    case cancelRequest = "$/cancelRequest"
    case setTrace = "$/setTrace"
}

/// A JSON-RPC or LSP error answered to a request.
public struct LSPError: Error, Sendable, Equatable {
    public enum Code: Int64, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestFailed = -32803
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var json: JSONValue { ["code": .integer(code.rawValue), "message": .string(message)] }
}

/// LSP's numbered kinds the server uses.
enum CompletionKind: Int64 {
    case text = 1, field = 5, variable = 6, property = 10, value = 12, enumMember = 20, color = 16, constant = 21
}
enum SymbolKind: Int64 { case namespace = 3, property = 7, field = 8, constant = 14, object = 19, key = 20 }
enum DiagnosticSeverity: Int64 { case error = 1, warning = 2, information = 3 }
