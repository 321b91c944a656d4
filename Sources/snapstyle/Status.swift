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
            let (s, json) = try await DaemonBackend(socket: connection.socketPath, offlineWorks: false)
                .call(.status, [:], as: DaemonStatus.self)
            if connection.json { return printLine(Jansson.encode(json)) }
            printLine("snapstyled \(s.version) pid \(s.pid), up \(s.uptimeSeconds) s, instance \(s.instance)")
            printLine("socket: \(s.socket)")
            printLine(
                "themes: \(s.themes); connections: \(s.connections); subscriptions: \(s.subscriptions); "
                    + "inotify watches: \(s.watches)")
            printLine(
                "cache: \(s.cache.entries) entries, \(s.cache.hits) hits, \(s.cache.misses) misses, "
                    + "\(s.cache.invalidations) invalidations")
            printLine(
                "reloads: \(s.reloads.count), last \(ValueText.number(.number(s.reloads.lastMillis))) ms at "
                    + "\(s.reloads.lastAt ?? "-")")
            for root in s.roots { printLine("root: \(root)") }
        }
    }
}
