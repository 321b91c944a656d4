import ArgumentParser
import SnapStyleJSON
import SnapStyleJansson

struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the daemon's status.")

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await runReporting {
            let result = try await DaemonBackend(socket: connection.socket).call("status", [:])
            printLine(Jansson.encode(result))
        }
    }
}
