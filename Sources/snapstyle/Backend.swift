import ArgumentParser
import Foundation
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

    var description: String {
        let data = error.data ?? [:]
        func text(_ name: String) -> String { data[name]?.stringValue ?? "?" }
        func list(_ name: String) -> [String] { (data[name]?.arrayValue ?? []).compactMap(\.stringValue) }
        switch error.code {
        case RPCError.themeUnavailableCode:
            let errors = (data["errors"]?.arrayValue ?? []).map { error in
                "\(error["file"]?.stringValue ?? "?"):\(error["line"]?.intValue ?? 0):"
                    + "\(error["column"]?.intValue ?? 0): \(error["message"]?.stringValue ?? "")"
            }
            return "theme '\(text("theme"))' is unavailable: it has never loaded without errors. Its files now:\n"
                + errors.joined(separator: "\n")
        case RPCError.unknownThemeCode:
            return "there is no theme '\(text("theme"))' (themes: \(list("available").joined(separator: ", ")))"
        case RPCError.unknownKeyCode:
            let near = list("suggestions")
            return "theme has no \(text("attribute")) key '\(text("key"))'"
                + (near.isEmpty ? "" : " (did you mean \(near.map { "'\($0)'" }.joined(separator: ", "))?)")
        case RPCError.invalidContextCode:
            let allowed = list("allowed")
            return "invalid context: \(text("field")): \(text("reason"))"
                + (allowed.isEmpty ? "" : " (allowed: \(allowed.joined(separator: ", ")))")
        case RPCError.invalidParamsCode:
            return "invalid \(text("field")): \(text("reason"))"
        case RPCError.limitExceededCode:
            let reason =
                data["reason"]?.stringValue ?? "\(text("limit")) is limited to \(data["maximum"]?.intValue ?? 0)"
            return "over a limit of the daemon: \(reason)"
        case RPCError.methodNotFoundCode:
            return "the daemon does not know '\(text("method"))' (is it an older snapstyled? see snapstyle status)"
        default:
            return error.message + (data["reason"]?.stringValue.map { ": \($0)" } ?? "")
        }
    }
}

/// No daemon answered on the socket: exit status 3, with what happened and what to do.
struct NoDaemonError: Error, CustomStringConvertible {
    enum Cause {
        /// No socket file: no daemon runs there.
        case noSocket
        /// The socket is another user's, or its mode keeps this user out.
        case permissionDenied
        /// A socket file nobody listens on: a daemon that stopped left it.
        case refused
        /// The daemon closed the connection without an answer: its peer check refused this user.
        case closed
        case other(String)

        init(errno: Int32?, reason: String) {
            switch errno.map(Errno.init(rawValue:)) {
            case .noSuchFile?, .notDirectory?: self = .noSocket
            case .permissionDenied?, .notPermitted?: self = .permissionDenied
            case .connectionRefused?: self = .refused
            default: self = .other(reason)
            }
        }
    }

    let socket: String
    let cause: Cause
    var offlineWorks = true

    var description: String {
        let how = "with `make run` (in a checkout) or `systemctl --user start snapstyled.socket`"
        let offline = offlineWorks ? ", or add --offline to resolve without a daemon" : ""
        switch cause {
        case .noSocket:
            return "no daemon is running: there is no socket at \(socket).\nStart one \(how)\(offline)."
        case .permissionDenied:
            return "permission denied on \(socket): it belongs to another user's daemon, or its mode keeps you out."
                + "\nUse your own daemon (--socket, or the default path), or check the socket's owner and mode."
        case .refused:
            return "nothing listens on \(socket): the socket file was left by a daemon that stopped.\nStart the "
                + "daemon again \(how); it replaces the stale file\(offline)."
        case .closed:
            return "the daemon on \(socket) closed the connection without answering: it serves only its own user "
                + "and root, and refused this one."
        case .other(let reason):
            return "cannot reach a daemon on \(socket): \(reason).\nStart one \(how)\(offline)."
        }
    }
}

/// Resolves in-process from the theme roots, exactly as the daemon would.
struct OfflineBackend: Backend {
    let methods: StyleMethods

    init(roots: [ThemeRoot], defaultTheme: String) {
        let store = ThemeStore(roots: roots, fileSystem: POSIXFileSystem(maxFileBytes: Limits.fileBytes))
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
    /// Says on stderr when an answer came from a theme whose files are in error now: it is the last good version.
    func noteIfInError(_ result: JSONValue) async {
        guard let name = result["theme"]?.stringValue, let themes = try? await call(.themes, [:]),
            let info = themes["themes"]?.arrayValue?.first(where: { $0["name"]?.stringValue == name }),
            info["state"]?.stringValue == "error"
        else { return }
        let generation = result["generation"]?.intValue ?? 0
        FileHandle.standardError.write(
            Data(
                ("snapstyle: note: theme '\(name)' has errors in its files now; this answer is from its last good "
                    + "version (generation \(generation)). See `snapstyle themes`.\n").utf8))
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
