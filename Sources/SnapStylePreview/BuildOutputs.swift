import SnapStyleBuild
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleExport

/// `/build/FILE`: a file of a build config's outputs (`snapstyle preview --build CONFIG`), by its path as the config
/// names it (`out/tokens.css`; an Android output's `res/values/colors.xml`; a `js` output's `.d.ts`), computed from
/// the daemon's themes at the time of the request, so that it is never older than the theme.
struct BuildOutputs: Sendable {
    let project: BuildProject?
    let link: DaemonLink

    /// The file's text and content type; 404 when no output writes it.
    func file(named requested: String) async throws(PreviewError) -> (text: String, type: String) {
        guard let project else {
            throw PreviewError(
                status: .notFound, code: RPCError.methodNotFoundCode,
                message: "Not found: no build config is served (snapstyle preview --build FILE)")
        }
        let name = requested.hasPrefix("./") ? String(requested.dropFirst(2)) : requested
        let link = self.link
        let call: BuildCall = { method, params in try await link.call(method, params) }
        let outputs = project.configuration.outputs
        for output in outputs where name == output.file || name.hasPrefix(output.file + "/") || output.format == .js {
            let input: BuildInput
            do {
                input = try await BuildInput.resolve(output, file: project.configuration.file, call: call)
            } catch let error as PreviewError {
                throw error
            } catch {
                throw PreviewError(status: .badGateway, code: RPCError.internalErrorCode, message: "\(error)")
            }
            if let file = BuildFormat.files(input).first(where: { $0.path == name }) {
                return (file.content, Self.contentType(of: name))
            }
        }
        let names = outputs.map(\.file).joined(separator: ", ")
        throw PreviewError(
            status: .notFound, code: RPCError.methodNotFoundCode,
            message: "Not found: no build output writes '\(name)' (outputs: \(names))")
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
