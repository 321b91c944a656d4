import ArgumentParser
import Foundation
import SnapStyleClient
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleJansson

struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print theme events as they happen, until interrupted (reconnects if the daemon restarts).")

    @Option(name: .long, help: "Only this theme.")
    var theme: String?

    @OptionGroup var connection: DaemonOptions

    func run() async throws {
        try await runReporting {
            // Fail fast with exit status 3 when no daemon answers at all.
            _ = try await DaemonBackend(socket: connection.socketPath, offlineWorks: false).call(
                .ping, [:], as: PingResult.self)
            let events = subscribe(socket: connection.socketPath, themes: theme.map { [$0] })
            var connected = false
            for try await event in events {
                switch event {
                case .subscribed(let result):
                    let missed = result.missed
                    let again = connected
                    connected = true
                    if connection.json {
                        let params: JSONObject = ["again": .bool(again), "missed": .bool(missed)]
                        printLine(Jansson.encode(.object(["method": "subscribed", "params": .object(params)])))
                    } else if again {
                        printLine(
                            missed
                                ? "reconnected: events were missed; showing current state"
                                : "reconnected: nothing missed")
                        if missed { try await printCurrentState() }
                    } else {
                        printLine("subscribed: waiting for changes (Ctrl-C to stop)")
                    }
                case .disconnected:
                    printLine(
                        connection.json
                            ? Jansson.encode(.object(["method": "disconnected", "params": .object([:])]))
                            : "daemon gone: reconnecting…")
                case .theme(let event):
                    let json: JSONObject = ["method": .string(event.method.rawValue), "params": .object(event.params)]
                    printLine(connection.json ? Jansson.encode(.object(json)) : Self.describe(event))
                }
            }
        }
    }

    /// After missed events: each theme's state now, as `THEME: loaded (generation N)` lines.
    func printCurrentState() async throws {
        let result = try await DaemonBackend(socket: connection.socketPath, offlineWorks: false)
            .call(.themes, [:], as: ThemesResult.self).result
        for info in result.themes where theme == nil || theme == info.name {
            printLine("\(info.name): \(info.state.rawValue) (generation \(info.generation))")
        }
    }

    /// The tokens an imported theme leaves out, on lines of their own after the event's; nothing when none.
    static func leftOut(_ errors: ListedErrors) -> String {
        guard !errors.isEmpty else { return "" }
        let count = "\(errors.count) token\(errors.count == 1 ? "" : "s") left out"
        return "\n  \(count):\n  " + errors.errors.map(\.description).joined(separator: "\n  ")
    }

    /// One event as `THEME: what happened`, the way every event of `watch` reads.
    static func describe(_ event: ThemeEvent) -> String {
        let theme = event.theme
        switch event {
        case .themeChanged(let change):
            let changed = Attribute.allCases.compactMap { attribute in
                change.changed[attribute].map { "\(attribute.rawValue) " + $0.joined(separator: ", ") }
            }
            let stack = [("containers", change.containers), ("components", change.components)].compactMap {
                name, ids -> String? in ids.isEmpty ? nil : "\(name) " + ids.joined(separator: ", ")
            }
            return "\(theme): changed (generation \(change.generation)): " + (changed + stack).joined(separator: "; ")
                + leftOut(change.leftOut)
        case .themeError(let failure):
            let serving = failure.generation > 0 ? "still serving generation \(failure.generation)" : "not loaded"
            return "\(theme): error (\(serving)):\n  " + failure.errors.map(\.description).joined(separator: "\n  ")
        case .themeRecovered(let recovery): return "\(theme): fixed" + leftOut(recovery.leftOut)
        case .themeAdded: return "\(theme): added"
        case .themeRemoved: return "\(theme): removed"
        case .valuesChanged(let change):
            let values = change.values.map { value in
                "\(value.id.stringValue ?? "?") = \(ValueText.value(value.value))"
            }
            return "\(theme): values (generation \(change.generation)): " + values.joined(separator: "; ")
        }
    }
}
