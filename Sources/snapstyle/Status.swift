import ArgumentParser
import SnapStyleJSON
import SnapStyleJansson

struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the daemon's status.")

    @OptionGroup var connection: ConnectionOptions

    func validate() throws { try connection.requireDaemon("status") }

    func run() async throws {
        try await runReporting {
            let s = try await DaemonBackend(socket: connection.socketPath).call("status", [:])
            if connection.json { return printLine(Jansson.encode(s)) }
            printLine("snapstyled \(s["version"]?.stringValue ?? "?") pid \(s["pid"]?.intValue ?? 0), up \(s["uptimeSeconds"]?.intValue ?? 0) s, instance \(s["instance"]?.stringValue ?? "?")")
            printLine("socket: \(s["socket"]?.stringValue ?? "?")")
            printLine("themes: \(s["themes"]?.intValue ?? 0); connections: \(s["connections"]?.intValue ?? 0); subscriptions: \(s["subscriptions"]?.intValue ?? 0); inotify watches: \(s["watches"]?.intValue ?? 0)")
            let cache = s["cache"]
            printLine("cache: \(cache?["entries"]?.intValue ?? 0) entries, \(cache?["hits"]?.intValue ?? 0) hits, \(cache?["misses"]?.intValue ?? 0) misses, \(cache?["invalidations"]?.intValue ?? 0) invalidations")
            let reloads = s["reloads"]
            printLine("reloads: \(reloads?["count"]?.intValue ?? 0), last \(Output.number(reloads?["lastMillis"])) ms at \(reloads?["lastAt"]?.stringValue ?? "-")")
            for root in s["roots"]?.arrayValue ?? [] { printLine("root: \(root.stringValue ?? "")") }
        }
    }
}
