import Foundation
import Logging
import SnapStyleJSON
import SnapStyleJansson
@testable import SnapStyleWatcher
import SnapStyleTestSupport
import Testing

/// The back-off between attempts to watch directories a limit refused.
@Suite struct WatchRetryTests {
    let start = ContinuousClock.now

    @Test func completeUntilALimitIsHitThenRetriesWithDoublingDelays() {
        var retry = WatchRetry(first: .seconds(10), maximum: .seconds(60))
        #expect(retry.isComplete)
        #expect(!retry.isDue(at: start + .seconds(1000), requested: true))
        retry.limitHit(at: start)
        retry.limitHit(at: start + .seconds(1))
        #expect(
            retry.state == .incomplete(next: start + .seconds(10), delay: .seconds(10)),
            "the first refusal sets the time")
        #expect(!retry.isDue(at: start + .seconds(9), requested: false))
        #expect(retry.isDue(at: start + .seconds(10), requested: false))
        var now = start + .seconds(10)
        var delays: [Duration] = []
        for _ in 0..<4 {
            let delay = retry.attempted(at: now, complete: false)
            delays.append(delay ?? .zero)
            now += delay ?? .zero
        }
        #expect(delays == [.seconds(20), .seconds(40), .seconds(60), .seconds(60)])
        #expect(!retry.isComplete)
    }

    @Test func aRequestedAttemptThatFailsKeepsTheDelay() {
        var retry = WatchRetry(first: .seconds(10), maximum: .seconds(60))
        retry.limitHit(at: start)
        #expect(retry.attempted(at: start + .seconds(10), complete: false) == .seconds(20))
        #expect(retry.attempted(at: start + .seconds(12), complete: false, requested: true) == .seconds(20))
        #expect(retry.state == .incomplete(next: start + .seconds(32), delay: .seconds(20)))
    }

    @Test func aRequestRetriesAtOnceAndSuccessCompletes() {
        var retry = WatchRetry()
        retry.limitHit(at: start)
        #expect(!retry.isDue(at: start + .seconds(1), requested: false))
        #expect(retry.isDue(at: start + .seconds(1), requested: true))
        let next = retry.attempted(at: start + .seconds(1), complete: true)
        #expect(next == nil)
        #expect(retry.isComplete)
        retry.limitHit(at: start + .seconds(2))
        #expect(retry.state == .incomplete(next: start + .seconds(12), delay: .seconds(10)))
    }
}

@Suite struct ThemeWatcherRootTests {
    /// libinotifytools names directories `root/`; a root given as `DIR/` must not be looked up as `DIR//`.
    @Test(arguments: [("/tmp/themes/", "/tmp/themes"), ("/tmp/themes//", "/tmp/themes"), ("/", "/")])
    func rootsLoseTrailingSlashes(given: String, expected: String) {
        let watcher = ThemeWatcher(roots: [given], logger: Logger(label: "test")) { _ in }
        #expect(watcher.roots == [expected])
    }
}

/// Lost inotify events and the watch limit, on the real daemon. The queue overflows for real (the daemon is
/// stopped while more events than `fs.inotify.max_queued_events` happen); the watch limit is lowered in a user
/// namespace of the daemon's own (`/proc/sys/user/max_inotify_watches`), never system-wide.
@Suite(.serialized) struct LostEventsE2ETests {
    /// `SNAPSTYLE_REQUIRE_USERNS=1` (set by `make test`): without user namespaces the tests that need them fail
    /// instead of skipping.
    static var userNamespacesRequired: Bool {
        ProcessInfo.processInfo.environment["SNAPSTYLE_REQUIRE_USERNS"] == "1"
    }

