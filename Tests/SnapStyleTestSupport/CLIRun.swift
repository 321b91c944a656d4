import Foundation

/// The CLI run to its end: its exit status and what it wrote (standard output goes through a file, so that a
/// long output cannot fill a pipe while standard error is read).
public struct CLIRun {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// `snapstyle ARGUMENTS` with no configuration file, as `uid` when given (through setpriv).
    public init(_ arguments: [String], asUser uid: Int? = nil) throws {
        let process = Process()
        if let uid {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", DaemonProcess.cli] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: DaemonProcess.cli)
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = "/nonexistent"
        process.environment = environment
        let temporary = TemporaryDirectory(prefix: "snapstyle-cli")
        let output = temporary.full("stdout")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle(forWritingAtPath: output)
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        stderr = String(decoding: data, as: UTF8.self)
        stdout = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }
}
