import Foundation
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleExport
import SnapStyleSystem

/// A build: every output's files computed first (nothing is written when any fails), then each written atomically
/// (a temporary file renamed over it) when its content changed; or, for `--check`, compared with what is there.
public struct BuildProject: Sendable {
    public var configuration: BuildConfiguration
    /// The directory paths in the config file are relative to.
    public var directory: String

    public init(configuration: BuildConfiguration, directory: String) {
        self.configuration = configuration
        self.directory = directory
    }

    /// Reads a config file.
    public static func load(_ file: String) throws(BuildError) -> BuildProject {
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8)
        else { throw BuildError(.unreadable, "cannot read the build config", file: file) }
        let configuration = try BuildConfiguration.parse(text, file: file)
        let url = URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent()
        return BuildProject(configuration: configuration, directory: url.path)
    }

    /// The config file read again while the build is kept fresh: the new project when it loads and every output's
    /// theme, sets and contexts exist (a theme in error is no reason to refuse it: its outputs keep their files).
    /// The error says the last good config keeps running.
    public func reloaded(call: @escaping BuildCall) async throws(BuildError) -> BuildProject {
        try await reloaded(source: BuildSource(call: call))
    }

    /// `reloaded`, reading through `source`.
    public func reloaded(source: BuildSource) async throws(BuildError) -> BuildProject {
        func refused(_ error: BuildError) -> BuildError {
            var error = error
            error.message += " (the last good config keeps running)"
            return error
        }
        let project: BuildProject
        do { project = try Self.load(configuration.file) } catch { throw refused(error) }
        do {
            _ = try await project.files(source: source.fresh())
        } catch let error as BuildError where error.code == .invalidConfiguration {
            throw refused(error)
        } catch {}
        return project
    }

    /// The theme roots, as absolute paths.
    public var roots: [String] { configuration.themes.map(absolute) }

    /// A config-relative path made absolute.
    public func absolute(_ path: String) -> String {
        path.hasPrefix("/")
            ? path : URL(fileURLWithPath: directory).appendingPathComponent(path).standardizedFileURL.path
    }

    /// Every output's files, with absolute paths, reading the themes through `call`.
    public func files(call: @escaping BuildCall) async throws -> [BuildFile] {
        try await files(source: BuildSource(call: call))
    }

    /// Every output's files, with absolute paths. Outputs of one theme ask the same questions (its keys, its
    /// values in the same contexts), so each is answered once (by `source`), and outputs in the same units share
    /// what their formats made from the same values. The formats write their text side by side (each from its own
    /// values alone), each as soon as its output's values are read; the outputs needing the fewest contexts not
    /// read yet are read first.
    public func files(source: BuildSource) async throws -> [BuildFile] {
        let outputs = configuration.outputs
        let file = configuration.file
        // Every output's keys first, in the config's order: a config error is the first output's that has one.
        var selections: [(answer: JSONValue?, keys: KeysResult)] = []
        for output in outputs { selections.append(try await BuildInput.selected(output, file: file, source: source)) }
        return try await withThrowingTaskGroup(of: (Int, [BuildFile]).self) { group in
            // Each output's formats start once its values are read, while the next output's are.
            for index in BuildInput.readingOrder(outputs) {
                let output = outputs[index]
                var input = try await BuildInput.resolvedInput(
                    output, file: file, source: source, selected: selections[index]
                ).input
                let units = "\(output.units?.rawValue ?? "")\u{0}\(output.remBase)"
                input.cache = source.reads.caches.withLock { caches in
                    if let cache = caches[units] { return cache }
                    let cache = BuildCache()
                    caches[units] = cache
                    return cache
                }
                group.addTask { [input] in (index, BuildFormat.files(input)) }
            }
            var made = [[BuildFile]](repeating: [], count: outputs.count)
            for try await (index, files) in group { made[index] = files }
            return made.joined().map { BuildFile(path: absolute($0.path), content: $0.content) }
        }
    }

    /// Writes the files whose content differs from what is on disk; returns the paths written.
    public static func write(_ files: [BuildFile]) throws(BuildError) -> [String] {
        var written: [String] = []
        for file in files where current(file.path) != file.content {
            let url = URL(fileURLWithPath: file.path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.content.utf8).write(to: url, options: .atomic)
            } catch {
                throw BuildError(.write, "cannot write: \(error.localizedDescription)", file: file.path)
            }
            written.append(file.path)
        }
        return written
    }

    /// For `--check`: a unified diff per file whose committed content differs (a missing file is all added).
    public static func differences(_ files: [BuildFile], relativeTo directory: String) -> [String] {
        files.compactMap { file in
            let old = current(file.path)
            guard old != file.content else { return nil }
            var name = file.path
            if name.hasPrefix(directory + "/") { name.removeFirst(directory.count + 1) }
            return UnifiedDiff.text(
                old: old ?? "", new: file.content, oldName: old == nil ? "/dev/null" : "a/" + name, newName: "b/" + name
            )
        }
    }

    static func current(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
    }
}
