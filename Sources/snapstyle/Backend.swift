import ArgumentParser
import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleProtocol
import SnapStyleThemes

/// Answers a method call, from the daemon or in-process.
protocol Backend {
    func call(_ method: String, _ params: JSONObject) async throws -> JSONValue
}

/// An error answer from the daemon or the offline resolver: printed, exit status 1.
struct AnswerError: Error, CustomStringConvertible {
    let error: RPCError

    var description: String {
        var text = "error \(error.code): \(error.message)"
        if let data = error.data {
            let parts = data.members.map { m -> String in
                if case .string(let s) = m.value { return "\(m.key): \(s)" }
                return "\(m.key): \(Jansson.encode(m.value))"
            }
            if !parts.isEmpty { text += " (" + parts.joined(separator: "; ") + ")" }
        }
        return text
    }
}

/// No daemon answered on the socket: exit status 3 with a hint.
struct NoDaemonError: Error, CustomStringConvertible {
    let socket: String
    let reason: String

    var description: String {
        "no snapstyled answers on \(socket) (\(reason)).\n"
            + "Start one with `make run` or `systemctl --user start snapstyled.socket`, or use --offline."
    }
}

/// Resolves in-process from the theme roots, exactly as the daemon would.
struct OfflineBackend: Backend {
    let methods: StyleMethods

    init(themes: [String], defaultTheme: String = "snap") {
        let roots = ThemeRoot.standard(
            extra: themes.map(POSIXFileSystem.absolute), environment: ProcessInfo.processInfo.environment)
        let store = ThemeStore(roots: roots)
        store.reloadAll()
        methods = StyleMethods(store: store, defaultTheme: defaultTheme)
    }

    func call(_ method: String, _ params: JSONObject) async throws -> JSONValue {
        do {
            guard let result = try methods.handle(method, .object(params)) else {
                throw AnswerError(error: .methodNotFound(method))
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
            let configuration = try DaemonSettings.forOfflineUse()
            return OfflineBackend(themes: themes + configuration.themes, defaultTheme: configuration.defaultTheme)
        }
        return try DaemonBackend(socket: socketPath)
    }

    /// `--socket`, else the config file's `socket`, else nil (the default path).
    var socketPath: String? { socket ?? DaemonSettings.socket }

    /// For commands that only the daemon can answer.
    func requireDaemon(_ command: String) throws {
        guard !offline, themes.isEmpty else {
            throw ValidationError("`snapstyle \(command)` asks the daemon: --offline and --themes do not apply")
        }
    }
}

/// Runs a command body with daemon.md's exit statuses for answers and unreachable daemons.
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
        Foundation.exit(0)
    }
}
