import ArgumentParser
import Foundation
import SnapStyleClient
import SnapStyleJSON
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
            _ = try await DaemonBackend(socket: connection.socketPath, offlineWorks: false).call("ping", [:])
            let events = subscribe(socket: connection.socketPath, themes: theme.map { [$0] })
            var connected = false
            for try await event in events {
                switch event {
                case .subscribed(_, let missed, _, _):
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
                case .event(let method, let params):
                    printLine(
                        connection.json
                            ? Jansson.encode(.object(["method": .string(method), "params": params]))
                            : Self.describe(method, params))
                }
            }
        }
    }

    /// After missed events: each theme's state now, as `THEME: loaded (generation N)` lines.
    func printCurrentState() async throws {
        let result = try await DaemonBackend(socket: connection.socketPath, offlineWorks: false).call("themes", [:])
        for info in result["themes"]?.arrayValue ?? [] {
            guard let name = info["name"]?.stringValue, theme == nil || theme == name else { continue }
            let state = info["state"]?.stringValue ?? "?"
            printLine("\(name): \(state) (generation \(info["generation"]?.intValue ?? 0))")
        }
    }

    /// One event as `THEME: what happened`, the way every event of `watch` reads.
    static func describe(_ method: String, _ params: JSONValue) -> String {
        let theme = params["theme"]?.stringValue ?? "?"
        let generation = params["generation"]?.intValue ?? 0
        switch method {
        case "themeChanged":
            let changed = (params["changed"]?.objectValue ?? [:]).members.map { member in
                "\(member.key) " + (member.value.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", ")
            }
            let stack = ["containers", "components"].compactMap { name -> String? in
                let ids = (params[name]?.arrayValue ?? []).compactMap(\.stringValue)
                return ids.isEmpty ? nil : "\(name) " + ids.joined(separator: ", ")
            }
            return "\(theme): changed (generation \(generation)): " + (changed + stack).joined(separator: "; ")
        case "themeError":
            let errors = (params["errors"]?.arrayValue ?? []).map { error in
                let place = "\(error["line"]?.intValue ?? 0):\(error["column"]?.intValue ?? 0)"
                return "\(error["file"]?.stringValue ?? ""):\(place): \(error["message"]?.stringValue ?? "")"
            }
            let serving = generation > 0 ? "still serving generation \(generation)" : "not loaded"
            return "\(theme): error (\(serving)):\n  " + errors.joined(separator: "\n  ")
        case "themeRecovered": return "\(theme): fixed"
        case "themeAdded": return "\(theme): added"
        case "themeRemoved": return "\(theme): removed"
        case "valuesChanged":
            let values = (params["values"]?.arrayValue ?? []).map { value in
                "\(value["id"]?.stringValue ?? "?") = \(Output.value(value["value"] ?? .null))"
            }
            return "\(theme): values (generation \(generation)): " + values.joined(separator: "; ")
        default:
            return "\(theme): \(method) \(Jansson.encode(params))"
        }
    }
}
