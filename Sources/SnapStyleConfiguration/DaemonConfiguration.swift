import Foundation
import Logging
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleSystem

/// The daemon's settings: built-in defaults, then the config file, then command-line flags (docs/daemon.md,
/// "Configuration").
public struct DaemonConfiguration: Sendable, Equatable {
    public var socket: String?
    public var themes: [String] = []
    public var defaultTheme = "snap"
    public var settleMillis = 10
    public var maxLineBytes = Limits.lineBytes
    public var maxConnections = Limits.connections
    public var maxQueuedBytes = Limits.queuedBytes
    /// What the resolution caches of all themes may hold together (estimated bytes).
    public var maxCacheBytes = Limits.cacheBytes
    /// The largest theme or token file read; a larger one is an error of its theme.
    public var maxFileBytes = Limits.fileBytes
    public var logLevel: Logger.Level = .info
    public var watch = true
    /// Build configs (`snapstyle.build.json`) whose outputs the daemon keeps fresh, as absolute paths (a relative one
    /// in the config file is relative to the config file's directory).
    public var builds: [String] = []

    public init() {}

    /// A start-up error that says what to fix.
    public struct Error: Swift.Error, CustomStringConvertible, Equatable {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    public static let members = [
        "socket", "themes", "defaultTheme", "settleMillis", "maxLineBytes", "maxConnections", "maxQueuedBytes",
        "maxCacheBytes", "maxFileBytes", "logLevel", "builds",
    ]

    /// The config file to read: `explicit`, else the first that exists of `$XDG_CONFIG_HOME/snapstyle/
    /// snapstyled.json` and each `$XDG_CONFIG_DIRS` entry's `snapstyle/snapstyled.json`.
    public static func configFile(explicit: String?, environment: [String: String]) -> String? {
        if let explicit { return explicit }
        let home = environment["HOME"] ?? "/root"
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "\(home)/.config"
        var candidates = ["\(configHome)/snapstyle/snapstyled.json"]
        let dirs = environment["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg"
        candidates += dirs.split(separator: ":").map { "\($0)/snapstyle/snapstyled.json" }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The defaults with the config file found as `configFile` finds it (none: the defaults).
    public static func load(explicit: String?, environment: [String: String]) throws(Error) -> DaemonConfiguration {
        var configuration = DaemonConfiguration()
        if let file = configFile(explicit: explicit, environment: environment) { try configuration.apply(file: file) }
        return configuration
    }

    /// The names `--log-level` and `logLevel` accept (docs/daemon.md's list: swift-log's `critical` is not one).
    public static let logLevelNames = ["trace", "debug", "info", "notice", "warning", "error"]

    /// The log level of one of `logLevelNames`.
    public static func logLevel(named name: String) -> Logger.Level? {
        logLevelNames.contains(name) ? Logger.Level(rawValue: name) : nil
    }

    /// Applies a config file's members; an unknown member or a wrong type is an error naming it.
    public mutating func apply(file path: String) throws(Error) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason: String
            do {
                try POSIXFileSystem.checkReadable(path)
                reason = "not a readable file"
            } catch {
                reason = error.errno.description
            }
            throw Error("cannot read the config file \(path): \(reason)")
        }
        let json: JSONValue
        do { json = try Jansson.parse(bytes: [UInt8](data)) } catch {
            throw Error("\(path):\(error.position): invalid JSON: \(error.message)")
        }
        guard case .object(let object) = json else { throw Error("\(path): the configuration must be a JSON object") }
        for member in object where !member.key.hasPrefix("$") {
            let value = member.value
            func bad(_ expected: String) -> Error {
                let given =
                    switch value {
                    case .array, .object: value.typeName
                    default: Jansson.encode(value)
                    }
                return Error("\(path): member '\(member.key)' must be \(expected), not \(given)")
            }
            func integer(atLeast minimum: Int) throws(Error) -> Int {
                guard let n = value.intValue, n >= minimum else { throw bad("an integer ≥ \(minimum)") }
                return n
            }
            switch member.key {
            case "socket":
                guard let s = value.stringValue else { throw bad("a path string") }
                socket = s
            case "themes":
                guard let roots = value.arrayValue else { throw bad("an array of directory paths") }
                if let index = roots.firstIndex(where: { $0.stringValue == nil }) {
                    throw Error(
                        "\(path): member 'themes' must be an array of directory paths, but entry \(index) is "
                            + "\(roots[index].typeName)")
                }
                themes = roots.compactMap(\.stringValue)
            case "builds":
                let paths = value.arrayValue?.compactMap(\.stringValue) ?? []
                guard let files = value.arrayValue, paths.count == files.count, !paths.contains("") else {
                    throw bad("an array of build config paths")
                }
                let directory = URL(fileURLWithPath: POSIXFileSystem.absolute(path)).deletingLastPathComponent().path
                builds = paths.map { $0.hasPrefix("/") ? $0 : POSIXFileSystem.normalized(directory + "/" + $0) }
            case "defaultTheme":
                guard let s = value.stringValue, ThemeName.isValid(s) else { throw bad("a theme name") }
                defaultTheme = s
            case "settleMillis":
                guard let n = value.intValue, n >= 0, n <= 10_000 else { throw bad("an integer from 0 to 10000") }
                settleMillis = n
            case "maxLineBytes": maxLineBytes = try integer(atLeast: 256)
            case "maxConnections": maxConnections = try integer(atLeast: 1)
            case "maxQueuedBytes": maxQueuedBytes = try integer(atLeast: 1024)
            case "maxCacheBytes": maxCacheBytes = try integer(atLeast: 1_048_576)
            case "maxFileBytes": maxFileBytes = try integer(atLeast: 1024)
            case "logLevel":
                guard let s = value.stringValue, let level = Self.logLevel(named: s) else {
                    throw bad("one of \(Self.logLevelNames.joined(separator: ", "))")
                }
                logLevel = level
            default:
                throw Error(
                    "\(path): unknown member '\(member.key)' (expected one of \(Self.members.joined(separator: ", ")))")
            }
        }
    }
}