    static let canUnshare: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/nsenter")
        else { return false }
        return run("/usr/bin/unshare", ["-Ur", "sh", "-c", "echo 7 > /proc/sys/user/max_inotify_watches"]) == 0
    }()

    static func run(_ program: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    func waitForLog(_ daemon: DaemonProcess, _ text: String, timeout: Double = 10) -> Bool {
        poll(timeout: timeout) { daemon.log.contains(text) }
    }

    /// The themes whose `themeChanged` arrives within `timeout` (or until all of `expected` did).
    func changedThemes(_ subscriber: LineSocket, timeout: Double, expected: Set<String>? = nil) -> Set<String> {
        var themes = Set<String>()
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0, expected.map({ !themes.isSuperset(of: $0) }) ?? true,
            let line = subscriber.readLine(timeout: deadline.timeIntervalSinceNow)
        {
            guard let message = try? Jansson.parse(line), message["method"] == "themeChanged",
                let theme = message["params"]?["theme"]?.stringValue
            else { continue }
            themes.insert(theme)
        }
        return themes
    }

    /// Waits until the process is in `state` (the third field of /proc/PID/stat: T is stopped).
    func waitForState(_ daemon: DaemonProcess, _ state: String) -> Bool {
        poll(timeout: 2, interval: 0.01) {
            let stat =
                (try? String(contentsOfFile: "/proc/\(daemon.process.processIdentifier)/stat", encoding: .utf8)) ?? ""
            guard let close = stat.lastIndex(of: ")") else { return false }
            return stat[close...].dropFirst(2).hasPrefix(state)
        }
    }

    func waitForWatches(_ daemon: DaemonProcess, _ count: Int) throws -> Bool {
        try poll(timeout: 5) { try daemon.status()["watches"]?.intValue == count }
    }

    func subscribe(_ daemon: DaemonProcess) throws -> LineSocket {
        let socket = try LineSocket(daemon.socket)
        socket.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"subscribe\"}\n")
        #expect(socket.readLine()?.contains("\"subscription\"") == true)
        return socket
    }

    @Test func aQueueOverflowRescansEverythingAndNamesTheSysctl() throws {
        let queued =
            Int(
                try String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 16384
        let daemon = try DaemonProcess()
        daemon.write("live.json", "{\"number\": {\"gap\": 1}}")
        try daemon.waitForTheme("live")
        let subscriber = try subscribe(daemon)

        daemon.signal(SIGSTOP)
        #expect(waitForState(daemon, "T"), "the daemon stops before the burst")
        // Two files in turn, so the kernel cannot merge consecutive identical events.
        let scratch = [daemon.themes + "/scratch-a.txt", daemon.themes + "/scratch-b.txt"]
        for index in 0...(queued + 100) {
            let fd = open(scratch[index % 2], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            close(fd)
        }
        daemon.write("live.json", "{\"number\": {\"gap\": 2}}")
        daemon.signal(SIGCONT)

        #expect(
            changedThemes(subscriber, timeout: 5, expected: ["live"]) == ["live"],
            "the change after the overflow is found")
        #expect(daemon.log.contains("inotify queue overflow"))
        #expect(daemon.log.contains("fs.inotify.max_queued_events"))
        #expect(daemon.stop() == 0)
    }

    @Test(.enabled(if: canUnshare || userNamespacesRequired, "needs unshare -U and nsenter (user namespaces)"))
    func theWatchLimitKeepsServingAndSIGHUPRetriesOnceRaised() throws {
        try #require(Self.canUnshare, "SNAPSTYLE_REQUIRE_USERNS=1, but unshare -U or nsenter does not work here")
        // Six directories: the user's theme root (made here, so that it is watched first), the temporary root
        // and four theme directories. A limit of 4 watches leaves some of them unwatched.
        let themes = ["a", "b", "c", "d"]
        let launcher = [
            "/usr/bin/unshare", "-Ur", "sh", "-c",
            "echo 4 > /proc/sys/user/max_inotify_watches && exec \"$0\" \"$@\"",
        ]
        let daemon = try DaemonProcess(launcher: launcher, start: false)
        try FileManager.default.createDirectory(
            atPath: daemon.directory + "/config/snapstyle/themes", withIntermediateDirectories: true)
        for theme in themes { daemon.write("\(theme)/theme.json", "{\"number\": {\"gap\": 1}}") }
        try daemon.start()
        for theme in themes { try daemon.waitForTheme(theme) }
        #expect(daemon.log.contains("raise fs.inotify.max_user_watches"))
        #expect(try daemon.status()["watches"] == 4)

        let subscriber = try subscribe(daemon)
        for theme in themes { daemon.write("\(theme)/theme.json", "{\"number\": {\"gap\": 2}}") }
        let seen = changedThemes(subscriber, timeout: 1.5)
        #expect(!seen.isEmpty && seen.count < themes.count, "edits in unwatched directories go unseen")

        let raise = Self.run(
            "/usr/bin/nsenter",
            [
                "-U", "-t", "\(daemon.process.processIdentifier)", "sh", "-c",
                "echo 100 > /proc/sys/user/max_inotify_watches",
            ])
        #expect(raise == 0)
        daemon.signal(SIGHUP)
        let missed = Set(themes).subtracting(seen)
        #expect(changedThemes(subscriber, timeout: 2, expected: missed) == missed, "SIGHUP finds the missed edits")
        #expect(waitForLog(daemon, "every directory is watched again"))
        #expect(try waitForWatches(daemon, 6))

        for theme in themes { daemon.write("\(theme)/theme.json", "{\"number\": {\"gap\": 3}}") }
        #expect(changedThemes(subscriber, timeout: 2, expected: Set(themes)) == Set(themes))
        #expect(daemon.stop() == 0)
    }
}
