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

    @OptionGroup var connection: ConnectionOptions

    func validate() throws { try connection.requireDaemon("watch") }

    func run() async throws {
        try await runReporting {
            // Fail fast with exit status 3 when no daemon answers at all.
            _ = try await DaemonBackend(socket: connection.socketPath).call("ping", [:])
            let events = subscribe(socket: connection.socketPath, themes: theme.map { [$0] })
            for try await event in events {
                switch event {
                case .subscribed(_, let missed):
                    printLine(missed ? "subscribed again (events were missed: refetch)" : "subscribed")
                case .event(let method, let params):
                    if connection.json {
                        printLine(Jansson.encode(.object(["method": .string(method), "params": params])))
                        continue
                    }
                    printLine(describe(method, params))
                }
            }
        }
    }

    func describe(_ method: String, _ params: JSONValue) -> String {
        let theme = params["theme"]?.stringValue ?? "?"
        let generation = params["generation"]?.intValue.map { " generation \($0)" } ?? ""
        switch method {
        case "themeChanged":
            let changed = (params["changed"]?.objectValue ?? [:]).members.map { member in
                "\(member.key): " + (member.value.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", ")
            }
            return "\(theme)\(generation) changed " + changed.joined(separator: "; ")
        case "themeError":
            let errors = (params["errors"]?.arrayValue ?? []).map { error in
                let place = "\(error["line"]?.intValue ?? 0):\(error["column"]?.intValue ?? 0)"
                return "\(error["file"]?.stringValue ?? ""):\(place): \(error["message"]?.stringValue ?? "")"
            }
            return "\(theme) error (still serving\(generation)):\n  " + errors.joined(separator: "\n  ")
        default:
            return "\(theme) \(method)\(generation) \(Jansson.encode(params))"
        }
    }
}
