import ArgumentParser
import Foundation
import SnapStyleConfiguration
import SnapStyleSystem
import SnapStyleThemes

/// The daemon's config file, read as snapstyled reads it (`$XDG_CONFIG_HOME/snapstyle/snapstyled.json`, then
/// `$XDG_CONFIG_DIRS`), so the CLI talks to the same socket and resolves offline from the same roots.
enum DaemonSettings {
    static let loaded = Result { () throws(DaemonConfiguration.Error) in
        try DaemonConfiguration.load(explicit: nil, environment: ProcessInfo.processInfo.environment)
    }

    /// The configured socket; a config file that does not read leaves the default (and a warning).
    static var socket: String? {
        switch loaded {
        case .success(let configuration): return configuration.socket.map(POSIXFileSystem.absolute)
        case .failure(let error):
            FileHandle.standardError.write(Data("snapstyle: warning: \(error)\n".utf8))
            return nil
        }
    }

    /// The configuration for offline work (its roots and default theme); a config file that does not read
    /// is an error, as it is for the daemon.
    static func forOfflineUse() throws -> DaemonConfiguration {
        switch loaded {
        case .success(let configuration): return configuration
        case .failure(let error):
            FileHandle.standardError.write(Data("snapstyle: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// The roots offline work reads, as the daemon would: `themes` (`--themes`, each warned about when it does
    /// not exist), then the config file's, then the standard ones.
    static func roots(adding themes: [String]) throws -> [ThemeRoot] {
        for path in themes where POSIXFileSystem().kind(of: POSIXFileSystem.absolute(path)) == nil {
            FileHandle.standardError.write(Data("snapstyle: warning: --themes \(path) does not exist\n".utf8))
        }
        return ThemeRoot.standard(
            extra: (themes + (try forOfflineUse().themes)).map(POSIXFileSystem.absolute),
            environment: ProcessInfo.processInfo.environment)
    }
}
