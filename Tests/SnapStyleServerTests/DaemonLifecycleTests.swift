import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// The socket, the configuration, signals and the systemd units.
@Suite(.serialized) struct DaemonLifecycleTests {
    @Test func socketModesAndCleanShutdown() throws {
        let daemon = try DaemonProcess()
        var info = stat()
        #expect(lstat(daemon.socket, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(lstat((daemon.socket as NSString).deletingLastPathComponent, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(daemon.stop() == 0)
        #expect(lstat(daemon.socket, &info) != 0)
    }

    @Test func aSecondDaemonOnTheSamePathExitsOneAndAStaleSocketIsReplaced() throws {
        let first = try DaemonProcess()
        let second = Process()
        second.executableURL = URL(fileURLWithPath: DaemonProcess.binary)
        second.arguments = ["--socket", first.socket, "--no-watch"]
        second.environment = first.environment
        let errors = Pipe()
        second.standardError = errors
        second.standardOutput = Pipe()
        try second.run()
        second.waitUntilExit()
        #expect(second.terminationStatus == 1)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("already serving"))
        // A killed daemon leaves a stale socket file: the next one replaces it.
        first.signal(SIGKILL)
        first.process.waitUntilExit()
        let third = Process()
        third.executableURL = URL(fileURLWithPath: DaemonProcess.binary)
        third.arguments = ["--socket", first.socket, "--no-watch"]
        third.environment = first.environment
        let out = Pipe()
        third.standardOutput = out
        third.standardError = Pipe()
        try third.run()
        #expect(readLine(out.fileHandleForReading).contains("listening on \(first.socket)"))
        kill(third.processIdentifier, SIGTERM)
        third.waitUntilExit()
        #expect(third.terminationStatus == 0)
    }

