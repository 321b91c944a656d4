import Foundation

/// Any program run to its end, its standard output and error read as one.
public enum Program {
    /// Runs `program` (an absolute path) with `arguments`: its exit status and everything it wrote.
    public static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

extension Process {
    /// Sends `signal` to the process while it runs and waits for it to end (nothing when it never started or has
    /// ended).
    public func end(with signal: Int32) {
        if isRunning {
            kill(processIdentifier, signal)
            waitUntilExit()
        }
    }
}
