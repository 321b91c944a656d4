import ArgumentParser
import Foundation
import SnapStyleClient
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleSystem
import SnapStyleThemes

/// Answers a method call, from the daemon or in-process.
protocol Backend {
    func call(_ method: Method, _ params: JSONObject) async throws -> JSONValue
}

/// An error answer from the daemon or the offline resolver: printed as the CLI's own message, exit status 1.
struct AnswerError: Error, CustomStringConvertible {
    let error: RPCError

    var description: String { error.explanation }
}

/// Resolves in-process from the theme roots, exactly as the daemon would.
struct OfflineBackend: Backend {
    let methods: StyleMethods

    /// `loadsOnce`: the themes are never reloaded, so their tokens are compiled whole (no incremental memo).
    init(roots: [ThemeRoot], defaultTheme: String, loadsOnce: Bool = false) {
        let store = ThemeStore(
            roots: roots, fileSystem: POSIXFileSystem(maxFileBytes: Limits.fileBytes), compilesWhole: loadsOnce)
        store.reloadAll()
        methods = StyleMethods(store: store, defaultTheme: defaultTheme)
    }

    func call(_ method: Method, _ params: JSONObject) async throws -> JSONValue {
        do {
            guard let result = try methods.answer(method, .object(params)) else {
                throw AnswerError(error: .methodNotFound(method.rawValue))
            }
            return result
        } catch let error as RPCError {
            throw AnswerError(error: error)
        }
    }
}

extension ConnectionOptions {
    /// The daemon, or the offline resolver with `--offline` (the roots of `--themes`, then the config file's,
    /// then the standard ones, and the config file's default theme, as the daemon has them).
    func backend() throws -> any Backend {
        if offline {
            let roots = try DaemonSettings.roots(adding: themes)
            return OfflineBackend(roots: roots, defaultTheme: try DaemonSettings.forOfflineUse().defaultTheme)
        }
        return DaemonBackend(socket: socketPath)
    }

    /// `--socket`, else the config file's `socket`, else nil (the default path).
    var socketPath: String? { socket ?? DaemonSettings.socket }

}

extension Backend {
    /// Calls a method and reads its result as `R`, with the answer as it came (what `--json` prints).
    func call<R: WireResult>(_ method: Method, _ params: JSONObject, as type: R.Type) async throws -> (
        result: R, json: JSONValue
    ) {
        let json = try await call(method, params)
        guard let result = R(json: json) else {
            throw AnswerError(error: .internalError("the answer is not a \(method.rawValue) result"))
        }
        return (result, json)
    }

    /// Says on stderr when an answer came from a theme whose files are in error now: it is the last good version.
    func noteIfInError(_ result: JSONValue) async {
        guard let stamp = ResultStamp(json: result),
            let themes = try? await call(.themes, [:], as: ThemesResult.self).result,
            themes.themes.first(where: { $0.name == stamp.theme })?.state == .error
        else { return }
        FileHandle.standardError.write(
            Data(
                ("snapstyle: note: theme '\(stamp.theme)' has errors in its files now; this answer is from its last "
                    + "good version (generation \(stamp.generation)). See `snapstyle themes`.\n").utf8))
    }
}

/// Runs a command body with docs/daemon.md's exit statuses for answers and unreachable daemons.
func runReporting(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as AnswerError {
        FileHandle.standardError.write(Data("snapstyle: \(error)\n".utf8))
        throw ExitCode(1)
    } catch let error as NoDaemonError {
        FileHandle.standardError.write(Data("snapstyle: \(error)\n".utf8))
        throw ExitCode(3)
    }
}

/// Prints a line on stdout. When the reader has gone (`snapstyle keys | head -1`), stops quietly with
/// status 0: the output that was wanted was read.
func printLine(_ text: String) {
    do {
        try FileHandle.standardOutput.write(contentsOf: Data((text + "\n").utf8))
    } catch {
        CurrentProcess.exit(0)
    }
}
