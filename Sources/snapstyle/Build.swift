import ArgumentParser
import Foundation
import Logging
import SnapStyleBuild
import SnapStyleSystem
import SnapStyleThemes
import SnapStyleExport

struct Build: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the outputs snapstyle.build.json configures (CSS, SCSS, JS/TS, Swift, Android, JSON, DTCG).",
        discussion: """
            Themes load in-process from the config's theme roots, as check does. Every output is computed before \
            any is written; a file is written (to a temporary file renamed over it) only when its content \
            changed. With --check nothing is written: the command prints a unified diff of every output that \
            differs from the file on disk and exits 1 when there is one. With --watch the command keeps running: it \
            watches the theme roots and, 10 ms after each change settles, rewrites the outputs of the themes that \
            changed (a theme in error keeps its last good files, and the errors are printed on stderr); an edited \
            config is read again (a broken one is reported and the last good one keeps running). See docs/build.md.
            """)

    @Option(name: .long, help: "The build config (default: snapstyle.build.json in the current directory).")
    var config = "snapstyle.build.json"

    @Flag(name: .long, help: "Write nothing; exit 1 with a unified diff when an output differs from its file.")
    var check = false

    @Flag(name: .long, help: "Keep running: rebuild the outputs of a theme after each change to its files.")
    var watch = false

    func validate() throws {
        if check && watch { throw ValidationError("--check and --watch cannot be used together") }
    }

    func run() async throws {
        if watch { return try await keepFresh() }
        let build: BuildProject
        let files: [BuildFile]
        let source: BuildSource
        do {
            build = try BuildProject.load(config)
            let roots = build.roots.map { ThemeRoot(path: $0, origin: .config) }
            let backend = OfflineBackend(roots: roots, defaultTheme: "snap", loadsOnce: true)
            source = BuildSource(call: { try await backend.call($0, $1) }, methods: backend.methods)
            files = try await build.files(source: source)
        } catch let error as BuildError {
            fail(error.description)
        } catch let error as AnswerError {
            fail("\(config): \(error)")
        }
        if check {
            let differences = BuildProject.differences(files, relativeTo: build.directory)
            for diff in differences { FileHandle.standardOutput.write(Data(diff.utf8)) }
            guard differences.isEmpty else {
                FileHandle.standardError.write(
                    Data(
                        "snapstyle: \(differences.count) of \(files.count) build outputs differ; run snapstyle build\n"
                            .utf8))
                throw ExitCode(1)
            }
            return
        }
        do {
            let written = try BuildProject.write(files)
            for path in written { printLine("wrote \(path)") }
            if written.isEmpty { printLine("\(files.count) outputs up to date") }
        } catch {
            fail(error.description)
        }
        // The process ends here: the loaded themes and what the build read are left to the exit rather than
        // released piece by piece (on a large theme, a tenth of the command's time).
        withExtendedLifetime((source, files)) { CurrentProcess.exit(0) }
    }

    /// `--watch`: builds, then rebuilds after every change until interrupted.
    private func keepFresh() async throws {
        let build: BuildProject
        do { build = try BuildProject.load(config) } catch { fail(error.description) }
        let watch = BuildWatch(project: build, logger: Logger(label: "snapstyle"))
        let first = Locked(true)
        do {
            try await watch.run { refresh in
                if let file = refresh.reloadedConfig { printLine("reloaded \(file)") }
                for path in refresh.written { printLine("wrote \(path)") }
                for problem in refresh.problems {
                    FileHandle.standardError.write(Data("snapstyle: \(problem)\n".utf8))
                }
                if refresh.written.isEmpty && refresh.problems.isEmpty {
                    printLine("\(refresh.unchanged) outputs up to date")
                }
                if first.withLock({ isFirst in
                    defer { isFirst = false }
                    return isFirst
                }) {
                    printLine("watching \(build.roots.joined(separator: ", ")) (Ctrl-C to stop)")
                }
            }
        } catch {
            fail("cannot watch the theme roots: \(error)")
        }
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("snapstyle: \(message)\n".utf8))
        CurrentProcess.exit(1)
    }
}
