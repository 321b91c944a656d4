import ArgumentParser
import Foundation
import SnapStyleProtocol
import SnapStyleSystem

/// `snapstyle`: the command-line client of snapstyled (docs/daemon.md, "snapstyle").
@main
struct SnapStyle: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapstyle",
        abstract: "Validate themes and resolve styles, through snapstyled or offline.",
        version: SnapStyleVersion.current,
        subcommands: [
            Status.self, Themes.self, Keys.self, Resolve.self, Element.self, Container.self, Explain.self,
            Watch.self, Check.self, Show.self, Export.self, Build.self, Preview.self, LSP.self, MCP.self, Audit.self,
            Diff.self,
        ]
    )

    /// Exit statuses of docs/daemon.md: 0 success, 1 an error answer, 2 usage, 3 no daemon.
    static func main() async {
        // A closed pipe is an error from write (see printLine), not a signal, with the daemon or without.
        CurrentProcess.ignoreBrokenPipe()
        do {
            var command = try parseAsRoot()
            if var async = command as? AsyncParsableCommand {
                try await async.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure || error is ValidationError {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                CurrentProcess.exit(2)
            }
            exit(withError: error)
        }
    }
}
