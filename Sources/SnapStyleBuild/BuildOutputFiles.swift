import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleExport

/// A build config's output files made on request from the themes `call` answers (the daemon's), by their paths as
/// the config names them (`out/tokens.css`; an Android output's `res/values/colors.xml`; a `js` output's `.d.ts`):
/// what `snapstyle mcp --build CONFIG` serves, never older than the theme it reads.
public struct BuildOutputFiles: Sendable {
    public let project: BuildProject
    let call: @Sendable (Method, JSONObject) async throws -> JSONValue

    public init(project: BuildProject, call: @escaping @Sendable (Method, JSONObject) async throws -> JSONValue) {
        self.project = project
        self.call = call
    }

    /// Every file the outputs write and the theme each is made from, in the config's order. An output that cannot
    /// be made now (its theme is missing or in error) is listed by its `file` alone.
    public func list() async throws -> [(path: String, theme: String)] {
        var files: [(path: String, theme: String)] = []
        for output in project.configuration.outputs {
            guard let input = try? await BuildInput.resolve(output, file: project.configuration.file, call: call) else {
                files.append((output.file, output.theme))
                continue
            }
            files += BuildFormat.files(input).map { ($0.path, output.theme) }
        }
        return files
    }

    /// A file's text (a leading `./` is ignored); nil when no output writes it.
    public func read(_ path: String) async throws -> String? {
        let name = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        for output in project.configuration.outputs
        where name == output.file || name.hasPrefix(output.file + "/") || output.format == .js || output.format == .ts {
            let input = try await BuildInput.resolve(output, file: project.configuration.file, call: call)
            if let file = BuildFormat.files(input).first(where: { $0.path == name }) { return file.content }
        }
        return nil
    }
}

/// A build's files as the preview and the MCP server read them, through their own daemon link.
extension BuildProject: BuildFileSource {
    public var outputNames: [String] { configuration.outputs.map(\.file) }

    public func list(
        call: @escaping @Sendable (Method, JSONObject) async throws -> JSONValue
    ) async throws -> [(path: String, theme: String)] {
        try await BuildOutputFiles(project: self, call: call).list()
    }

    public func read(
        _ path: String, call: @escaping @Sendable (Method, JSONObject) async throws -> JSONValue
    ) async throws -> String? {
        try await BuildOutputFiles(project: self, call: call).read(path)
    }
}
