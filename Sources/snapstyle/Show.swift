import ArgumentParser
import Foundation
import SnapStyleSystem
import SnapStyleThemes

struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a theme file as keys and explain cite it (snap/surface.json is the built-in preset's).")

    @Argument(help: "The file's path relative to its theme root, e.g. snap/surface.json or ocean/colors.json.")
    var path: String

    @Option(name: .long, help: "A theme root to look in first (repeatable).")
    var themes: [String] = []

    func run() async throws {
        let roots = try DaemonSettings.roots(adding: themes)
        let fileSystem = POSIXFileSystem()
        for root in roots {
            guard let bytes = try? fileSystem.read("\(root.path)/\(path)") else { continue }
            return printLine(String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines))
        }
        if let file = Preset.files.first(where: { $0.path == path }) {
            return printLine(String(decoding: file.bytes, as: UTF8.self).trimmingCharacters(in: .newlines))
        }
        let preset = Preset.files.map(\.path).joined(separator: ", ")
        FileHandle.standardError.write(
            Data("snapstyle: no theme root holds \(path), and the built-in preset's files are \(preset)\n".utf8))
        throw ExitCode(1)
    }
}
