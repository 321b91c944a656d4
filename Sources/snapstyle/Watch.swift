import ArgumentParser
import SnapStyleJSON

struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print theme events as they happen, until interrupted.")

    @Option(name: .long, help: "Only this theme.")
    var theme: String?

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await runReporting {
            _ = try await DaemonBackend(socket: connection.socket).call("subscribe", [:])
        }
    }
}
