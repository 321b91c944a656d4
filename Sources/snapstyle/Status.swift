import ArgumentParser
import SnapStyleClient
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleJansson

struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the daemon's status.")

    @OptionGroup var connection: DaemonOptions

    func run() async throws {
        try await runReporting {
            let s = try await DaemonBackend(socket: connection.socketPath, offlineWorks: false).call(.status, [:])
            if connection.json { return printLine(Jansson.encode(s)) }
            func int(_ value: JSONValue?, _ member: String) -> Int { value?[member]?.intValue ?? 0 }
            func text(_ value: JSONValue?, _ member: String) -> String { value?[member]?.stringValue ?? "?" }
            printLine(
                "snapstyled \(text(s, "version")) pid \(int(s, "pid")), up \(int(s, "uptimeSeconds")) s, "
                    + "instance \(text(s, "instance"))")
            printLine("socket: \(text(s, "socket"))")
            printLine(
                "themes: \(int(s, "themes")); connections: \(int(s, "connections")); "
                    + "subscriptions: \(int(s, "subscriptions")); inotify watches: \(int(s, "watches"))")
            let cache = s["cache"]
            printLine(
                "cache: \(int(cache, "entries")) entries, \(int(cache, "hits")) hits, \(int(cache, "misses")) misses, "
                    + "\(int(cache, "invalidations")) invalidations")
            let reloads = s["reloads"]
            let lastAt = reloads?["lastAt"]?.stringValue ?? "-"
            printLine(
                "reloads: \(int(reloads, "count")), last \(ValueText.number(reloads?["lastMillis"])) ms at \(lastAt)")
            for root in s["roots"]?.arrayValue ?? [] { printLine("root: \(root.stringValue ?? "")") }
        }
    }
}
