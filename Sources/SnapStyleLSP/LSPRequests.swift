import SnapStyleJSON

/// The params of the requests and notifications the server reads, decoded from the message (`JSONValueDecoder`)
/// before a handler sees them: a member missing or of the wrong type is `-32602` naming it.
struct TextDocumentIdentifier: Decodable, Sendable {
    var uri: String
}

struct VersionedTextDocumentIdentifier: Decodable, Sendable {
    var uri: String
    var version: Int?
}

struct TextDocumentItem: Decodable, Sendable {
    var uri: String
    var languageId: String?
    var version: Int?
    var text: String
}

/// `textDocument/hover`, `completion`, `definition`, `prepareRename`.
struct TextDocumentPositionParams: Decodable, Sendable {
    var textDocument: TextDocumentIdentifier
    var position: LSPPosition
}

struct ReferenceParams: Decodable, Sendable {
    struct Context: Decodable, Sendable { var includeDeclaration: Bool? }

    var textDocument: TextDocumentIdentifier
    var position: LSPPosition
    var context: Context?
}

struct RenameParams: Decodable, Sendable {
    var textDocument: TextDocumentIdentifier
    var position: LSPPosition
    var newName: String
}

/// `didClose`, `didSave`, `documentColor`, `documentSymbol`.
struct TextDocumentParams: Decodable, Sendable {
    var textDocument: TextDocumentIdentifier
}

struct DidOpenParams: Decodable, Sendable {
    var textDocument: TextDocumentItem
}

struct DidChangeParams: Decodable, Sendable {
    struct Change: Decodable, Sendable {
        /// Absent: the whole text.
        var range: LSPRange?
        var text: String
    }

    var textDocument: VersionedTextDocumentIdentifier
    var contentChanges: [Change]
}

struct DidChangeWatchedFilesParams: Decodable, Sendable {
    struct Event: Decodable, Sendable { var uri: String }

    var changes: [Event]
}

struct InlayHintParams: Decodable, Sendable {
    var textDocument: TextDocumentIdentifier
    var range: LSPRange?
}

struct ColorPresentationParams: Decodable, Sendable {
    struct Color: Decodable, Sendable {
        var red: Double
        var green: Double
        var blue: Double
        var alpha: Double
    }

    var textDocument: TextDocumentIdentifier
    var color: Color
    var range: LSPRange?
}

struct InitializeParams: Decodable, Sendable {
    struct Folder: Decodable, Sendable { var uri: String }

    var rootUri: String?
    var rootPath: String?
    var workspaceFolders: [Folder]?
}

extension LanguageServer {
    /// A request's params as `type`, or `-32602` saying which member is wrong.
    func decode<T: Decodable>(_ type: T.Type, _ params: JSONValue?) throws -> T {
        do {
            return try JSONValueDecoder.decode(type, from: params ?? .object([:]))
        } catch let error as DecodingError {
            throw LSPError(.invalidParams, Self.describe(error))
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "params" : path
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return (parent == "params" ? "" : parent + ".") + key.stringValue + " is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "invalid params"
        }
    }
}
