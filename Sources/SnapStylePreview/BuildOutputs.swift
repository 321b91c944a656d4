import SnapStyleExport
import SnapStyleProtocol

/// `/build/FILE`: a file of a build config's outputs, by its path as the config names it (`out/tokens.css`; an
/// Android output's `res/values/colors.xml`; a `js` output's `.d.ts`), computed from the daemon's themes at the time
/// of the request, so that it is never older than the theme.
struct BuildOutputs: Sendable {
    let files: (any BuildFileSource)?
    let link: DaemonLink

    /// The file's text and content type; 404 when no output writes it.
    func file(named requested: String) async throws(PreviewError) -> (text: String, type: String) {
        guard let files else {
            throw PreviewError(
                status: .notFound, code: RPCError.methodNotFoundCode,
                message: "Not found: no build config is served (snapstyle preview --build FILE)")
        }
        let name = requested.hasPrefix("./") ? String(requested.dropFirst(2)) : requested
        let link = self.link
        let text: String?
        do {
            text = try await files.read(name) { method, params in try await link.call(method, params) }
        } catch let error as PreviewError {
            throw error
        } catch {
            throw PreviewError(status: .badGateway, code: RPCError.internalErrorCode, message: "\(error)")
        }
        guard let text else {
            let names = files.outputNames.joined(separator: ", ")
            throw PreviewError(
                status: .notFound, code: RPCError.methodNotFoundCode,
                message: "Not found: no build output writes '\(name)' (outputs: \(names))")
        }
        return (text, Self.contentType(of: name))
    }

    /// The content type by the file's extension.
    static func contentType(of name: String) -> String {
        let types = [
            ".css": "text/css", ".scss": "text/x-scss", ".js": "text/javascript", ".ts": "text/plain",
            ".json": "application/json", ".xml": "application/xml",
        ]
        let type = types.first { name.hasSuffix($0.key) }?.value ?? "text/plain"
        return type + "; charset=utf-8"
    }
}