    @Test(arguments: [
        ("{\"colour\": 1}", "unknown member 'colour'"),
        ("{\"settleMillis\": \"fast\"}", "member 'settleMillis'"),
        ("{\"themes\": [\"/a\", 1]}", "member 'themes' must be an array of directory paths, but entry 1 is number"),
        ("{\"maxConnections\": 0}", "member 'maxConnections' must be an integer ≥ 1, not 0"),
        ("{\"defaultTheme\": \"Ocean\"}", "member 'defaultTheme' must be a theme name, not \"Ocean\""),
        ("{\"logLevel\": \"loud\"}", "member 'logLevel'"),
        ("{\"logLevel\": \"critical\"}", "member 'logLevel'"),
        ("not json", "invalid JSON"),
    ])
    func configErrorsNameTheMember(_ config: String, _ message: String) throws {
        let daemon = try DaemonProcess(config: config, start: false)
        let errors = Pipe()
        daemon.process.standardError = errors
        try daemon.process.run()
        daemon.process.waitUntilExit()
        #expect(daemon.process.terminationStatus == 1)
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains(message))
    }

    /// `make run | head -1`: with nobody reading its stdout, the daemon still serves and stops cleanly; an
    /// unknown default theme is worth a warning.
    @Test func aClosedStdoutDoesNotStopTheDaemon() throws {
        let daemon = try DaemonProcess(extraArguments: ["--default-theme", "nope"], start: false)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        daemon.process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        try daemon.process.run()
        var answer: String?
        eventually("an answer to ping") {
            guard let client = try? LineSocket(daemon.socket) else { return false }
            client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n")
            answer = client.readLine()
            return answer != nil
        }
        #expect(answer?.contains("pong") == true)
        #expect(daemon.log.contains("default theme 'nope'"))
        #expect(daemon.stop() == 0)
    }

    /// Start-up errors about the socket's place say what to do.
    @Test func socketPathsThatCannotServeAreRefusedWithAdvice() throws {
        let daemon = try DaemonProcess(start: false)
        func start(socket: String) throws -> (status: Int32, message: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: DaemonProcess.binary)
            process.arguments = ["--socket", socket, "--themes", daemon.themes, "--no-watch"]
            process.environment = daemon.environment
            process.standardOutput = Pipe()
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, message)
        }
        let long = daemon.directory + "/" + String(repeating: "d", count: 120) + ".sock"
        let tooLong = try start(socket: long)
        #expect(tooLong.status == 1)
        #expect(tooLong.message.contains("choose a shorter --socket"))

        if getuid() == 0 {
            let foreign = daemon.directory + "/foreign"
            try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: true)
            chown(foreign, 65534, 65534)
            let refused = try start(socket: foreign + "/s.sock")
            #expect(refused.status == 1)
            #expect(refused.message.contains("belongs to uid 65534"))
        }

        // A directory of the user's own that its group or others may write to, without the sticky bit: refused, with
        // its mode; 01777 (sticky, like /tmp) and 0775 less group write are fine.
        for (mode, refusedMode) in [(0o777, "0777"), (0o770, "0770"), (0o757, "0757")] {
            let open = daemon.directory + "/open-\(mode)"
            try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
            chmod(open, mode_t(mode))
            let refused = try start(socket: open + "/s.sock")
            #expect(refused.status == 1)
            #expect(refused.message.contains("\(open) (mode \(refusedMode)) is writable by its group or other users"))
        }

        /// A daemon serving on `socket`, once it says so; the caller stops it.
        func serve(_ socket: String) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: DaemonProcess.binary)
            process.arguments = ["--socket", socket, "--themes", daemon.themes, "--no-watch"]
            process.environment = daemon.environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            #expect(readLine(output.fileHandleForReading).contains("listening on \(socket)"))
            return process
        }

        // Missing parents are created, 0700.
        let first = try serve(daemon.directory + "/a/b/c/s.sock")
        var info = stat()
        #expect(lstat(daemon.directory + "/a/b", &info) == 0 && info.st_mode & 0o777 == 0o700)
        first.terminate()
        first.waitUntilExit()

        // An existing directory is the user's to choose: its mode is never changed.
        let shared = daemon.directory + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o755)
        let second = try serve(shared + "/s.sock")
        #expect(lstat(shared, &info) == 0 && info.st_mode & 0o777 == 0o755)
        #expect(lstat(shared + "/s.sock", &info) == 0 && info.st_mode & 0o777 == 0o600)
        second.terminate()
        second.waitUntilExit()
        let sticky = daemon.directory + "/sticky"
        try FileManager.default.createDirectory(atPath: sticky, withIntermediateDirectories: true)
        chmod(sticky, 0o1777)
        let third = try serve(sticky + "/s.sock")
        third.terminate()
        third.waitUntilExit()
    }

    @Test(arguments: [
        ["--bogus"], ["--log-level", "loud"], ["--log-level", "critical"], ["--default-theme", "Not A Name"],
    ])
    func usageErrorsExitOne(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DaemonProcess.binary)
        process.arguments = arguments
        process.standardOutput = Pipe()
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(!errors.fileHandleForReading.readDataToEndOfFile().isEmpty)
    }

    @Test func theExampleConfigurationIsAccepted() throws {
        let example = try String(
            contentsOfFile: DaemonProcess.root.appendingPathComponent("etc/snapstyle/snapstyled.json").path,
            encoding: .utf8)
        let daemon = try DaemonProcess(config: example)
        let client = try LineSocket(daemon.socket)
        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n")
        #expect(client.readLine()?.contains("pong") == true)
        #expect(daemon.stop() == 0)
    }

    /// `systemd-analyze --user verify` on the units in `directory`, with `home` as `%h`: its output, if any.
    static func verifyUnits(in directory: String, home: String) throws -> (status: Int32, printed: String) {
        let verify = Process()
        verify.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
        verify.arguments = ["--user", "verify", "snapstyled.socket", "snapstyled.service"]
        verify.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = home
        environment["HOME"] = home
        verify.environment = environment
        let output = Pipe()
        verify.standardOutput = output
        verify.standardError = output
        try verify.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        verify.waitUntilExit()
        return (verify.terminationStatus, printed)
    }

    /// The units as `make install` writes them (its `units` step, pointed at the built binary) verify without a
    /// warning.
    @Test func installedSystemdUnitsVerifyWithoutWarnings() throws {
        let temporary = TemporaryDirectory(prefix: "snapstyled-units")
        let directory = temporary.path
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        make.arguments = [
            "-s", "-C", DaemonProcess.root.path, "units", "UNITDIR=\(directory)",
            "BINDIR=\((DaemonProcess.binary as NSString).deletingLastPathComponent)",
            "DOCDIR=\(DaemonProcess.root.path)",
        ]
        try make.run()
        make.waitUntilExit()
        #expect(make.terminationStatus == 0)
        let service = try String(contentsOfFile: directory + "/snapstyled.service", encoding: .utf8)
        #expect(service.contains("ExecStart=\(DaemonProcess.binary)\n"))
        #expect(!service.contains("@DOCDIR@") && !service.contains("%h"))
        let result = try Self.verifyUnits(in: directory, home: directory)
        #expect(result.status == 0)
        #expect(result.printed.isEmpty, "systemd-analyze verify printed: \(result.printed)")
    }

    /// The repository's units as they are, for a user who installed with the default PREFIX (`%h/.local`).
    @Test func repositorySystemdUnitsVerifyForTheDefaultPrefix() throws {
        let temporary = TemporaryDirectory(prefix: "snapstyled-home")
        let home = temporary.path
        temporary.directory(".local/bin")
        try FileManager.default.createSymbolicLink(
            atPath: home + "/.local/bin/snapstyled", withDestinationPath: DaemonProcess.binary)
        let units = DaemonProcess.root.appendingPathComponent("systemd").path
        let result = try Self.verifyUnits(in: units, home: home)
        #expect(result.status == 0)
        #expect(result.printed.isEmpty, "systemd-analyze verify printed: \(result.printed)")
        let service = try String(contentsOfFile: units + "/snapstyled.service", encoding: .utf8)
        let socket = try String(contentsOfFile: units + "/snapstyled.socket", encoding: .utf8)
        for line in [
            "Type=notify", "ExecStart=%h/.local/bin/snapstyled", "ExecReload=/bin/kill -HUP $MAINPID",
            "Restart=on-failure", "WatchdogSec=30", "LimitNOFILE=65536",
            "Documentation=file://%h/.local/share/doc/snapstyled/README.md",
        ] {
            #expect(service.contains(line + "\n"), "snapstyled.service lacks \(line)")
        }
        #expect(!service.contains("@DOCDIR@") && !socket.contains("@DOCDIR@"), "a placeholder is left in the units")
        for line in ["ListenStream=%t/snapstyle/snapstyled.sock", "SocketMode=0600", "DirectoryMode=0700"] {
            #expect(socket.contains(line + "\n"), "snapstyled.socket lacks \(line)")
        }
    }

    @Test func socketActivationServesThePassedSocketAndNeverUnlinksIt() throws {
        let daemon = try DaemonProcess(start: false)
        let path = daemon.directory + "/activated.sock"
        let activate = Process()
        activate.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-socket-activate")
        activate.arguments = ["-l", path, DaemonProcess.binary, "--no-watch"]
        activate.environment = daemon.environment
        let out = Pipe()
        activate.standardOutput = out
        activate.standardError = Pipe()
        try activate.run()
        defer {
            kill(activate.processIdentifier, SIGKILL)
            activate.waitUntilExit()
        }
        // systemd-socket-activate listens first and starts the daemon on the first connection.
        var client: LineSocket?
        eventually("systemd-socket-activate to listen on \(path)") {
            client = try? LineSocket(path)
            return client != nil
        }
        let socket = try #require(client)
        socket.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"status\"}\n")
        let status = try Jansson.parse(try #require(socket.readLine(timeout: 10)))
        #expect(status["result"]?["socket"]?.stringValue == path)
        #expect(readLine(out.fileHandleForReading).contains("socket activation"))
        kill(activate.processIdentifier, SIGTERM)
        activate.waitUntilExit()
        var info = stat()
        #expect(lstat(path, &info) == 0)
    }

    static let canActAsAnotherUser = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    /// `SNAPSTYLE_REQUIRE_ROOT=1` (set by `make test`): without root and setpriv the tests that act as another user
    /// fail instead of skipping.
    static var rootRequired: Bool { ProcessInfo.processInfo.environment["SNAPSTYLE_REQUIRE_ROOT"] == "1" }

    /// A connection from another user (not root) is closed without a reply (SO_PEERCRED). The test opens the
    /// socket's directories to that user so that only the daemon's own check stands in the way.
    @Test(
        .enabled(if: Self.canActAsAnotherUser || Self.rootRequired, "needs root and setpriv to connect as another user")
    )
    func anotherUsersConnectionIsClosedWithoutAReply() throws {
        try #require(Self.canActAsAnotherUser, "SNAPSTYLE_REQUIRE_ROOT=1, but this is not root or setpriv is missing")
        let daemon = try DaemonProcess()
        let runtime = (daemon.socket as NSString).deletingLastPathComponent
        for directory in [daemon.directory, daemon.directory + "/run", runtime] { chmod(directory, 0o755) }
        chmod(daemon.socket, 0o666)
        let script = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX)
            s.connect(sys.argv[1])
            s.settimeout(5)
            data = b''
            # The daemon may close before the request is written or read: a reset is a close too.
            try:
                s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"ping"}\\n')
                while True:
                    chunk = s.recv(4096)
                    if not chunk: break
                    data += chunk
            except (ConnectionResetError, BrokenPipeError):
                pass
            print('closed', len(data))
            """
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        other.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script, daemon.socket,
        ]
        let output = Pipe()
        other.standardOutput = output
        other.standardError = output
        try other.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        other.waitUntilExit()
        #expect(printed.trimmingCharacters(in: .whitespacesAndNewlines) == "closed 0", "\(printed)")
        eventually("the daemon to log the refused connection") { daemon.log.contains("connection from uid 65534") }
        // The daemon's own user is still answered.
        let own = try LineSocket(daemon.socket)
        own.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n")
        #expect(own.readLine()?.contains("pong") == true)
    }

    /// systemd may send SIGHUP as soon as READY=1 arrives: the trap is in place before the socket serves
    /// (SIGHUP's default action would end the process).
    @Test func aSIGHUPRightAfterStartUpReloads() throws {
        let daemon = try DaemonProcess()
        daemon.signal(SIGHUP)
        let client = try LineSocket(daemon.socket)
        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n")
        #expect(client.readLine()?.contains("pong") == true)
        eventually("the daemon to log the reload") { daemon.log.contains("SIGHUP: reloading") }
        #expect(daemon.process.isRunning)
        #expect(daemon.stop() == 0)
    }

    @Test func sdNotifyReadyReloadingStopping() throws {
        let daemon = try DaemonProcess(start: false)
        let path = daemon.directory + "/notify.sock"
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(fd) }
        _ = withUnixAddress(path) { bind(fd, $0, $1) }
        daemon.process.environment?["NOTIFY_SOCKET"] = path
        daemon.process.environment?["WATCHDOG_USEC"] = "400000"
        try daemon.start()
        func receive() -> String? {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 5000) > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
        }
        // Datagrams in the order sent; the watchdog pings every 200 ms (half of WATCHDOG_USEC) meanwhile.
        func receiveSkippingWatchdog() -> String? {
            while let message = receive() {
                if message != "WATCHDOG=1" { return message }
            }
            return nil
        }
        var sawWatchdog = false
        var ready: String?
        for _ in 0..<10 {
            guard let message = receive() else { break }
            if message == "WATCHDOG=1" { sawWatchdog = true } else if ready == nil { ready = message }
            if sawWatchdog, ready != nil { break }
        }
        #expect(ready?.hasPrefix("READY=1\nSTATUS=serving") == true)
        #expect(sawWatchdog)
        daemon.signal(SIGHUP)
        let reloading = try #require(receiveSkippingWatchdog())
        #expect(reloading.hasPrefix("RELOADING=1\nMONOTONIC_USEC="))
        #expect(receiveSkippingWatchdog()?.hasPrefix("READY=1") == true)
        #expect(daemon.stop() == 0)
        #expect(receiveSkippingWatchdog() == "STOPPING=1")
    }
}

/// What the CLI says when it cannot talk to a daemon: what happened and what to do, per cause (exit status 3).
@Suite(.serialized) struct CLIConnectionErrorTests {
    @Test func noSocketSaysHowToStartOne() throws {
        let r = try CLIRun(["resolve", "font", "title", "--socket", "/tmp/snapstyle-no-such-dir/x.sock"])
        #expect(r.status == 3)
        #expect(r.stderr.contains("no daemon is running: there is no socket at /tmp/snapstyle-no-such-dir/x.sock"))
        #expect(r.stderr.contains("systemctl --user start snapstyled.socket") && r.stderr.contains("--offline"))
        let status = try CLIRun(["status", "--socket", "/tmp/snapstyle-no-such-dir/x.sock"])
        #expect(status.status == 3)
        #expect(!status.stderr.contains("--offline"))
        for run in [r, status] {
            #expect(!run.stderr.contains("NIO") && !run.stderr.contains("IOError"))
            #expect(run.stderr.filter { $0 == "(" }.count == run.stderr.filter { $0 == ")" }.count)
        }
    }

    @Test func aStaleSocketSaysNothingListens() throws {
        let directory = TemporaryDirectory(prefix: "snapstyle-stale")
        let path = directory.full("snapstyled.sock")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        _ = withUnixAddress(path) { bind(fd, $0, $1) }
        close(fd)
        let r = try CLIRun(["resolve", "font", "title", "--socket", path])
        #expect(r.status == 3)
        #expect(r.stderr.contains("nothing listens on \(path): the socket file was left by a daemon that stopped"))
    }

    @Test(
        .enabled(
            if: DaemonLifecycleTests.canActAsAnotherUser || DaemonLifecycleTests.rootRequired,
            "needs root and setpriv to act as another user"))
    func anotherUsersDaemonIsPermissionDeniedOrRefused() throws {
        try #require(
            DaemonLifecycleTests.canActAsAnotherUser,
            "SNAPSTYLE_REQUIRE_ROOT=1, but this is not root or setpriv is missing")
        let daemon = try DaemonProcess()
        let runtime = (daemon.socket as NSString).deletingLastPathComponent
        for directory in [daemon.directory, daemon.directory + "/run", runtime] { chmod(directory, 0o755) }
        let denied = try CLIRun(["status", "--socket", daemon.socket], asUser: 65534)
        #expect(denied.status == 3)
        #expect(denied.stderr.contains("permission denied on \(daemon.socket)"), "\(denied.stderr)")
        chmod(daemon.socket, 0o666)
        let refused = try CLIRun(["status", "--socket", daemon.socket], asUser: 65534)
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("closed the connection without answering"), "\(refused.stderr)")
    }
}
